// Edits made behind the site's back (psql, another instance, the import) show
// on the very next read: the database announces them and the cache forgets.
// Caches here live an hour, so without the notifications every edit would
// stay invisible and these polls (at most a second) would time out.
import { asc, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";
import type { TestDatabase } from "~tests/support/database";

import { openDatabase } from "./client";
import type { Database } from "./client";
import { contentTableNames } from "./content-cache";
import { LISTENER_APPLICATION_NAME } from "./content-listener";
import type { ContentListenerState } from "./content-listener";
import { coreValues } from "./schema";

const HOUR_MS = 3_600_000;
const visible = { timeout: 1_000, interval: 5 };

/** Rows of a raw query (both drivers answer with `rows`). */
async function rows<T>(db: Database, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as { rows: T[] }).rows;
}

const titles = async (db: Database) =>
  (
    await db
      .select({ title: coreValues.title })
      .from(coreValues)
      .orderBy(asc(coreValues.displayOrder))
  ).map((row) => row.title);

/**
 * Runs SQL the way an owner in psql would: on PostgreSQL through a
 * connection of its own; on PGlite (one process, one connection) as raw SQL,
 * which drizzle's cache does not see.
 */
async function otherClient(database: TestDatabase) {
  if (!database.url) {
    return {
      query: async (text: string) => {
        await database.db.execute(sql.raw(text));
      },
      close: async () => {},
    };
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  return {
    query: async (text: string) => {
      await client.query(text);
    },
    close: () => client.end(),
  };
}

describe.each(testDatabaseKinds)("on %s", (kind) => {
  // One database for the first two tests: opening PGlite is the slow part.
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { contentCacheTtlMs: HOUR_MS });
  });
  afterAll(() => database.dispose());

  test("every public content table, and no other, announces INSERT, UPDATE, DELETE and TRUNCATE", async () => {
    const triggers = await rows<{ table: string; events: string }>(
      database.db,
      sql`
        select c.relname as table,
               string_agg(distinct e.event, ',' order by e.event) as events
        from pg_trigger t
        join pg_class c on c.oid = t.tgrelid
        join pg_proc p on p.oid = t.tgfoid
        cross join lateral (
          select 'insert' as event where t.tgtype & 4 <> 0
          union all select 'delete' where t.tgtype & 8 <> 0
          union all select 'update' where t.tgtype & 16 <> 0
          union all select 'truncate' where t.tgtype & 32 <> 0
        ) e
        where p.proname = 'notify_content_changed' and not t.tgisinternal
        group by c.relname`,
    );
    const announced = new Map(triggers.map((row) => [row.table, row.events]));
    expect([...announced.keys()].sort()).toEqual([...contentTableNames].sort());
    for (const events of announced.values()) {
      expect(events).toBe("delete,insert,truncate,update");
    }
  });

  test("an INSERT, an UPDATE, a DELETE and a TRUNCATE from another client show on the next read", async () => {
    const owner = await otherClient(database);
    try {
      expect(database.contentListener.state).toBe("listening");
      await database.db
        .insert(coreValues)
        .values({ title: "Grit", description: "Keep going.", icon: "Zap" });
      expect(await titles(database.db)).toEqual(["Grit"]);

      await owner.query(
        `insert into core_values (title, description, icon, display_order)
         values ('Candour', 'Say it kindly.', 'Heart', 1)`,
      );
      await expect
        .poll(() => titles(database.db), visible)
        .toEqual(["Grit", "Candour"]);

      await owner.query(
        `update core_values set title = 'Grit, edited' where title = 'Grit'`,
      );
      await expect
        .poll(() => titles(database.db), visible)
        .toEqual(["Grit, edited", "Candour"]);

      await owner.query(`delete from core_values where title = 'Candour'`);
      await expect
        .poll(() => titles(database.db), visible)
        .toEqual(["Grit, edited"]);

      await owner.query(`truncate core_values`);
      await expect.poll(() => titles(database.db), visible).toEqual([]);
    } finally {
      await owner.close();
    }
  });

  test("the listener's state: listening while caching, off without a cache or once closed", async () => {
    const cached = await createTestDatabase(kind, {
      contentCacheTtlMs: HOUR_MS,
    });
    const states: ContentListenerState[] = [];
    cached.contentListener.onStateChange(({ state }) => states.push(state));
    expect(cached.contentListener.state).toBe("listening");
    expect(cached.contentCache.maxAgeMs()).toBe(HOUR_MS);
    await cached.dispose();
    expect(cached.contentListener.state).toBe("off");
    expect(states).toEqual(["off"]);

    const uncached = await createTestDatabase(kind);
    expect(uncached.contentListener.state).toBe("off");
    await uncached.dispose();
    // Two embedded databases to open: slow on a busy machine.
  }, 120_000);
});

