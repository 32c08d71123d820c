// The key-value store and message queue Fedify runs on, on the site's own
// database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set).
import { testMessageQueue } from "@fedify/testing";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";

import { openDatabase } from "~database/client";

import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";
import type { TestDatabase } from "~tests/support/database";

import { DatabaseKvStore } from "./kv-store";
import { DatabaseMessageQueue, FEDIVERSE_CHANNEL } from "./message-queue";
import { duration } from "./temporal";

let opened: TestDatabase | undefined;
afterEach(async () => {
  await opened?.dispose();
  opened = undefined;
});

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const found: T[] = [];
  for await (const item of items) found.push(item);
  return found;
}

describe.each(testDatabaseKinds)("on %s", (kind) => {
  // Built in a hook, whose time limit allows for a loaded machine, rather
  // than inside each test's own.
  let database: TestDatabase;
  beforeEach(async () => {
    database = opened = await createTestDatabase(kind);
  });

  test("the key-value store gets, sets, lists by prefix, compares and swaps, and forgets what expired", async () => {
    const kv = new DatabaseKvStore(database.db);
    expect(await kv.get(["a", "b"])).toBeUndefined();
    await kv.set(["a", "b"], { n: 1 });
    await kv.set(["a", "c"], "two");
    await kv.set(["z"], [3]);
    expect(await kv.get(["a", "b"])).toEqual({ n: 1 });
    expect(await collect(kv.list(["a"]))).toEqual([
      { key: ["a", "b"], value: { n: 1 } },
      { key: ["a", "c"], value: "two" },
    ]);
    expect(await collect(kv.list())).toHaveLength(3);

    expect(await kv.cas(["a", "b"], { n: 2 }, { n: 3 })).toBe(false);
    expect(await kv.cas(["a", "b"], { n: 1 }, { n: 3 })).toBe(true);
    expect(await kv.get(["a", "b"])).toEqual({ n: 3 });
    expect(await kv.cas(["new"], undefined, 1)).toBe(true);
    expect(await kv.get(["new"])).toBe(1);

    await kv.delete(["a", "c"]);
    expect(await kv.get(["a", "c"])).toBeUndefined();

    await kv.set(["gone"], 1, {
      ttl: duration({ milliseconds: -1 }),
    });
    expect(await kv.get(["gone"])).toBeUndefined();
    expect(await collect(kv.list(["gone"]))).toEqual([]);
  });

  test("the queue hands each message to one worker once, keeps an ordering key's messages in turn, and waits out a delay", async () => {
    const first = new DatabaseMessageQueue(database.db);
    const second = new DatabaseMessageQueue(database.db);
    await first.enqueueMany([{ n: 1 }, { n: 2 }], { orderingKey: "post-1" });
    await first.enqueue({ n: 3 });
    await first.enqueue({ n: 4 }, { delay: duration({ hours: 1 }) });
    expect(await first.getDepth()).toEqual({
      queued: 4,
      ready: 3,
      delayed: 1,
    });

    // Two instances at once: neither takes what the other leased, and the
    // ordering key holds n: 2 back until n: 1 is done.
    const claimed = await first.claim(8);
    expect(claimed.map((row) => row.message)).toEqual([{ n: 1 }, { n: 3 }]);
    expect(await second.claim(8)).toEqual([]);
    for (const row of claimed) await first.finish(row.id);
    const seen: unknown[] = [];
    expect(
      await second.runOnce((message) => {
        seen.push(message);
      }),
    ).toBe(1);
    expect(seen).toEqual([{ n: 2 }]);
    expect(await first.runOnce(() => undefined)).toBe(0);
    expect(await first.getDepth()).toMatchObject({ queued: 1, ready: 0 });
  });

  test("a message whose handler throws is kept and tried again later; a handled one keeps no signing keys", async () => {
    const queue = new DatabaseMessageQueue(database.db);
    await queue.enqueue({ type: "outbox", keys: [{ privateKey: "secret" }] });
    await queue.enqueue({ type: "broken" });
    await queue.runOnce((message) => {
      if ((message as { type: string }).type === "broken")
        throw new Error("handler failed");
    });
    const { rows } = (await database.db.execute(
      "select message, done_at is not null as done, last_error, due_at > now() as later from fediverse_queue order by id",
    )) as unknown as {
      rows: Array<{
        message: unknown;
        done: boolean;
        last_error: string | null;
        later: boolean;
      }>;
    };
    expect(rows).toEqual([
      {
        message: { type: "outbox" },
        done: true,
        last_error: null,
        later: false,
      },
      {
        message: { type: "broken" },
        done: false,
        last_error: "handler failed",
        later: true,
      },
    ]);
  });

  test("the queue passes Fedify's own conformance suite for message queues, ordering keys included", async () => {
    const { db } = database;
    await testMessageQueue(
      () => new DatabaseMessageQueue(db, { pollIntervalMs: 100 }),
      ({ controller }) => {
        controller.abort();
      },
      { testOrderingKey: true },
    );
  }, 120_000);

  test("a listener is woken by an enqueue and stops when its signal aborts", async () => {
    const queue = new DatabaseMessageQueue(database.db, {
      pollIntervalMs: 60_000,
    });
    const controller = new AbortController();
    const { promise: received, resolve } = Promise.withResolvers<unknown>();
    const listening = queue.listen(resolve, { signal: controller.signal });
    await queue.enqueue({ hello: "world" });
    expect(await received).toEqual({ hello: "world" });
    controller.abort();
    await listening;
  });

  test("another instance's enqueue wakes an idle worker through the database's notification, and a delayed message runs when it falls due, long before the poll", async () => {
    // Another instance: on PostgreSQL a connection pool of its own.
    const other = database.url
      ? await openDatabase({ databaseUrl: database.url, dataDir: "" })
      : database;
    const sender = new DatabaseMessageQueue(other.db);
    const worker = new DatabaseMessageQueue(database.db, {
      pollIntervalMs: 3_600_000,
    });
    const notified: string[] = [];
    const listener = await database.listen(FEDIVERSE_CHANNEL, {
      onChange(table) {
        notified.push(table);
        worker.wake();
      },
      onListening: (on) => on && worker.wake(),
    });
    const received: unknown[] = [];
    const controller = new AbortController();
    const listening = worker.listen((message) => void received.push(message), {
      signal: controller.signal,
    });
    try {
      await sender.enqueue({ n: 1 });
      await expect.poll(() => received).toEqual([{ n: 1 }]);
      expect(notified).toContain("fediverse_queue");
      await sender.enqueue(
        { n: 2 },
        { delay: duration({ milliseconds: 300 }) },
      );
      await expect.poll(() => received).toEqual([{ n: 1 }, { n: 2 }]);

      // The changes to tell followers of notify the same channel.
      await other.db.execute(
        sql`insert into fediverse_events (kind) values ('profile')`,
      );
      await expect.poll(() => notified).toContain("fediverse_events");
    } finally {
      controller.abort();
      await listening;
      await listener.close();
      if (other !== database) await other.close();
    }
  });
});
