// Loading a backup (a plain SQL dump from pg_dump, backup.ts) into either
// engine: the dump's own statements, with a check before (the target holds
// nothing, or --replace drops what it holds) and one after (the dump is not
// from a newer release than this one), all in one transaction, so a damaged
// or refused dump changes nothing.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { gunzip } from "node:zlib";
import { promisify } from "node:util";

import { sql } from "drizzle-orm";

import { BackupError, isCompleteDump } from "./backup";
import type { Database } from "./database-types";

export { BackupError as RestoreError };

export interface RestoreOptions {
  /** Drop every table (and the migrations' record) first; without it a database holding any table is refused. */
  replace?: boolean;
  /** The `when` of the newest migration this release has: a dump with a later one is refused. */
  newestMigration: number;
  /** The target's major version: lines a dump from a newer pg_dump has that an older server refuses are left out. */
  serverMajor: number;
}

/** A dump file's text, gzip'd or plain; refused when it is not a whole pg_dump plain dump. */
export async function readDumpFile(file: string): Promise<string> {
  const raw = await readFile(file);
  let bytes: Buffer = raw;
  if (raw[0] === 0x1f && raw[1] === 0x8b) {
    try {
      bytes = await promisify(gunzip)(raw);
    } catch {
      throw new BackupError(
        "the backup file is damaged or cut off (its gzip stream does not end): nothing was restored",
      );
    }
  }
  const text = bytes.toString("utf8");
  if (!/^--\s*\n-- PostgreSQL database dump\s*\n/.test(text))
    throw new BackupError(
      "not a PostgreSQL dump in plain SQL (make one with `npm run backup`)",
    );
  if (!isCompleteDump(text))
    throw new BackupError(
      "the backup file is cut off (pg_dump's closing line is missing): nothing was restored",
    );
  return text;
}

const quoteLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * The SQL a restore runs: the checks around the dump's statements. psql's
 * `\restrict` lines (pg_dump 15.14 and later) are for psql only; a COPY
 * block needs psql to send its rows, so such a dump is refused here (load
 * it with psql, or make it with `npm run backup`, which writes INSERTs).
 */
export function restoreScript(dump: string, options: RestoreOptions): string {
  if (/^COPY .* FROM stdin;$/m.test(dump))
    throw new BackupError(
      "this dump holds its rows as COPY blocks, which only psql loads: load it with psql, or make the dump with `npm run backup` (INSERTs)",
    );
  let body = dump.replace(/^\\(?:un)?restrict [A-Za-z0-9]+$/gm, "");
  if (options.serverMajor < 17)
    body = body.replace(/^SET transaction_timeout = 0;$/m, "");
  const before = options.replace
    ? `drop schema if exists drizzle cascade;
       drop schema if exists public cascade;
       create schema public;`
    : `do $$ begin
         if exists (select 1 from pg_catalog.pg_tables where schemaname in ('public', 'drizzle')) then
           raise exception 'the database is not empty: restore into a new database, or pass --replace to drop everything in it first';
         end if;
       end $$;`;
  const after = `do $$ begin
      if to_regclass('drizzle.__drizzle_migrations') is not null and exists (
        select 1 from drizzle.__drizzle_migrations where created_at > ${options.newestMigration}) then
        raise exception 'the backup was made by a newer version of the site (it has migrations this release lacks): upgrade the site, then restore';
      end if;
    end $$;
    select pg_catalog.set_config('search_path', ${quoteLiteral('"$user", public')}, false);`;
  return `${before}\n${body}\n${after}\n`;
}

/** The `when` of the newest migration in the release's journal. */
export async function newestJournalMigration(
  migrationsDir = path.resolve("drizzle"),
): Promise<number> {
  const journal = JSON.parse(
    await readFile(path.join(migrationsDir, "meta", "_journal.json"), "utf8"),
  ) as { entries: Array<{ when: number }> };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

type Executor = Pick<Database, "execute">;

async function rows<T>(db: Executor, query: ReturnType<typeof sql>) {
  const result = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** The migrations applied to this database (their journal `when`), oldest first. */
export async function appliedMigrations(db: Executor): Promise<number[]> {
  const [exists] = await rows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as "present"`,
  );
  if (!exists?.present) return [];
  const applied = await rows<{ created_at: string | number }>(
    db,
    sql`select created_at from drizzle.__drizzle_migrations order by created_at`,
  );
  return applied.map((row) => Number(row.created_at));
}

/** The server's major version (15 for 15.20, 18 for PGlite's 18.x). */
export async function serverMajor(db: Executor): Promise<number> {
  const [row] = await rows<{ version: string | number }>(
    db,
    sql`select current_setting('server_version_num') as "version"`,
  );
  return Math.floor(Number(row?.version ?? 0) / 10_000);
}
