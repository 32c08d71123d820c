// "Also send to N subscribers" at publish time (docs/decisions/060): the send
// is queued after the publish, once ever, and only while the newsletter is on.
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { seedNewsletterSubscribers } from "~database/newsletter-fixture";
import { emptyPostFields } from "~database/post-lifecycle/fields";
import { createDraft } from "~database/post-lifecycle/edit";
import { newsletterSends, newsletterSettings } from "~database/schema";
import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";
import type { TestDatabase } from "~tests/support/database";

import { handleSave } from "./save-post.server";

const owner = {
  id: "o",
  email: "o@example.org",
  name: "Jordan",
  role: "owner",
} as const;

const fields = (slug: string) => ({
  title: `Letter ${slug}`,
  slug,
  excerpt: "A letter to the list.",
  category: "Notes",
  author: "Jordan",
  date: "2026-11-27",
  image: "",
  content: "<p>Dear reader.</p>",
  meta: null,
});

describe.each(testDatabaseKinds)(
  "publishing with the newsletter on %s",
  (kind) => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(kind);
      await seedNewsletterSubscribers(database.db, 3);
    });
    afterAll(async () => {
      await database.dispose();
    });

    async function draft(slug: string) {
      const created = await createDraft(
        database.db,
        { ...emptyPostFields(), ...fields(slug), image: null },
        { actor: "Jordan" },
      );
      if (created.status !== "done") throw new Error("no draft");
      return created.post;
    }

    async function publish(
      post: { id: string; slug: string },
      version: number,
      alsoSend?: boolean,
    ) {
      const response = await handleSave({ db: database.db, owner }, post.id, {
        intent: "publish",
        baseVersion: version,
        post: fields(post.slug),
        ...(alsoSend === undefined ? {} : { alsoSend }),
      });
      const body = (await response.json()) as {
        status: string;
        post: { version: number };
      };
      expect(body).toMatchObject({ status: "saved" });
      return body.post.version;
    }

    const sends = () =>
      database.db
        .select({
          postId: newsletterSends.postId,
          recipients: newsletterSends.recipients,
        })
        .from(newsletterSends);

    test("off: a publish asking to send queues nothing", async () => {
      const post = await draft("off-letter");
      await publish(post, post.version, true);
      expect(await sends()).toEqual([]);
    });

    test("on: the publish queues the post for every confirmed subscriber, once however often it is asked", async () => {
      await database.db
        .insert(newsletterSettings)
        .values({ enabled: true, listName: "Notes", promise: "New posts." })
        .onConflictDoUpdate({
          target: newsletterSettings.id,
          set: { enabled: true },
        });
      const quiet = await draft("quiet-letter");
      await publish(quiet, quiet.version);
      await publish(quiet, quiet.version + 1, false);
      expect(await sends()).toEqual([]);

      const post = await draft("on-letter");
      const version = await publish(post, post.version, true);
      expect(await sends()).toEqual([{ postId: post.id, recipients: 3 }]);
      await publish(post, version, true);
      expect(await sends()).toEqual([{ postId: post.id, recipients: 3 }]);
    });
  },
);
