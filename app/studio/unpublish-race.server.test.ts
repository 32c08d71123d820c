// Races the lifecycle settles under its locks. An unpublish and a save of
// the same post at the same moment: the unpublish's version is checked under
// the post's row lock, so a save that commits first makes it a conflict
// instead of taking down text its sender never saw. Two saves taking one
// address: the one the database refuses answers slug-taken (orSlugTaken)
// rather than failing. Needs real concurrency: PostgreSQL only.
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import type { Database } from "~database/client";

import { emptyPostFields } from "~database/post-lifecycle/fields";
import { readPostBySlug } from "~/data/posts.server";

import { createTestDatabase } from "~tests/support/database";

import { handleSave } from "./save-post.server";

import { createDraft, savePost } from "~database/post-lifecycle/edit";
import { fieldsOf as fieldsOfPost } from "~database/post-lifecycle/model";
import { publishPost } from "~database/post-lifecycle/publish";
import { changePost, changeRow } from "~database/post-lifecycle/rows";

const owner = {
  id: "owner",
  email: "o@example.org",
  name: "Jordan",
  role: "owner",
};

/** Returns once a session of this database waits for a lock another holds. */
async function untilALockIsAwaited(db: Database): Promise<void> {
  for (;;) {
    const waiting = (await db.execute(
      sql`select count(*)::int as count from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { rows: Array<{ count: number }> };
    if ((waiting.rows[0]?.count ?? 0) > 0) return;
  }
}

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
        await untilALockIsAwaited(db);
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

describe.runIf(process.env.TEST_DATABASE_URL)(
  "two saves taking one address",
  () => {
    test("a save whose address another transaction takes between its check and its write answers slug-taken", async () => {
      const database = await createTestDatabase("postgres");
      try {
        const { db } = database;
        const draft = async (slug: string) => {
          const made = await createDraft(
            db,
            {
              ...emptyPostFields(),
              slug,
              title: slug,
              content: "<p>Words.</p>",
              date: "2026-11-20",
              author: "Jordan",
            },
            { actor: "Jordan" },
          );
          if (made.status !== "done") throw new Error("no draft");
          return made.post;
        };
        const first = await draft("first");
        const second = await draft("second");

        // The first draft's rename holds the address, not yet committed.
        let release = () => {};
        const held = new Promise<void>((resolve) => (release = resolve));
        let announce = () => {};
        const holding = new Promise<void>((resolve) => (announce = resolve));
        const renaming = changePost(db, first.id, async (tx) => {
          await changeRow(
            tx,
            first.id,
            { slug: "contested", version: 2 },
            { action: "save", actor: "Jordan" },
          );
          announce();
          await held;
        });
        await holding;

        const saving = savePost(
          db,
          {
            id: second.id,
            baseVersion: second.version,
            fields: { ...fieldsOfPost(second), slug: "contested" },
            kind: "save",
          },
          { actor: "Jordan" },
        );
        // Until the second save waits on the address's unique index.
        await untilALockIsAwaited(db);
        release();
        await renaming;

        expect(await saving).toEqual({
          status: "slug-taken",
          slug: "contested",
        });
      } finally {
        await database.dispose();
      }
    });
  },
);
