import { eq } from "drizzle-orm";
import { expect, test } from "vitest";

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

/** What drizzle does on a select: look up, and on a miss query and store. */
async function read(
  cache: ContentCache,
  key: string,
  rows: unknown[],
  tables = ["posts"],
) {
  const cached = await cache.get(key, tables);
  if (cached !== undefined) return cached;
  await cache.put(key, rows, tables);
  return rows;
}

test("entries expire after the TTL and the least recently used go first", async () => {
  // A clock reading of 0 would mean "no start time" to lru-cache.
  let now = 1_000;
  const cache = new ContentCache({
    ttlMs: 1000,
    maxEntries: 2,
    now: () => now,
  });
  await read(cache, "a", ["a"]);
  await read(cache, "b", ["b"]);
  await cache.get("a", ["posts"]);
  await read(cache, "c", ["c"]);
  expect(await cache.get("b", ["posts"])).toBeUndefined();
  expect(await cache.get("a", ["posts"])).toEqual(["a"]);
  now = 2_000;
  expect(await cache.get("a", ["posts"])).toEqual(["a"]);
  now = 2_001;
  expect(await cache.get("a", ["posts"])).toBeUndefined();
  // Mixed reads (a content table joined with sessions) are not kept.
  await read(cache, "d", ["d"], ["posts", "sessions"]);
  expect(await cache.get("d", ["posts", "sessions"])).toBeUndefined();
});

test("a read lives until the safety TTL while notifications arrive, and the fallback TTL while they do not", async () => {
  let now = 1_000;
  const cache = new ContentCache({
    ttlMs: 3_600_000,
    fallbackTtlMs: 5_000,
    now: () => now,
  });
  expect(cache.maxAgeMs()).toBe(5_000);
  cache.listening = true;
  await read(cache, "a", ["a"]);
  now = 61_000;
  expect(await cache.get("a", ["posts"])).toEqual(["a"]);
  // The listener lost its connection: what is older than the fallback is read again.
  cache.listening = false;
  expect(cache.maxAgeMs()).toBe(5_000);
  expect(await read(cache, "a", ["a2"])).toEqual(["a2"]);
  now = 66_000;
  expect(await cache.get("a", ["posts"])).toEqual(["a2"]);
  // Back: everything is forgotten, since changes made meanwhile were not announced.
  const version = cache.version;
  cache.listening = true;
  expect(cache.version).toBeGreaterThan(version);
  expect(await cache.get("a", ["posts"])).toBeUndefined();
});

test("a read that overlapped a change is not kept", async () => {
  const cache = new ContentCache({ ttlMs: 60_000 });
  cache.listening = true;
  expect(await cache.get("a", ["posts"])).toBeUndefined();
  // The query runs; meanwhile a change is announced...
  cache.invalidateAll();
  // ...so its rows may predate the change.
  await cache.put("a", ["old"], ["posts"]);
  expect(await read(cache, "a", ["new"])).toEqual(["new"]);
  expect(await cache.get("a", ["posts"])).toEqual(["new"]);
});
