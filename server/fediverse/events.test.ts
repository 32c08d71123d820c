// What followers are told, on @fedify/testing's mock federation over a real
// database: publishing (by hand or on schedule) sends a Create of a Note
// that shows the post, an edit an Update, the trash a Delete of a
// Tombstone, a restore the Create again, and a profile change an Update of
// the actor; nothing while the social web is off, nor for an import.
import { createFederation } from "@fedify/testing";
import type { Context } from "@fedify/fedify";
import { Create, Delete, Note, Person, Tombstone, Update } from "@fedify/vocab";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, test } from "vitest";

import { defaultSettings } from "~/config/default-settings";
import { readSettings, writeStoredSettings } from "~/data/site-settings.server";
import type { Database } from "~database/client";
import { emptyPostFields } from "~database/post-lifecycle/fields";
import { createDraft } from "~database/post-lifecycle/edit";
import {
  publishDuePosts,
  publishPost,
  schedulePost,
} from "~database/post-lifecycle/publish";
import { restorePost, trashPost } from "~database/post-lifecycle/trash";
import { fediverseEvents, media, studioPosts } from "~database/schema";
import { createLogger } from "~shared/logger";
import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";
import type { TestDatabase } from "~tests/support/database";
import { publishedPost } from "~tests/support/posts";

import { sendDueEvents } from "./events";
import { ACTOR_ID, configureFederation, siteActor } from "./federation";

const SITE_URL = "https://site.example";
const owner = { actor: "Jordan Avery" };

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.dispose();
  database = undefined;
});

async function setUp(kind: (typeof testDatabaseKinds)[number]) {
  database = await createTestDatabase(kind);
  const { db } = database;
  await writeStoredSettings(db, { socialWeb: "on" });
  const settings = () => readSettings(db);
  const federation = createFederation<null>({
    origin: SITE_URL,
    contextData: null,
  });
  const deps = {
    db,
    siteUrl: SITE_URL,
    settings,
    logger: createLogger("silent"),
    privatePeers: [],
  };
  configureFederation(federation, deps);
  const ctx = federation.createContext(new URL(SITE_URL), null);
  const orderingKeys: string[] = [];
  const send = async () =>
    sendDueEvents({
      ...deps,
      send: async (activity, orderingKey) => {
        orderingKeys.push(orderingKey);
        await ctx.sendActivity({ identifier: ACTOR_ID }, "followers", activity);
      },
      actor: async () =>
        siteActor(
          // The mock context carries what siteActor reads of a Context.
          ctx as unknown as Context<null>,
          SITE_URL,
          await settings(),
        ),
    });
  const sent = () => federation.sentActivities.map((item) => item.activity);
  return { db, send, sent, orderingKeys };
}

async function version(db: Database, id: string) {
  const [row] = await db
    .select({ version: studioPosts.version })
    .from(studioPosts)
    .where(eq(studioPosts.postId, id));
  return row?.version ?? 0;
}

