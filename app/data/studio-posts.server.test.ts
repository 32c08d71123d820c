import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { emptyPostFields } from "~database/post-lifecycle/fields";
import { openDatabase } from "~database/client";
import {
  createDraft,
  restoreRevision,
  savePost,
} from "~database/post-lifecycle/edit";
import type {
  ChangeResult,
  PostFields,
  StudioPost,
} from "~database/post-lifecycle/model";
import {
  publishDuePosts,
  publishPost,
  schedulePost,
  unpublishPost,
} from "~database/post-lifecycle/publish";
import { restorePost, trashPost } from "~database/post-lifecycle/trash";
import { posts, studioActivity, studioPostRevisions } from "~database/schema";
import { purgeTrash } from "~database/trash-purge";
import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";
import type { TestDatabase } from "~tests/support/database";

import { handleSave } from "~/studio/save-post.server";

import { readPostBySlug } from "./posts.server";
import {
  findMovedPostSlug,
  listRevisions,
  listStudioPosts,
  readStudioPost,
} from "./studio-posts.server";
import { TRASH_MS } from "~shared/retention";

const owner = { actor: "Jordan Avery" };

function fields(overrides: Partial<PostFields> = {}): PostFields {
  return {
    ...emptyPostFields(),
    slug: "first-light",
    title: "First light",
    excerpt: "Up before the sun.",
    content: "<p>The trail at dawn.</p>",
    image: null,
    date: "2026-11-01",
    category: "Hiking & Nature",
    author: "Jordan Avery",
    meta: { location: "Ridge", difficulty: "Easy" },
    ...overrides,
  };
}

function done(result: ChangeResult): StudioPost {
  if (result.status !== "done") {
    throw new Error(`expected done, got ${JSON.stringify(result)}`);
  }
  return result.post;
}