describe.runIf(testDatabaseKinds.includes("postgres"))(
  "on postgres, with several instances",
  () => {
    test("two instances on one database both show an edit made with raw SQL", async () => {
      const first = await createTestDatabase("postgres", {
        contentCacheTtlMs: HOUR_MS,
      });
      const second = await openDatabase({
        databaseUrl: first.url,
        dataDir: "",
        contentCacheTtlMs: HOUR_MS,
      });
      const owner = await otherClient(first);
      try {
        expect(await titles(first.db)).toEqual([]);
        expect(await titles(second.db)).toEqual([]);
        await owner.query(
          `insert into core_values (title, description, icon)
           values ('Grit', 'Keep going.', 'Zap')`,
        );
        await expect.poll(() => titles(first.db), visible).toEqual(["Grit"]);
        await expect.poll(() => titles(second.db), visible).toEqual(["Grit"]);
        // One instance's own write reaches the other the same way.
        await second.db.delete(coreValues);
        await expect.poll(() => titles(first.db), visible).toEqual([]);
      } finally {
        await owner.close();
        await second.close();
        await first.dispose();
      }
    });

    test("a killed listener reconnects, forgets what it cached, and later edits show again", async () => {
      const database = await createTestDatabase("postgres", {
        contentCacheTtlMs: HOUR_MS,
      });
      const owner = await otherClient(database);
      const states: ContentListenerState[] = [];
      database.contentListener.onStateChange(({ state }) => states.push(state));
      try {
        const before = database.contentCache.version;
        await owner.query(
          `insert into core_values (title, description, icon)
           values ('Grit', 'Keep going.', 'Zap')`,
        );
        // The insert's notification has been handled; the next read is kept.
        await expect
          .poll(() => database.contentCache.version, visible)
          .toBeGreaterThan(before);
        expect(await titles(database.db)).toEqual(["Grit"]);
        // An edit whose notification is lost (triggers off for this
        // session), like one made while the listener is away: the cache
        // still holds the old read.
        await owner.query(`set session_replication_role = replica`);
        await owner.query(`update core_values set title = 'Missed'`);
        await owner.query(`set session_replication_role = origin`);
        expect(await titles(database.db)).toEqual(["Grit"]);

        const killed = await rows(
          database.db,
          sql`select pg_terminate_backend(pid) from pg_stat_activity
              where application_name = ${LISTENER_APPLICATION_NAME}
                and datname = current_database()`,
        );
        expect(killed).toHaveLength(1);
        await expect
          .poll(() => states, { timeout: 10_000 })
          .toEqual(["reconnecting", "listening"]);
        // Reconnected, it cannot know what it missed: it forgot everything.
        expect(await titles(database.db)).toEqual(["Missed"]);

        await owner.query(`update core_values set title = 'Grit again'`);
        await expect
          .poll(() => titles(database.db), visible)
          .toEqual(["Grit again"]);
      } finally {
        await owner.close();
        await database.dispose();
      }
    });
  },
);
