import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";

import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";

import { errorMessage } from "~shared/error-message";
import { createLogger } from "~shared/logger";
import type { Logger } from "~shared/logger";

import { dumpPglite, dumpPostgres } from "./backup";
import { ContentCache } from "./content-cache";
import {
  listenPglite,
  listenPostgres,
  noContentListener,
} from "./content-listener";
import type {
  ContentListener,
  ContentListenerHandlers,
} from "./content-listener";
import type { Database } from "./database-types";
import { restoreScript, serverMajor } from "./restore";
import type { RestoreOptions } from "./restore";
import * as schema from "./schema";

export type { Database, Executor, Schema, Transaction } from "./database-types";

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** True when this process created the embedded database just now. */
  created: boolean;
  /** The cache of content reads (a no-op when `contentCacheTtlMs` was 0 or unset). */
  contentCache: ContentCache;
  /**
   * The database's change notifications, which empty the content cache
   * (docs/decisions/013). Its `state` ('listening' | 'reconnecting' | 'off')
   * and `onStateChange` are for logs and metrics; 'off' when caching is off.
   */
  contentListener: ContentListener;
  /**
   * Listens on another channel by the same mechanism (a connection of its
   * own on PostgreSQL, reconnecting): `onChange` gets each payload, and
   * `onListening(true)` each (re)connect, after which notifications sent
   * meanwhile are lost. The caller closes it.
   */
  listen(
    channel: string,
    handlers: ContentListenerHandlers,
  ): Promise<ContentListener>;
  /** Applies the committed migrations; safe to call from several instances at once. */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * A plain SQL dump of the whole database (backup.ts): made in this process
   * on PGlite (the site's own session), streamed from pg_dump on PostgreSQL.
   */
  dump(): Promise<string | Readable>;
  /** Loads a dump (restore.ts) in one transaction: all of it, or nothing. */
  restore(
    dump: string,
    options: Omit<RestoreOptions, "serverMajor">,
  ): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Directory of the embedded database; "memory://" keeps it in memory (tests). */
  dataDir: string;
  migrationsDir?: string;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /**
   * Keep content reads at most this long while the database's change
   * notifications arrive (see content-cache.ts); 0 or unset reads through
   * and does not listen.
   */
  contentCacheTtlMs?: number;
  /** Where the driver's own failures are logged (the server hands in its logger); default: a logger of its own. */
  logger?: Logger;
  /**
   * PGlite only: a new data directory starts as this archive of one
   * (PGlite's dumpDataDir) instead of running initdb, the slow part of
   * opening an embedded database.
   */
  loadDataDir?: Blob;
}

const defaultMigrationsDir = () => path.resolve("drizzle");
// An arbitrary constant shared by every instance, so concurrent starts migrate one at a time.
const MIGRATION_LOCK_ID = 727_274_001;

export async function openDatabase(
  options: DatabaseOptions,
): Promise<DatabaseHandle> {
  const migrationsFolder = options.migrationsDir ?? defaultMigrationsDir();
  const cache = new ContentCache({ ttlMs: options.contentCacheTtlMs ?? 0 });
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, migrationsFolder, cache, options)
    : openPglite(options.dataDir, migrationsFolder, cache, options.loadDataDir);
}

// Without a TTL drizzle gets no cache at all, so reads skip its per-query hashing.
function cacheOption(cache: ContentCache): ContentCache | undefined {
  return cache.ttlMs > 0 ? cache : undefined;
}

/**
 * What a notification does: any change (or a reconnect, after which changes
 * may have been missed) forgets every cached read, and with them the pages
 * made from them (their content version is gone). Per-table forgetting would
 * gain little: most pages read several tables, and edits are rare.
 */
function contentChanges(cache: ContentCache) {
  return {
    onChange: () => cache.invalidateAll(),
    onListening: (listening: boolean) => {
      cache.listening = listening;
    },
  };
}

async function openPostgres(
  url: string,
  migrationsFolder: string,
  cache: ContentCache,
  options: DatabaseOptions,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: 5_000,
  });
  // A connection the database ends (a restart, pg_terminate_backend) must
  // never end the process. pg emits "error" on the client itself, and the
  // pool listens only while a client is idle: one checked out by a request
  // would throw an unhandled "error" event. So every client gets a listener
  // for its whole life; the request's query has already failed with the cause
  // (answered 503), and the pool drops the dead client when it is released.
  const logger = options.logger ?? createLogger();
  pool.on("connect", (client) => {
    client.on("error", (error) => {
      logger.error("database connection lost", {
        error: errorMessage(error),
      });
    });
  });
  // The pool re-emits an idle client's error, already logged above.
  pool.on("error", () => undefined);
  const db = drizzleNodePostgres(pool, { schema, cache: cacheOption(cache) });
  const contentListener =
    cache.ttlMs > 0
      ? await listenPostgres(url, contentChanges(cache))
      : noContentListener();
  return {
    db,
    kind: "postgres",
    created: false,
    contentCache: cache,
    contentListener,
    listen: (channel, handlers) =>
      listenPostgres(url, handlers, {
        channel,
        applicationName: `live-site ${channel} listener`,
      }),
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        try {
          await migrateNodePostgres(drizzleNodePostgres(client, { schema }), {
            migrationsFolder,
          });
        } finally {
          await client.query("select pg_advisory_unlock($1)", [
            MIGRATION_LOCK_ID,
          ]);
        }
      } finally {
        client.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async dump() {
      return dumpPostgres(url);
    },
    async restore(dump, options) {
      const script = restoreScript(dump, {
        ...options,
        serverMajor: await serverMajor(db),
      });
      const client = await pool.connect();
      try {
        await client.query("begin");
        try {
          await client.query(script);
          await client.query("commit");
        } catch (error) {
          await client.query("rollback");
          throw error;
        }
      } finally {
        client.release();
      }
    },
    async close() {
      await contentListener.close();
      await pool.end();
    },
  };
}

async function openPglite(
  dataDir: string,
  migrationsFolder: string,
  cache: ContentCache,
  loadDataDir: Blob | undefined,
): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith("memory://");
  const directory = inMemory ? dataDir : path.resolve(dataDir);
  const created = inMemory || !existsSync(path.join(directory, "PG_VERSION"));
  // PGlite creates the data directory itself but not its parent.
  if (!inMemory) mkdirSync(path.dirname(directory), { recursive: true });
  const client = new PGlite(
    directory,
    created && loadDataDir ? { loadDataDir } : {},
  );
  await client.waitReady;
  const db = drizzlePglite(client, { schema, cache: cacheOption(cache) });
  const contentListener =
    cache.ttlMs > 0
      ? await listenPglite(client, contentChanges(cache))
      : noContentListener();
  return {
    db,
    kind: "pglite",
    created,
    contentCache: cache,
    contentListener,
    listen: (channel, handlers) => listenPglite(client, handlers, channel),
    async migrate() {
      await migratePglite(db, { migrationsFolder });
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    dump: () => dumpPglite(client),
    async restore(dump, options) {
      const script = restoreScript(dump, {
        ...options,
        serverMajor: await serverMajor(db),
      });
      await client.transaction(async (tx) => {
        await tx.exec(script);
      });
    },
    async close() {
      await contentListener.close();
      if (!client.closed) await client.close();
    },
  };
}