describe.each(testDatabaseKinds)("the studio's posts on %s", (kind) => {
  // One database for the file (a new PGlite takes seconds); each test uses its own slugs.
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.dispose();
  });

  test("a publish or schedule resent after its first attempt committed is done, not a conflict", async () => {
    const { db } = database;
    const studio = {
      db,
      owner: {
        id: "owner",
        email: "o@example.org",
        name: "Jordan",
        role: "owner",
      },
    };
    const draft = done(
      await createDraft(db, fields({ slug: "resent-publish" }), owner),
    );
    const send = async (body: Record<string, unknown>) => {
      const response = await handleSave(studio, draft.id, body);
      return {
        status: response.status,
        body: (await response.json()) as { status: string; post: StudioPost },
      };
    };
    // As the editor sends it: every detail of the category, no image as "".
    const meta = {
      location: "Ridge",
      difficulty: "Easy",
      distance: "5 km",
      elevationGain: "300 m",
    };
    const edited = {
      ...fields({ slug: "resent-publish", title: "First light, edited", meta }),
      image: "",
    };
    const publish = {
      intent: "publish",
      baseVersion: draft.version,
      post: edited,
    };
    const first = await send(publish);
    expect(first.status).toBe(200);
    expect(first.body.post.state).toBe("published");
    // The answer was lost; the editor sends the same request again.
    const again = await send(publish);
    expect(again).toEqual({ status: 200, body: first.body });
    const live = await readPostBySlug(db, "resent-publish");
    expect(live?.title).toBe("First light, edited");
    const publishes = (await listRevisions(db, draft.id)).filter(
      (revision) => revision.kind === "publish",
    );
    expect(publishes).toHaveLength(1);

    // The text and the publish commit together: a publish refused (another
    // post's address) leaves the text unsaved, not half done.
    done(await createDraft(db, fields({ slug: "taken-address" }), owner));
    const refused = await send({
      intent: "publish",
      baseVersion: first.body.post.version,
      post: { ...edited, slug: "taken-address", title: "Never saved" },
    });
    expect(refused.status).toBe(400);
    expect((await readStudioPost(db, draft.id))?.title).toBe(
      "First light, edited",
    );

    // A schedule resent the same way.
    const later = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
    const other = done(
      await createDraft(db, fields({ slug: "resent-schedule" }), owner),
    );
    const schedule = {
      intent: "schedule",
      baseVersion: other.version,
      scheduledAt: later,
      post: {
        ...fields({ slug: "resent-schedule", title: "Later", meta }),
        image: "",
      },
    };
    const scheduled = await handleSave(studio, other.id, schedule);
    expect(scheduled.status).toBe(200);
    const rescheduled = await handleSave(studio, other.id, schedule);
    expect(rescheduled.status).toBe(200);
    expect((await readStudioPost(db, other.id))?.state).toBe("scheduled");
  });

  test("a draft is private until published; later edits wait for Update", async () => {
    {
      const { db } = database;
      const draft = done(
        await createDraft(db, fields({ slug: "post-1" }), owner),
      );
      expect(draft).toMatchObject({ state: "draft", version: 1, live: false });
      expect(await readPostBySlug(db, "post-1")).toBeNull();

      const published = done(
        await publishPost(db, { id: draft.id, baseVersion: 1 }, owner),
      );
      expect(published).toMatchObject({ state: "published", live: true });
      expect((await readPostBySlug(db, "post-1"))?.id).toBe(draft.id);

      const edited = done(
        await savePost(
          db,
          {
            id: draft.id,
            baseVersion: 1,
            fields: fields({ slug: "post-1", title: "First light, revised" }),
            kind: "save",
          },
          owner,
        ),
      );
      expect(edited.unpublishedChanges).toBe(true);
      expect((await readPostBySlug(db, "post-1"))?.title).toBe("First light");

      done(await publishPost(db, { id: draft.id, baseVersion: 2 }, owner));
      expect((await readPostBySlug(db, "post-1"))?.title).toBe(
        "First light, revised",
      );
      const kinds = (await listRevisions(db, draft.id)).map((r) => r.kind);
      expect(kinds).toEqual(["publish", "save", "publish", "create"]);
    }
  });

  test("a save based on an outdated version is refused and overwrites nothing", async () => {
    {
      const { db } = database;
      const draft = done(
        await createDraft(db, fields({ slug: "post-2" }), owner),
      );
      const save = (title: string) =>
        savePost(
          db,
          {
            id: draft.id,
            baseVersion: 1,
            fields: fields({ slug: "post-2", title }),
            kind: "save",
          },
          owner,
        );
      done(await save("Tab one"));
      const second = await save("Tab two");
      expect(second.status).toBe("conflict");
      expect(second.status === "conflict" && second.current.title).toBe(
        "Tab one",
      );
      expect((await readStudioPost(db, draft.id))?.title).toBe("Tab one");
    }
  });

  test("an unpublish based on an older version is a conflict; on the current one it takes the post down and says so; a draft's changes nothing", async () => {
    const { db } = database;
    const draft = done(
      await createDraft(db, fields({ slug: "taken-down" }), owner),
    );
    done(await publishPost(db, { id: draft.id, baseVersion: 1 }, owner));
    const edited = done(
      await savePost(
        db,
        {
          id: draft.id,
          baseVersion: 1,
          fields: fields({ slug: "taken-down", title: "Edited" }),
          kind: "save",
        },
        owner,
      ),
    );
    const stale = await unpublishPost(
      db,
      { id: draft.id, baseVersion: 1 },
      owner,
    );
    expect(stale.status).toBe("conflict");
    expect(await readPostBySlug(db, "taken-down")).not.toBeNull();

    const down = done(
      await unpublishPost(
        db,
        { id: draft.id, baseVersion: edited.version },
        owner,
      ),
    );
    expect(down).toMatchObject({ state: "draft", live: false });
    expect(await readPostBySlug(db, "taken-down")).toBeNull();
    const unpublished = () =>
      db
        .select({ summary: studioActivity.summary })
        .from(studioActivity)
        .where(eq(studioActivity.action, "unpublish"));
    expect(await unpublished()).toEqual([{ summary: "Edited" }]);

    // Not public: nothing to take down, nothing said.
    const again = done(
      await unpublishPost(
        db,
        { id: draft.id, baseVersion: down.version },
        owner,
      ),
    );
    expect(again).toMatchObject({ state: "draft", version: down.version });
    expect(await unpublished()).toHaveLength(1);

    // A public post the studio never opened is at version 0.
    await db.insert(posts).values({
      ...fields({ slug: "never-opened" }),
      meta: null,
    });
    const sqlPost = await readPostBySlug(db, "never-opened");
    if (!sqlPost) throw new Error("no post");
    expect(
      (await unpublishPost(db, { id: sqlPost.id, baseVersion: 1 }, owner))
        .status,
    ).toBe("conflict");
    expect(
      (
        await unpublishPost(
          db,
          { id: "00000000-0000-4000-8000-000000000000", baseVersion: 1 },
          owner,
        )
      ).status,
    ).toBe("missing");
  });

  test("a long address that is taken gets the next free one, still at most 80 characters and without a dash before its number", async () => {
    const { db } = database;
    const long = `${"a".repeat(77)}-bc`;
    await db.insert(posts).values({ ...fields({ slug: long }), meta: null });
    const next = done(await createDraft(db, fields({ slug: long }), owner));
    expect(next.slug).toBe(`${"a".repeat(77)}-2`);
  });

  test("autosaves while the owner types keep one revision for ten minutes; a save keeps its own", async () => {
    const { db } = database;
    const minute = 60_000;
    const start = new Date("2026-11-02T09:00:00Z").getTime();
    const at = (minutes: number) => ({
      ...owner,
      now: new Date(start + minutes * minute),
    });
    const draft = done(
      await createDraft(db, fields({ slug: "typing-along" }), at(0)),
    );
    let version = draft.version;
    const change = async (
      title: string,
      kind: "autosave" | "save",
      minutes: number,
    ) => {
      version = done(
        await savePost(
          db,
          {
            id: draft.id,
            baseVersion: version,
            fields: fields({ slug: "typing-along", title }),
            kind,
          },
          at(minutes),
        ),
      ).version;
    };
    await change("Typing", "autosave", 1);
    await change("Typing on", "autosave", 6);
    // Ten minutes after the last autosave: a revision of its own.
    await change("Typing on and on", "autosave", 16);
    await change("Done typing", "save", 17);
    expect(
      (await listRevisions(db, draft.id)).map((revision) => [
        revision.kind,
        revision.fields.title,
      ]),
    ).toEqual([
      ["save", "Done typing"],
      ["autosave", "Typing on and on"],
      ["autosave", "Typing on"],
      ["create", "First light"],
    ]);
  });

  test("a draft whose address is taken gets the next free one; a public post's is refused", async () => {
    {
      const { db } = database;
      await db
        .insert(posts)
        .values({ ...fields({ slug: "post-3-taken" }), meta: null });
      const first = done(
        await createDraft(db, fields({ slug: "post-3-taken" }), owner),
      );
      expect(first.slug).toBe("post-3-taken-2");
      const draft = done(
        await createDraft(db, fields({ slug: "post-3" }), owner),
      );
      const renamed = done(
        await savePost(
          db,
          {
            id: draft.id,
            baseVersion: 1,
            fields: fields({ slug: "post-3-taken" }),
            kind: "save",
          },
          owner,
        ),
      );
      expect(renamed.slug).toBe("post-3-taken-3");
      // Saved again with the address it asked for, it keeps the one it has.
      const again = done(
        await savePost(
          db,
          {
            id: draft.id,
            baseVersion: renamed.version,
            fields: fields({ slug: "post-3-taken" }),
            kind: "save",
          },
          owner,
        ),
      );
      expect(again.slug).toBe("post-3-taken-3");
      const published = done(
        await publishPost(
          db,
          { id: again.id, baseVersion: again.version },
          owner,
        ),
      );
      const moved = await savePost(
        db,
        {
          id: published.id,
          baseVersion: published.version,
          fields: fields({ slug: "post-3-taken" }),
          kind: "save",
        },
        owner,
      );
      expect(moved.status).toBe("slug-taken");
    }
  });

  test("a changed slug keeps the old address alive", async () => {
    {
      const { db } = database;
      const draft = done(
        await createDraft(db, fields({ slug: "post-4" }), owner),
      );
      done(await publishPost(db, { id: draft.id, baseVersion: 1 }, owner));
      done(
        await savePost(
          db,
          {
            id: draft.id,
            baseVersion: 1,
            fields: fields({ slug: "post-4-moved" }),
            kind: "save",
          },
          owner,
        ),
      );
      expect(await findMovedPostSlug(db, "post-4")).toBeNull();
      done(await publishPost(db, { id: draft.id, baseVersion: 2 }, owner));
      expect(await findMovedPostSlug(db, "post-4")).toBe("post-4-moved");
    }
  });

  test("trash takes a public post down and restore puts it back exactly; the trash period later it is purged", async () => {
    {
      const { db } = database;
      // A post inserted by SQL, never opened in the studio.
      const [row] = await db
        .insert(posts)
        .values({ ...fields({ slug: "post-5-by-hand" }), meta: null })
        .returning();
      if (!row) throw new Error("no row");
      const trashedAt = new Date("2026-11-01T10:00:00Z");
      done(await trashPost(db, { id: row.id }, { ...owner, now: trashedAt }));
      expect(await readPostBySlug(db, "post-5-by-hand")).toBeNull();
      expect(
        (await listStudioPosts(db, { state: "trash" })).map((p) => p.id),
      ).toContain(row.id);

      done(await restorePost(db, { id: row.id }, owner));
      const [back] = await db.select().from(posts).where(eq(posts.id, row.id));
      expect(back).toEqual(row);

      done(await trashPost(db, { id: row.id }, { ...owner, now: trashedAt }));
      const day = 24 * 60 * 60 * 1000;
      expect(
        await purgeTrash(db, new Date(trashedAt.getTime() + TRASH_MS - day)),
      ).toHaveLength(0);
      expect(
        await purgeTrash(db, new Date(trashedAt.getTime() + TRASH_MS + day)),
      ).toHaveLength(1);
      expect(await readStudioPost(db, row.id)).toBeNull();
    }
  });

  test("unpublish returns a post to draft; restoring a revision is a new revision", async () => {
    {
      const { db } = database;
      const draft = done(
        await createDraft(db, fields({ slug: "post-6" }), owner),
      );
      done(await publishPost(db, { id: draft.id, baseVersion: 1 }, owner));
      const back = done(await unpublishPost(db, { id: draft.id }, owner));
      expect(back.state).toBe("draft");
      expect(await readPostBySlug(db, "post-6")).toBeNull();

      done(
        await savePost(
          db,
          {
            id: draft.id,
            baseVersion: 1,
            fields: fields({ slug: "post-6", title: "Changed" }),
            kind: "save",
          },
          owner,
        ),
      );
      const created = (await listRevisions(db, draft.id)).find(
        (revision) => revision.kind === "create",
      );
      if (!created) throw new Error("no create revision");
      const restored = done(
        await restoreRevision(
          db,
          { id: draft.id, revisionId: created.id, baseVersion: 2 },
          owner,
        ),
      );
      expect(restored).toMatchObject({ title: "First light", version: 3 });
    }
  });

  test("search fields are saved, published and kept in revisions; a revision from before them clears them", async () => {
    const { db } = database;
    const search = {
      searchTitle: "Sunrise hikes: why start at five",
      searchDescription: "The trail at dawn, and what it teaches.",
      socialImage: "/media/0123456789abcdef0123-1200x630.jpg",
      canonicalUrl: "https://elsewhere.example.com/first-light",
    };
    const draft = done(
      await createDraft(db, fields({ slug: "post-seo" }), owner),
    );
    const saved = done(
      await savePost(
        db,
        {
          id: draft.id,
          baseVersion: 1,
          fields: fields({ slug: "post-seo", ...search }),
          kind: "save",
        },
        owner,
      ),
    );
    expect(saved).toMatchObject(search);
    // Not public before it is published.
    expect(await readPostBySlug(db, "post-seo")).toBeNull();
    done(await publishPost(db, { id: draft.id, baseVersion: 2 }, owner));
    expect((await readPostBySlug(db, "post-seo"))?.search).toEqual(search);
    expect(await readStudioPost(db, draft.id)).toMatchObject(search);
    const revisions = await listRevisions(db, draft.id);
    const kept = (kind: string) =>
      revisions.find((revision) => revision.kind === kind);
    expect(kept("publish")?.fields).toMatchObject(search);
    expect(kept("save")?.fields).toMatchObject(search);
    const created = kept("create");
    if (!created) throw new Error("no create revision");
    expect(created.fields).toMatchObject({ searchTitle: null });

    // A snapshot kept before the fields existed has none of their keys.
    const before = Object.fromEntries(
      Object.entries(created.fields).filter(([key]) => !(key in search)),
    );
    await db
      .update(studioPostRevisions)
      .set({ snapshot: before })
      .where(eq(studioPostRevisions.id, created.id));
    const restored = done(
      await restoreRevision(
        db,
        { id: draft.id, revisionId: created.id, baseVersion: 2 },
        owner,
      ),
    );
    expect(restored).toMatchObject({
      searchTitle: null,
      searchDescription: null,
      socialImage: null,
      canonicalUrl: null,
      unpublishedChanges: true,
    });
    // Visitors keep the published fields until the next Update.
    expect((await readPostBySlug(db, "post-seo"))?.search).toEqual(search);
  });

  test("a scheduled post is published when its time comes, not before", async () => {
    {
      const { db } = database;
      const now = new Date("2026-11-22T12:00:00Z");
      const draft = done(
        await createDraft(db, fields({ slug: "post-7" }), owner),
      );
      const at = new Date(now.getTime() + 60_000);
      const scheduled = done(
        await schedulePost(
          db,
          { id: draft.id, baseVersion: 1, at },
          { ...owner, now },
        ),
      );
      expect(scheduled.state).toBe("scheduled");
      expect(
        await schedulePost(
          db,
          { id: draft.id, baseVersion: 1, at: now },
          { ...owner, now },
        ),
      ).toMatchObject({ status: "refused" });

      expect(
        await publishDuePosts(db, new Date(now.getTime() + 59_000)),
      ).toEqual([]);
      expect(
        await publishDuePosts(db, new Date(now.getTime() + 61_000)),
      ).toEqual([draft.id]);
      expect((await readPostBySlug(db, "post-7"))?.id).toBe(draft.id);
      expect(
        await publishDuePosts(db, new Date(now.getTime() + 120_000)),
      ).toEqual([]);
    }
  });
});

