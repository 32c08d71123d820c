// A post's reading time and where a reader goes on from it (where-next.server.ts,
// drizzle/0012_post_reading.sql), on both databases.
import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import { seedFixture } from "~database/fixture";
import { posts } from "~database/schema";
import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";

import { readContentHubPage } from "./post-archives.server";
import { readPostBySlug } from "./posts.server";
import { readWhereNext, relatedPostsQuery } from "./where-next.server";

const base = { author: "Jordan", image: null };
const words = (count: number) =>
  Array.from({ length: count }, (_, index) => `word${index}`).join(" ");

describe.each(testDatabaseKinds)("where next on %s", (kind) => {
  test("counts a body's words without its tags, on the page and the cards, and again when it changes", async () => {
    const database = await createTestDatabase(kind);
    try {
      const { db } = database;
      await db.insert(posts).values({
        ...base,
        slug: "long",
        title: "Long",
        excerpt: "A long one.",
        content: `<h2>Two words</h2>\n<p>${words(1_098)}</p><p><a href="/x">  </a></p>`,
        date: "2025-01-01",
        category: "Travel Log",
      });
      expect((await readPostBySlug(db, "long"))?.words).toBe(1_100);
      const hub = await readContentHubPage(db, 1);
      expect(hub.items[0]?.words).toBe(1_100);
      await db
        .update(posts)
        .set({ content: "<p>Short now.</p>" })
        .where(eq(posts.slug, "long"));
      expect((await readPostBySlug(db, "long"))?.words).toBe(2);
    } finally {
      await database.dispose();
    }
    // Migrating a fresh database is slow on a busy machine.
  }, 60_000);

  test("previous and next by date; related: same category first, then the most alike, never the post itself", async () => {
    const database = await createTestDatabase(kind);
    try {
      const { db } = database;
      await db.insert(posts).values([
        {
          ...base,
          slug: "this",
          title: "Saxophone nights at Neurolux",
          excerpt: "A jazz quartet and a saxophone that would not stop.",
          content: "<p>Body.</p>",
          date: "2025-03-01",
          category: "Live Music",
        },
        {
          ...base,
          slug: "older-music",
          title: "Folk at the grange",
          excerpt: "Fiddles and a potluck.",
          content: "<p>Body.</p>",
          date: "2025-01-01",
          category: "Live Music",
        },
        {
          ...base,
          slug: "alike-hike",
          title: "A saxophone on the summit",
          excerpt: "Someone carried a jazz saxophone up the ridge.",
          content: "<p>Body.</p>",
          date: "2025-02-01",
          category: "Hiking & Nature",
        },
        {
          ...base,
          slug: "unlike-hike",
          title: "Wildflowers",
          excerpt: "Lupine everywhere.",
          content: "<p>Body.</p>",
          date: "2025-04-01",
          category: "Hiking & Nature",
        },
        {
          ...base,
          slug: "alike-travel",
          title: "Jazz in Lisbon",
          excerpt: "A quartet by the river.",
          content: "<p>Body.</p>",
          date: "2024-12-01",
          category: "Travel Log",
        },
      ]);
      const [self] = await db
        .select({ id: posts.id })
        .from(posts)
        .where(eq(posts.slug, "this"));
      const next = await readWhereNext(db, self?.id ?? "");
      expect(next.previous?.slug).toBe("alike-hike");
      expect(next.next?.slug).toBe("unlike-hike");
      // The same category first (unlike as it is), then by likeness: the
      // hike shares "saxophone" and "jazz" in title and excerpt.
      expect(next.related.map((post) => post.slug)).toEqual([
        "older-music",
        "alike-hike",
        "alike-travel",
      ]);
      expect(next.related[0]).toMatchObject({
        title: "Folk at the grange",
        date: "2025-01-01",
        category: "Live Music",
        words: 1,
      });

      const [oldest] = await db
        .select({ id: posts.id })
        .from(posts)
        .where(eq(posts.slug, "alike-travel"));
      const first = await readWhereNext(db, oldest?.id ?? "");
      expect(first.previous).toBeNull();
      expect(first.next?.slug).toBe("older-music");
      expect(first.related.map((post) => post.slug)).not.toContain(
        "alike-travel",
      );
    } finally {
      await database.dispose();
    }
    // Migrating a fresh database is slow on a busy machine.
  }, 60_000);

  test("a title with quotes and backslashes makes a valid query", async () => {
    const database = await createTestDatabase(kind);
    try {
      const { db } = database;
      await db.insert(posts).values([
        {
          ...base,
          slug: "odd",
          title: String.raw`It's a \back\slash "quote" day`,
          excerpt: "O'Brien's C:\\path",
          content: "<p>Body.</p>",
          date: "2025-03-01",
          category: "Travel Log",
        },
        {
          ...base,
          slug: "empty",
          title: "",
          excerpt: "",
          content: "",
          date: "2025-02-01",
          category: "Other",
        },
      ]);
      for (const slug of ["odd", "empty"]) {
        const [row] = await db
          .select({ id: posts.id })
          .from(posts)
          .where(eq(posts.slug, slug));
        const next = await readWhereNext(db, row?.id ?? "");
        expect(next.related.map((post) => post.slug)).not.toContain(slug);
      }
    } finally {
      await database.dispose();
    }
    // Migrating a fresh database is slow on a busy machine.
  }, 60_000);

  test("with 2,000 posts the related posts come from the indexes", async () => {
    const database = await createTestDatabase(kind);
    try {
      const { db } = database;
      await seedFixture(db, 2000);
      const [row] = await db
        .select({ id: posts.id })
        .from(posts)
        .where(eq(posts.slug, "archive-hiking-7"));
      const result = await db.execute(
        sql`explain ${relatedPostsQuery(row?.id ?? "", "other categories", 3)}`,
      );
      const plan = (
        result as unknown as { rows: Array<Record<string, string>> }
      ).rows
        .map((line) => Object.values(line).join(""))
        .join("\n");
      // Another category's posts through the GIN index on `related`, the
      // post itself by its key; no pass over every post's body.
      expect(plan).toContain("posts_related_idx");
      expect(plan).toContain("posts_pkey");
      const related = await readWhereNext(db, row?.id ?? "");
      expect(related.related).toHaveLength(3);
      expect(
        related.related.every((post) => post.category === "Hiking & Nature"),
      ).toBe(true);
    } finally {
      await database.dispose();
    }
  }, 120_000);
});
