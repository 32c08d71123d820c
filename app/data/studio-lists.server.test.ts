import { sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { emptyPostFields } from "~database/post-lifecycle/fields";
import type { Database } from "~database/client";
import { seedFixture, seedFixtureMedia } from "~database/fixture";
import { seedFixtureMessages } from "~database/fixture-messages";
import { createDraft, savePost } from "~database/post-lifecycle/edit";
import type { PostFields, StudioPost } from "~database/post-lifecycle/model";
import { schedulePost } from "~database/post-lifecycle/publish";
import { trashPost } from "~database/post-lifecycle/trash";
import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";
import type { TestDatabase } from "~tests/support/database";
import { listMediaPage } from "~/studio/media/media.server";

import {
  INBOX_PAGE_SIZE,
  listMessagePage,
  listMessages,
  messagePageQuery,
} from "./inbox.server";
import {
  countByStateQuery,
  countPostsByState,
  listPostBriefs,
  listStudioPostPage,
  studioPostPageQuery,
} from "./studio-lists.server";
import type { StudioPostFilter } from "./studio-lists.server";
import { listStudioPosts } from "./studio-posts.server";

const owner = { actor: "Jordan Avery" };

function fields(overrides: Partial<PostFields>): PostFields {
  return {
    ...emptyPostFields(),
    slug: "a-draft",
    title: "A draft",
    excerpt: "",
    content: "<p>Still thinking.</p>",
    image: null,
    date: "2026-01-10",
    category: "Leadership",
    author: "Jordan Avery",
    meta: null,
    ...overrides,
  };
}

async function draft(db: Database, overrides: Partial<PostFields>) {
  const created = await createDraft(db, fields(overrides), owner);
  if (created.status !== "done") throw new Error(created.status);
  return created.post;
}

/** Every page of the list under `filter`, in order. */
async function allPages(db: Database, filter: StudioPostFilter) {
  const first = await listStudioPostPage(db, filter, 1, 200);
  const rest = await Promise.all(
    Array.from({ length: first.pageCount - 1 }, (_, index) =>
      listStudioPostPage(db, filter, index + 2, 200),
    ),
  );
  return {
    total: first.total,
    posts: [first, ...rest].flatMap((p) => p.posts),
  };
}

/** The plan PostgreSQL chooses for a query, as text. */
async function plan(db: Database, query: SQL | { getSQL(): SQL }) {
  const result = await db.execute(sql`explain (costs off) ${query}`);
  return (result as { rows: Array<Record<string, string>> }).rows
    .map((row) => Object.values(row)[0])
    .join("\n");
}

describe.each(testDatabaseKinds)(
  "the studio's lists on %s, at 2,000 posts",
  { timeout: 120_000 },
  (kind) => {
    let database: TestDatabase;
    let db: Database;
    let scheduled: StudioPost;
    let edited: StudioPost;
    beforeAll(async () => {
      database = await createTestDatabase(kind);
      db = database.db;
      await seedFixture(db, 2000);
      await draft(db, {
        slug: "older-draft",
        title: "Older draft",
        date: "2026-01-02",
      });
      await draft(db, {
        slug: "newer-draft",
        title: "Newer draft: 100% uphill_climb",
        date: "2026-02-01",
      });
      scheduled = await draft(db, {
        slug: "later",
        title: "Goes out later",
        category: "Live Music",
      });
      const done = await schedulePost(
        db,
        {
          id: scheduled.id,
          baseVersion: scheduled.version,
          at: new Date(Date.now() + 86_400_000),
        },
        owner,
      );
      if (done.status !== "done") throw new Error(done.status);
      const trashed = await draft(db, {
        slug: "gone",
        title: "Gone for now",
      });
      await trashPost(db, { id: trashed.id }, owner);
      // A published post with a working copy: one row, titled by the copy.
      const [published] = await listStudioPostPage(
        db,
        { state: "published" },
        1,
        1,
      ).then((page) => page.posts);
      if (!published) throw new Error("no published post");
      const saved = await savePost(
        db,
        {
          id: published.id,
          baseVersion: 0,
          fields: fields({
            slug: published.slug,
            title: "Summit notes, rewritten",
            date: published.date,
            category: published.category,
          }),
          kind: "save",
        },
        owner,
      );
      if (saved.status !== "done") throw new Error(saved.status);
      edited = saved.post;
      // As PostgreSQL's autovacuum leaves a settled table (PGlite has none).
      await db.execute(sql`vacuum analyze posts`);
      await db.execute(sql`vacuum analyze studio_posts`);
    });
    afterAll(async () => {
      await database.dispose();
    });

    test("the pages hold every post once, in the list's order, under every filter", async () => {
      const filters: StudioPostFilter[] = [
        {},
        { state: "published" },
        { state: "draft" },
        { state: "scheduled" },
        { state: "trash" },
        { category: "Live Music" },
        { category: "Live Music", state: "published" },
        { query: "SUMMIT" },
        { query: "summit", category: "Hiking & Nature" },
      ];
      for (const filter of filters) {
        const expected = await listStudioPosts(db, filter);
        const { total, posts } = await allPages(db, filter);
        expect(total, JSON.stringify(filter)).toBe(expected.length);
        expect(posts.map((post) => post.id).sort()).toEqual(
          expected.map((post) => post.id).sort(),
        );
        // Same order (posts sharing a date and time may come either way).
        expect(posts.map((post) => [post.date, post.updatedAt])).toEqual(
          expected.map((post) => [post.date, post.updatedAt]),
        );
        for (const post of posts) {
          const same = expected.find((each) => each.id === post.id);
          expect(post).toMatchObject({
            title: same?.title,
            slug: same?.slug,
            category: same?.category,
            state: same?.state,
            live: same?.live,
            unpublishedChanges: same?.unpublishedChanges,
            scheduledAt: same?.scheduledAt,
            deletedAt: same?.deletedAt,
          });
        }
      }
    });

    test("a page is the list's page: 30 rows, the newest first, numbered pages to the last", async () => {
      const first = await listStudioPostPage(db, {}, 1);
      expect(first.posts).toHaveLength(30);
      expect(first.total).toBe(2000 + 4);
      expect(first.pageCount).toBe(Math.ceil(2004 / 30));
      expect(first.posts[0]?.title).toBe("Newer draft: 100% uphill_climb");
      const last = await listStudioPostPage(db, {}, first.pageCount);
      expect(last.posts).toHaveLength(2004 - 30 * (first.pageCount - 1));
      const past = await listStudioPostPage(db, {}, first.pageCount + 1);
      expect(past.posts).toEqual([]);
    });

    test("the title search takes the owner's text literally, in any case", async () => {
      const titles = async (query: string) =>
        (await listStudioPostPage(db, { query }, 1)).posts.map((p) => p.title);
      expect(await titles("100%")).toEqual(["Newer draft: 100% uphill_climb"]);
      expect(await titles("uphill_c")).toEqual([
        "Newer draft: 100% uphill_climb",
      ]);
      // '_' is not any character, '%' not any text.
      expect(await titles("uphillxc")).toEqual([]);
      expect(await titles("100%draft")).toEqual([]);
      expect(await titles("rewritten")).toEqual([edited.title]);
    });

    test("counts by state are one grouped query, and follow the title and category", async () => {
      expect(await countPostsByState(db)).toEqual({
        published: 2000,
        draft: 2,
        scheduled: 1,
        trash: 1,
      });
      expect(await countPostsByState(db, { category: "Live Music" })).toEqual({
        published: 500,
        draft: 0,
        scheduled: 1,
        trash: 0,
      });
      expect(await countPostsByState(db, { query: "draft" })).toEqual({
        published: 0,
        draft: 2,
        scheduled: 0,
        trash: 0,
      });
    });

    test("the dashboard's drafts come in the list's order, schedules soonest first", async () => {
      expect(
        (await listPostBriefs(db, "draft")).map((post) => post.title),
      ).toEqual(["Newer draft: 100% uphill_climb", "Older draft"]);
      expect(await listPostBriefs(db, "scheduled")).toEqual([
        expect.objectContaining({ id: scheduled.id, title: "Goes out later" }),
      ]);
      expect(await listPostBriefs(db, "draft", 1)).toHaveLength(1);
    });

    test("no list read touches the posts table itself, where the bodies are: the list's index is enough", async () => {
      const queries = [
        studioPostPageQuery({}, 1),
        studioPostPageQuery({}, 60),
        studioPostPageQuery({ state: "published", category: "Travel Log" }, 1),
        studioPostPageQuery({ query: "summit" }, 1),
        countByStateQuery(),
        countByStateQuery({ query: "summit", category: "Hiking & Nature" }),
      ];
      for (const query of queries) {
        const text = await plan(db, query);
        expect(text).not.toMatch(/Seq Scan on posts|Bitmap Heap Scan on posts/);
        expect(text).not.toMatch(/Index Scan( Backward)? using \w+ on posts/);
        expect(text).toMatch(/Index Only Scan( Backward)? using \w+ on posts/);
      }
    });
  },
);

describe.each(testDatabaseKinds)(
  "the inbox and the media library on %s, a page at a time",
  { timeout: 120_000 },
  (kind) => {
    let database: TestDatabase;
    let db: Database;
    beforeAll(async () => {
      database = await createTestDatabase(kind);
      db = database.db;
      await seedFixtureMessages(db, 5000, new Date("2026-11-01T12:00:00Z"));
      await seedFixtureMedia(db, 30);
    });
    afterAll(async () => {
      await database.dispose();
    });

    test("a folder's pages are its messages newest first, each with its start only", async () => {
      const all = await listMessages(db, "archived", 1000);
      const first = await listMessagePage(db, "archived", 1);
      expect(first.total).toBe(all.length);
      expect(first.pageCount).toBe(Math.ceil(all.length / INBOX_PAGE_SIZE));
      const second = await listMessagePage(db, "archived", 2);
      expect([...first.messages, ...second.messages].map((m) => m.id)).toEqual(
        all.slice(0, 2 * INBOX_PAGE_SIZE).map((m) => m.id),
      );
      const [message] = first.messages;
      const whole = all[0]?.message ?? "";
      expect(message?.preview).toBe(whole.replace(/\s+/g, " ").slice(0, 140));
      expect(message?.delivery.state).toBe("sent");
      expect(message).not.toHaveProperty("message");
      const inbox = await listMessagePage(db, "inbox", 1);
      // The twelve newest are unread; one of them is archived, one in the trash.
      expect(inbox.messages.filter((m) => m.unread)).toHaveLength(10);
      expect((await listMessagePage(db, "trash", 1)).total).toBe(100);
    });

    test("a folder's first pages are read through its index, and each message's mail through its own", async () => {
      const pages = [
        ["inbox", 1],
        ["inbox", 20],
        ["archived", 1],
        ["archived", 5],
        ["trash", 1],
      ] as const;
      for (const [folder, page] of pages) {
        const text = await plan(db, messagePageQuery(db, folder, page));
        expect(text).not.toMatch(/Seq Scan on messages/);
        // The trash folder is the trash's messages, each found by its key
        // (docs/decisions/045); the other folders walk their own index.
        expect(text).toContain(
          folder === "trash" ? "messages_pkey" : `messages_${folder}_idx`,
        );
        expect(text).not.toMatch(/Seq Scan on mail_outbox/);
      }
    });

    test("the media library shows 12 images a page, the newest first", async () => {
      const first = await listMediaPage(db, 1);
      const third = await listMediaPage(db, 3);
      expect(first).toMatchObject({ total: 30, pageCount: 3 });
      expect(first.items).toHaveLength(12);
      expect(third.items).toHaveLength(6);
      expect(first.items[0]?.filename).toBe("trail-photo-0001.jpg");
      expect(third.items.at(-1)?.filename).toBe("trail-photo-0030.jpg");
      expect(first.items[0]?.storedBytes).toBeGreaterThan(0);
    });
  },
);
