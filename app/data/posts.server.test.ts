import { describe, expect, test } from "vitest";

import { posts, trailPhilosophies } from "~database/schema";
import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";

import { readTrailPhilosophies } from "./philosophies.server";
import {
  readConcertPage,
  readContentHubPage,
  readHikingPage,
  readTravelPage,
} from "./post-archives.server";
import { readPostBySlug, readPostCounts, readPostFeed } from "./posts.server";

const base = { excerpt: "Short.", content: "<p>Body</p>", author: "Jordan" };

describe.each(testDatabaseKinds)("post reads on %s", (kind) => {
  test("each page reads its category in its documented order, with meta defaults", async () => {
    const database = await createTestDatabase(kind);
    try {
      const { db } = database;
      await db.insert(posts).values([
        {
          ...base,
          slug: "old-hike",
          title: "Old hike",
          date: "2025-01-01",
          category: "Hiking & Nature",
          meta: { difficulty: "Brutal", distance: 4 },
        },
        {
          ...base,
          slug: "new-hike",
          title: "New hike",
          date: "2025-06-01",
          category: "Hiking & Nature",
          image: "javascript:alert(1)",
        },
        {
          ...base,
          slug: "written-late",
          title: "Written late",
          date: "2024-03-01",
          category: "Live Music",
          meta: { rating: "great" },
          createdAt: new Date("2025-07-01T00:00:00Z"),
        },
        {
          ...base,
          slug: "written-early",
          title: "Written early",
          date: "2025-05-01",
          category: "Live Music",
          meta: { artist: "Band", venue: "Hall", rating: 3.5 },
          createdAt: new Date("2025-05-02T00:00:00Z"),
        },
        {
          ...base,
          slug: "trip",
          title: "Trip",
          date: "2025-02-01",
          category: "Travel Log",
          // Browsers read '/\\' as '//': another host, not this site.
          image: "/\\evil.example/x.png",
          meta: "not an object",
        },
      ]);

      expect(
        (await readContentHubPage(db, 1)).items.map((post) => post.slug),
      ).toEqual([
        "new-hike",
        "written-early",
        "trip",
        "old-hike",
        "written-late",
      ]);

      // The feeds read the same posts in the Content Hub's order.
      const feed = await readPostFeed(db);
      expect(feed.map((post) => post.slug)).toEqual([
        "new-hike",
        "written-early",
        "trip",
        "old-hike",
        "written-late",
      ]);
      expect(feed[0]?.image).toBeNull();
      expect(feed[2]?.image).toBeNull();
      expect(feed[4]?.createdAt).toEqual(new Date("2025-07-01T00:00:00Z"));
      expect((await readPostFeed(db, 2)).map((post) => post.slug)).toEqual([
        "new-hike",
        "written-early",
      ]);
      expect(await readPostCounts(db)).toEqual(
        new Map([
          ["Hiking & Nature", 2],
          ["Live Music", 2],
          ["Travel Log", 1],
        ]),
      );

      const { items: hikes } = await readHikingPage(db, 1);
      expect(hikes.map((post) => post.slug)).toEqual(["new-hike", "old-hike"]);
      expect(hikes[0]?.image).toBeNull();
      expect(hikes[1]?.hiking).toEqual({
        location: "Unknown Location",
        difficulty: "Moderate",
        distance: "4",
        elevationGain: "N/A",
      });

      const { items: concerts } = await readConcertPage(db, 1);
      expect(concerts.map((post) => post.slug)).toEqual([
        "written-late",
        "written-early",
      ]);
      expect(concerts.map((post) => post.concert)).toEqual([
        { artist: "Written late", venue: "Unknown Venue", rating: null },
        { artist: "Band", venue: "Hall", rating: 3.5 },
      ]);

      const [trip] = (await readTravelPage(db, 1)).items;
      expect(trip?.travel).toMatchObject({
        status: "Visited",
        location: "An Amazing Place",
        coordinates: [40.7128, -74.006],
      });
    } finally {
      await database.dispose();
    }
  });

  test("archives read a page at a time, newest first; every post is on exactly one page; the newest is featured on every page", async () => {
    const database = await createTestDatabase(kind);
    try {
      const { db } = database;
      // 30 hikes, one a day in January 2024, plus two concerts.
      await db.insert(posts).values([
        ...Array.from({ length: 30 }, (_, index) => ({
          ...base,
          slug: `hike-${index + 1}`,
          title: `Hike ${index + 1}`,
          date: `2024-01-${String(index + 1).padStart(2, "0")}`,
          category: "Hiking & Nature",
        })),
        {
          ...base,
          slug: "gig-a",
          title: "Gig",
          date: "2024-02-01",
          category: "Live Music",
        },
        {
          ...base,
          slug: "gig-b",
          title: "Gig",
          date: "2024-02-02",
          category: "Live Music",
        },
      ]);

      const pages = await Promise.all(
        [1, 2, 3].map((page) => readHikingPage(db, page)),
      );
      expect(pages.map((page) => page.items.length)).toEqual([12, 12, 6]);
      expect(pages.map((page) => page.pageCount)).toEqual([3, 3, 3]);
      const slugs = pages.flatMap((page) =>
        page.items.map((post) => post.slug),
      );
      expect(slugs).toEqual(
        Array.from({ length: 30 }, (_, index) => `hike-${30 - index}`),
      );
      for (const page of pages) expect(page.latest?.slug).toBe("hike-30");

      const beyond = await readHikingPage(db, 4);
      expect(beyond.items).toEqual([]);
      expect(beyond.pageCount).toBe(3);

      const hub = await readContentHubPage(db, 2);
      expect(hub.total).toBe(32);
      expect(hub.pageCount).toBe(2);
      // Page 1 holds the two February concerts and hikes 30 to 9.
      expect(hub.items.map((post) => post.slug)).toEqual(
        Array.from({ length: 8 }, (_, index) => `hike-${8 - index}`),
      );
    } finally {
      await database.dispose();
    }
  });

  test("one post by slug, its HTML sanitised; deletion by id", async () => {
    const database = await createTestDatabase(kind);
    try {
      const { db } = database;
      await db.insert(posts).values({
        ...base,
        slug: "payload",
        title: "Payload",
        date: "2025-01-01",
        category: "Notes",
        content:
          '<p>Hi</p><script>alert(1)</script><img src="/a.svg" onerror="alert(2)">',
      });

      const post = await readPostBySlug(db, "payload");
      expect(post?.html).toBe(
        '<p>Hi</p><img src="/a.svg" loading="lazy" decoding="async" />',
      );
      expect(await readPostBySlug(db, "missing")).toBeNull();
    } finally {
      await database.dispose();
    }
  });

  test("trail philosophies read in display order", async () => {
    const database = await createTestDatabase(kind);
    try {
      const { db } = database;
      await db.insert(trailPhilosophies).values([
        { title: "Second", description: "B", icon: "Compass", displayOrder: 2 },
        { title: "First", description: "A", icon: "Nope", displayOrder: 1 },
      ]);
      expect(await readTrailPhilosophies(db)).toEqual([
        expect.objectContaining({ title: "First", icon: "Nope" }),
        expect.objectContaining({ title: "Second", icon: "Compass" }),
      ]);
    } finally {
      await database.dispose();
    }
  });
});
