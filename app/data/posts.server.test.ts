import { describe, expect, test } from "vitest";

import { posts, trailPhilosophies } from "~database/schema";
import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";

import { readTrailPhilosophies } from "./philosophies.server";
import {
  deletePostById,
  readAllPosts,
  readConcertPosts,
  readHikingPosts,
  readPostBySlug,
  readTravelPosts,
} from "./posts.server";

const base = { excerpt: "Short.", content: "<p>Body</p>", author: "Jordan" };

describe.each(testDatabaseKinds)("post reads on %s", (kind) => {
  test("each page reads its category in the spec's order, with meta defaults", async () => {
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
          meta: "not an object",
        },
      ]);

      expect((await readAllPosts(db)).map((post) => post.slug)).toEqual([
        "new-hike",
        "written-early",
        "trip",
        "old-hike",
        "written-late",
      ]);

      const hikes = await readHikingPosts(db);
      expect(hikes.map((post) => post.slug)).toEqual(["new-hike", "old-hike"]);
      expect(hikes[0]?.image).toBeNull();
      expect(hikes[1]?.hiking).toEqual({
        location: "Unknown Location",
        difficulty: "Moderate",
        distance: "4",
        elevationGain: "N/A",
      });

      const concerts = await readConcertPosts(db);
      expect(concerts.map((post) => post.slug)).toEqual([
        "written-late",
        "written-early",
      ]);
      expect(concerts.map((post) => post.concert)).toEqual([
        { artist: "Written late", venue: "Unknown Venue", rating: null },
        { artist: "Band", venue: "Hall", rating: 3.5 },
      ]);

      const [trip] = await readTravelPosts(db);
      expect(trip?.travel).toMatchObject({
        status: "Visited",
        location: "An Amazing Place",
        coordinates: [40.7128, -74.006],
      });
    } finally {
      await database.dispose();
    }
  });

  test("one post by slug, its HTML sanitised; deletion by id", async () => {
    const database = await createTestDatabase(kind);
    try {
      const { db } = database;
      const [row] = await db
        .insert(posts)
        .values({
          ...base,
          slug: "payload",
          title: "Payload",
          date: "2025-01-01",
          category: "Notes",
          content:
            '<p>Hi</p><script>alert(1)</script><img src="/a.svg" onerror="alert(2)">',
        })
        .returning({ id: posts.id });

      const post = await readPostBySlug(db, "payload");
      expect(post?.html).toBe(
        '<p>Hi</p><img src="/a.svg" loading="lazy" decoding="async" />',
      );
      expect(await readPostBySlug(db, "missing")).toBeNull();

      expect(await deletePostById(db, row?.id ?? "")).toBe(true);
      expect(await deletePostById(db, row?.id ?? "")).toBe(false);
      expect(await readPostBySlug(db, "payload")).toBeNull();
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
