// An unpublish and a save of the same post at the same moment: the
// unpublish's version is checked under the post's row lock, so a save that
// commits first makes it a conflict instead of taking down text its sender
// never saw. Needs real concurrency: PostgreSQL only.
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import { emptyPostFields } from "~database/post-lifecycle/fields";
import { readPostBySlug } from "~/data/posts.server";

import { createTestDatabase } from "~tests/support/database";

import { handleSave } from "./save-post.server";

import { createDraft } from "~database/post-lifecycle/edit";
import { publishPost } from "~database/post-lifecycle/publish";
import { changePost, changeRow } from "~database/post-lifecycle/rows";

const owner = {
  id: "owner",
  email: "o@example.org",
  name: "Jordan",
  role: "owner",
};

describe.runIf(process.env.TEST_DATABASE_URL)(
  "an unpublish racing a save",
  () => {
    test("a save that commits while the unpublish waits for the row makes it a conflict", async () => {
      const database = await createTestDatabase("postgres");
      try {
        const { db } = database;
        const made = await createDraft(
          db,
          {
            ...emptyPostFields(),
            slug: "raced",
            title: "Raced",
            excerpt: "",
            content: "<p>Words.</p>",
            image: null,
            date: "2026-11-20",
            category: "Notes",
            author: "Jordan",
            meta: null,
          },
          { actor: "Jordan" },
        );
        if (made.status !== "done") throw new Error("no draft");
        const { id } = made.post;
        await publishPost(db, { id, baseVersion: 1 }, { actor: "Jordan" });

        // Another tab's save holds the row, its new version not yet committed.
        let release = () => {};
        const held = new Promise<void>((resolve) => (release = resolve));
        let announce = () => {};
        const holding = new Promise<void>((resolve) => (announce = resolve));
        const saving = changePost(db, id, async (tx) => {
          await changeRow(
            tx,
            id,
            { title: "Raced, edited elsewhere", version: 2 },
            { action: "save", actor: "Jordan" },
          );
          announce();
          await held;
        });
        await holding;

        const unpublishing = handleSave({ db, owner }, id, {
          intent: "unpublish",
          baseVersion: 1,
          post: null,
        });
        // Until the unpublish waits on the post's row lock.
        for (;;) {
          const waiting = (await db.execute(
            sql`select count(*)::int as count from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
          )) as unknown as { rows: Array<{ count: number }> };
          if ((waiting.rows[0]?.count ?? 0) > 0) break;
        }
        release();
        await saving;

        const answer = await unpublishing;
        expect(answer.status).toBe(409);
        expect(await readPostBySlug(db, "raced")).not.toBeNull();
      } finally {
        await database.dispose();
      }
    });
  },
);
