import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";

import { invalidateContent } from "~tests/support/database";

import { openDatabase } from "./client";
import { ContentCache } from "./content-cache";
import * as schema from "./schema";

async function cachedDatabase(ttlMs: number) {
  const database = await openDatabase({
    dataDir: "memory://",
    contentCacheTtlMs: ttlMs,
  });
  await database.migrate();
  return database;
}

const value = { title: "Grit", description: "Keep going.", icon: "Zap" };

test("content reads are reused until the TTL, then read again", async () => {
  const database = await cachedDatabase(60_000);
  try {
    await database.db.insert(schema.coreValues).values(value);
    const first = await database.db.select().from(schema.coreValues);
    // A hand edit in PostgreSQL does not pass through the site...
    await database.db.execute(
      sql`update core_values set title = 'Grit, edited'`,
    );
    const second = await database.db.select().from(schema.coreValues);
    expect(second[0]?.title).toBe("Grit");
    expect(first[0]?.title).toBe("Grit");
    // ...so it shows once the entry expires (here: forced).
    database.contentCache.invalidateAll();
    const third = await database.db.select().from(schema.coreValues);
    expect(third[0]?.title).toBe("Grit, edited");
  } finally {
    await database.close();
  }
});

test("the site's own write to a content table is visible at once", async () => {
  const database = await cachedDatabase(60_000);
  try {
    await database.db.insert(schema.coreValues).values(value);
    expect(await database.db.select().from(schema.coreValues)).toHaveLength(1);
    const version = database.contentCache.version;
    await database.db
      .delete(schema.coreValues)
      .where(eq(schema.coreValues.title, "Grit"));
    expect(await database.db.select().from(schema.coreValues)).toHaveLength(0);
    expect(database.contentCache.version).toBeGreaterThan(version);
  } finally {
    await database.close();
  }
});

test("reads of the site's own tables are never cached, and their writes keep content cached", async () => {
  const database = await cachedDatabase(60_000);
  try {
    const version = database.contentCache.version;
    await database.db
      .insert(schema.messages)
      .values({ name: "A", email: "a@example.org", message: "Hi" });
    expect(await database.db.select().from(schema.messages)).toHaveLength(1);
    await database.db
      .insert(schema.messages)
      .values({ name: "B", email: "b@example.org", message: "Hi" });
    expect(await database.db.select().from(schema.messages)).toHaveLength(2);
    expect(database.contentCache.version).toBe(version);
  } finally {
    await database.close();
  }
});

test("entries expire after the TTL and the least recently used go first", async () => {
  // A clock reading of 0 would mean "no start time" to lru-cache.
  let now = 1_000;
  const cache = new ContentCache({
    ttlMs: 1000,
    maxEntries: 2,
    now: () => now,
  });
  await cache.put("a", ["a"], ["posts"]);
  await cache.put("b", ["b"], ["posts"]);
  await cache.get("a", ["posts"]);
  await cache.put("c", ["c"], ["posts"]);
  expect(await cache.get("b", ["posts"])).toBeUndefined();
  expect(await cache.get("a", ["posts"])).toEqual(["a"]);
  now = 2_000;
  expect(await cache.get("a", ["posts"])).toEqual(["a"]);
  now = 2_001;
  expect(await cache.get("a", ["posts"])).toBeUndefined();
  // Mixed reads (a content table joined with sessions) are not kept.
  await cache.put("d", ["d"], ["posts", "sessions"]);
  expect(await cache.get("d", ["posts", "sessions"])).toBeUndefined();
});

test("a raw SQL write is made visible at once with invalidateContent", async () => {
  const database = await cachedDatabase(60_000);
  try {
    await database.db.insert(schema.coreValues).values(value);
    await database.db.select().from(schema.coreValues);
    await database.db.execute(sql`delete from core_values`);
    expect(await database.db.select().from(schema.coreValues)).toHaveLength(1);
    await invalidateContent(database.db, ["core_values"]);
    expect(await database.db.select().from(schema.coreValues)).toHaveLength(0);
  } finally {
    await database.close();
  }
});

test("invalidateContent is harmless on a database without a cache", async () => {
  const database = await openDatabase({ dataDir: "memory://" });
  try {
    await invalidateContent(database.db, ["posts"]);
  } finally {
    await database.close();
  }
});