describe.runIf(testDatabaseKinds.includes("postgres"))(
  "scheduling with several instances",
  () => {
    test("two instances claiming at the same moment publish a post exactly once", async () => {
      const database = await createTestDatabase("postgres");
      const second = await openDatabase({
        databaseUrl: database.url,
        dataDir: "",
      });
      try {
        const now = new Date("2026-11-22T12:00:00Z");
        const drafts = [];
        for (const slug of ["one", "two", "three", "four", "five"]) {
          const draft = done(
            await createDraft(
              database.db,
              fields({ slug, title: slug }),
              owner,
            ),
          );
          done(
            await schedulePost(
              database.db,
              {
                id: draft.id,
                baseVersion: 1,
                at: new Date(now.getTime() + 60_000),
              },
              { ...owner, now },
            ),
          );
          drafts.push(draft.id);
        }
        const later = new Date(now.getTime() + 61_000);
        const claims = await Promise.all([
          publishDuePosts(database.db, later),
          publishDuePosts(second.db, later),
          publishDuePosts(database.db, later),
          publishDuePosts(second.db, later),
        ]);
        expect(claims.flat().sort()).toEqual([...drafts].sort());
        const publications = await database.db
          .select()
          .from(studioActivity)
          .where(eq(studioActivity.action, "publish"));
        expect(publications).toHaveLength(drafts.length);
      } finally {
        await second.close();
        await database.dispose();
      }
    });
  },
);