describe.each(testDatabaseKinds)("on %s", (kind) => {
  test("a published post goes out once as a Create of a Note with its title, excerpt, link, hashtag and hero image with its alt text", async () => {
    const { db, send, sent, orderingKeys } = await setUp(kind);
    await db.insert(media).values({
      hash: "0123456789abcdef0123",
      filename: "ridge.jpg",
      width: 1600,
      height: 900,
      originalBytes: 1000,
      alt: "A ridge at dusk",
      source: "/images/ridge.jpg",
    });
    const id = await publishedPost(db, {
      slug: "on-the-ridge",
      title: "On the <ridge>",
      excerpt: "Wind, and a long way down.",
      category: "Trail Running",
      image: "/images/ridge.jpg",
    });
    expect(await send()).toBe(1);
    expect(await send()).toBe(0);
    const [create] = sent();
    expect(create).toBeInstanceOf(Create);
    expect(create?.id?.href).toMatch(
      new RegExp(`^${SITE_URL}/fediverse/posts/${id}#create-\\d+$`),
    );
    const note = await (create as Create).getObject();
    expect(note).toBeInstanceOf(Note);
    expect(note?.id?.href).toBe(`${SITE_URL}/fediverse/posts/${id}`);
    const content = note?.content?.toString() ?? "";
    expect(content).toContain("<strong>On the &lt;ridge&gt;</strong>");
    expect(content).toContain("Wind, and a long way down.");
    expect(content).toContain(`${SITE_URL}/post/on-the-ridge`);
    expect(content).toContain("#TrailRunning");
    expect(note?.url?.toString()).toBe(`${SITE_URL}/post/on-the-ridge`);
    const attachments = [];
    for await (const item of (note as Note).getAttachments())
      attachments.push(item);
    expect(attachments).toHaveLength(1);
    expect(attachments[0]?.name?.toString()).toBe("A ridge at dusk");
    expect(orderingKeys).toEqual([id]);
  });

  test("an edit of a published post is an Update, its trash a Delete of a Tombstone, and its restore a Create again", async () => {
    const { db, send, sent } = await setUp(kind);
    const id = await publishedPost(db, { slug: "notes", title: "Notes" });
    await send();
    const edited = await publishPost(
      db,
      {
        id,
        baseVersion: await version(db, id),
        fields: {
          ...emptyPostFields(),
          slug: "notes",
          title: "Notes, revised",
          excerpt: "",
          content: "<p>More words.</p>",
          image: null,
          date: "2026-12-01",
          category: "Notes",
          author: "Jordan Avery",
          meta: null,
        },
      },
      owner,
    );
    expect(edited.status).toBe("done");
    await send();
    expect((await trashPost(db, { id }, owner)).status).toBe("done");
    await send();
    expect((await restorePost(db, { id }, owner)).status).toBe("done");
    await send();
    const [create, update, deleted, again] = sent();
    expect(create).toBeInstanceOf(Create);
    expect(update).toBeInstanceOf(Update);
    const revised = await (update as Update).getObject();
    expect(revised?.content?.toString()).toContain("Notes, revised");
    expect(deleted).toBeInstanceOf(Delete);
    const tombstone = await (deleted as Delete).getObject();
    expect(tombstone).toBeInstanceOf(Tombstone);
    expect(tombstone?.id?.href).toBe(`${SITE_URL}/fediverse/posts/${id}`);
    expect(again).toBeInstanceOf(Create);
    // A new activity (receivers fold a repeat of an id they have seen, so
    // the old id would be dropped as one) of the same Note (decision 061).
    expect(again?.id?.href).not.toBe(create?.id?.href);
    expect((again as Create).objectId?.href).toBe(
      `${SITE_URL}/fediverse/posts/${id}`,
    );
    expect((create as Create).objectId?.href).toBe(
      `${SITE_URL}/fediverse/posts/${id}`,
    );
  });

  test("a post published on schedule goes out as it is published", async () => {
    const { db, send, sent } = await setUp(kind);
    const draft = await createDraft(
      db,
      {
        ...emptyPostFields(),
        slug: "later",
        title: "Later",
        excerpt: "",
        content: "<p>Due.</p>",
        image: null,
        date: "2026-12-01",
        category: "Notes",
        author: "Jordan Avery",
        meta: null,
      },
      owner,
    );
    if (draft.status !== "done") throw new Error("no draft");
    const at = new Date(Date.now() + 60_000);
    await schedulePost(db, { id: draft.post.id, baseVersion: 1, at }, owner);
    expect(await send()).toBe(0);
    await publishDuePosts(db, new Date(at.getTime() + 1));
    expect(await send()).toBe(1);
    expect(sent()[0]).toBeInstanceOf(Create);
  });

  test("a profile change is an Update of the actor; nothing is recorded while the social web is off", async () => {
    const { db, send, sent } = await setUp(kind);
    await writeStoredSettings(db, { socialWeb: "on", ownerName: "Sam Lee" });
    await send();
    const [update] = sent();
    expect(update).toBeInstanceOf(Update);
    const actor = await (update as Update).getObject();
    expect(actor).toBeInstanceOf(Person);
    expect(actor?.name?.toString()).toBe("Sam Lee");

    await writeStoredSettings(db, { socialWeb: "off" });
    await publishedPost(db, { slug: "quiet", title: "Quiet" });
    expect(await db.select().from(fediverseEvents)).toHaveLength(1);
    expect(await send()).toBe(0);
    expect(defaultSettings.socialWeb).toBe("off");
  });
});
