import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import { seedFixture } from "~database/fixture";
import { posts } from "~database/schema";
import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";

import { decodeHTML } from "entities";

import { markedParts, searchPosts } from "./search.server";

const base = { author: "Jordan", image: null };

const text = (parts: Array<{ text: string }>) =>
  parts.map((part) => part.text).join("");
const marked = (parts: Array<{ text: string; mark: boolean }>) =>
  parts.filter((part) => part.mark).map((part) => part.text.toLowerCase());

describe.each(testDatabaseKinds)("search on %s", (kind) => {
  test("finds posts by title, excerpt, body, category and meta, best match first, words marked", async () => {
    const database = await createTestDatabase(kind);
    try {
      const { db } = database;
      await db.insert(posts).values([
        {
          ...base,
          slug: "in-body",
          title: "A quiet weekend",
          excerpt: "Nothing much.",
          content: "<p>We heard a <b>saxophone</b> &amp; drums.</p>",
          date: "2025-01-01",
          category: "Live Music",
          meta: { venue: "Neurolux", artist: "Harbor Lights" },
        },
        {
          ...base,
          slug: "in-title",
          title: "Saxophone summer",
          excerpt: "A season of music.",
          content: "<p>Outdoor shows.</p>",
          date: "2024-01-01",
          category: "Live Music",
        },
        {
          ...base,
          slug: "hike",
          title: "Ridge walk",
          excerpt: "Up high.",
          content: "<p>Wind.</p>",
          date: "2025-02-01",
          category: "Hiking & Nature",
          meta: { location: "Sawtooth Wilderness", difficulty: "Challenging" },
        },
      ]);

      const sax = await searchPosts(db, "saxophones", 1);
      // Stemmed; the title outranks the body though the body's post is newer.
      expect(sax.hits.map((hit) => hit.slug)).toEqual(["in-title", "in-body"]);
      expect(sax.total).toBe(2);
      const [inTitle, inBody] = sax.hits;
      expect(marked(inTitle?.title ?? [])).toEqual(["saxophone"]);
      expect(text(inBody?.snippet ?? [])).toContain("saxophone & drums");
      expect(text(inBody?.snippet ?? [])).not.toContain("<b>");
      expect(marked(inBody?.snippet ?? [])).toEqual(["saxophone"]);

      expect((await searchPosts(db, "neurolux", 1)).hits[0]?.slug).toBe(
        "in-body",
      );
      expect((await searchPosts(db, "sawtooth", 1)).hits[0]?.slug).toBe("hike");
      expect((await searchPosts(db, "challenging", 1)).total).toBe(1);
      expect((await searchPosts(db, "hiking", 1)).hits[0]?.slug).toBe("hike");
      expect((await searchPosts(db, '"live music" -summer', 1)).hits).toEqual([
        expect.objectContaining({ slug: "in-body" }),
      ]);
      // Stop words alone, or punctuation alone, match nothing and fail nothing.
      expect((await searchPosts(db, "the and of", 1)).total).toBe(0);
      expect((await searchPosts(db, "'\"):*&|!", 1)).total).toBe(0);
    } finally {
      await database.dispose();
    }
  });

  test("the database keeps the search column current on insert, update and delete", async () => {
    const database = await createTestDatabase(kind);
    try {
      const { db } = database;
      await db.insert(posts).values({
        ...base,
        slug: "changing",
        title: "Before",
        excerpt: "",
        content: "<p>kayak</p>",
        date: "2025-01-01",
        category: "Travel Log",
      });
      expect((await searchPosts(db, "kayak", 1)).total).toBe(1);
      await db
        .update(posts)
        .set({ content: "<p>canoe</p>" })
        .where(eq(posts.slug, "changing"));
      expect((await searchPosts(db, "kayak", 1)).total).toBe(0);
      expect((await searchPosts(db, "canoe", 1)).total).toBe(1);
      await db.delete(posts).where(eq(posts.slug, "changing"));
      expect((await searchPosts(db, "canoe", 1)).total).toBe(0);
    } finally {
      await database.dispose();
    }
  });

  test("with 2,000 posts, each screen's read and the search use an index", async () => {
    const database = await createTestDatabase(kind);
    try {
      const { db } = database;
      await seedFixture(db, 2000);
      const plan = async (query: ReturnType<typeof sql>) => {
        const result = await db.execute(sql`explain ${query}`);
        return (
          result as unknown as { rows: Array<Record<string, string>> }
        ).rows
          .map((row) => Object.values(row).join(""))
          .join("\n");
      };
      const reads = {
        "Content Hub": sql`select id from posts order by date desc, created_at desc limit 24 offset 48`,
        Hiking: sql`select id from posts where category = 'Hiking & Nature' order by date desc, created_at desc limit 12`,
        Music: sql`select id from posts where category = 'Live Music' order by created_at desc limit 12`,
        Travel: sql`select id from posts where category = 'Travel Log' order by date desc, created_at desc limit 8`,
        "a post": sql`select id from posts where slug = 'archive-hiking-7'`,
        search: sql`select id from posts where search @@ websearch_to_tsquery('english', 'neurolux')`,
      };
      const plans: Record<string, string> = {};
      for (const [name, query] of Object.entries(reads)) {
        plans[name] = await plan(query);
      }
      // The planner picks among the indexes (a category page may walk the
      // date index and skip other categories' rows); it never reads the
      // whole table or sorts it. docs/PERFORMANCE.md shows the plans.
      for (const [name, text] of Object.entries(plans)) {
        expect(text, name).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
        expect(text, name).not.toMatch(/Seq Scan|Sort/);
      }
      // Either index in the archive's order serves it; the studio's list
      // index (0010) also covers an id-only read.
      expect(plans["Content Hub"]).toMatch(
        /posts_date_created_at_idx|posts_studio_list_idx/,
      );
      expect(plans["a post"]).toContain("posts_slug_unique");
      expect(plans.search).toContain("posts_search_idx");
    } finally {
      await database.dispose();
    }
  }, 120_000);
});

test("headlines become text parts, marked where the search matched", () => {
  expect(markedParts("a \u0002b\u0003 c \u0002d\u0003")).toEqual([
    { text: "a ", mark: false },
    { text: "b", mark: true },
    { text: " c ", mark: false },
    { text: "d", mark: true },
  ]);
  expect(markedParts("<script>x</script>")).toEqual([
    { text: "<script>x</script>", mark: false },
  ]);
});

test("character references become characters, other text stays", () => {
  expect(decodeHTML("Rock &amp; roll &#8212; &#x2019;s &bogus;")).toBe(
    "Rock & roll — ’s &bogus;",
  );
});
