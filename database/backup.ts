// Backups are PostgreSQL's own plain SQL dumps (decision 038): pg_dump on
// PostgreSQL, the WebAssembly build of pg_dump in @electric-sql/pglite-tools
// on the embedded database. Either loads into a new database with `psql` and
// with `npm run restore` (restore.ts), whichever engine made it.
import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { open, rename, rm } from "node:fs/promises";
import { PassThrough, Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";

import type { PGlite, Transaction } from "@electric-sql/pglite";
import { pgDump } from "@electric-sql/pglite-tools/pg_dump";

/**
 * The same options on both engines. Rows as INSERT statements rather than
 * COPY, so the embedded database (which has no COPY from a client) loads
 * either engine's dump; no owners or grants, so it loads as any role. The
 * readers' daily salts must be gone 48 hours after their day began
 * (docs/PRIVACY.md), which a kept backup would defeat: their table is dumped
 * empty, and a restored site makes a new salt for the day.
 */
export const DUMP_OPTIONS = [
  "--no-owner",
  "--no-privileges",
  "--inserts",
  "--exclude-table-data=public.reader_salts",
];

/** What pg_dump writes last: a dump without it was cut off. */
export const DUMP_COMPLETE = "-- PostgreSQL database dump complete";

/** Whether pg_dump finished `text` (psql's closing `\unrestrict` line may follow). */
export function isCompleteDump(text: string): boolean {
  return /-- PostgreSQL database dump complete\n--\s*(?:\\unrestrict \w+\s*)?$/.test(
    text,
  );
}

export class BackupError extends Error {
  override name = "BackupError";
}

/**
 * A dump of the embedded database while the site keeps using it. PGlite is
 * one session: pg_dump runs inside a transaction of the site's own client,
 * so it waits for a transaction in flight and the site's next one waits for
 * it. The transaction is read-only REPEATABLE READ (one snapshot, as pg_dump
 * takes on PostgreSQL) and is rolled back at the end, which also undoes the
 * session settings pg_dump makes (it never ends its transaction itself).
 */
export async function dumpPglite(client: PGlite): Promise<string> {
  const text = await client.transaction(async (tx) => {
    await tx.exec("set transaction isolation level repeatable read, read only");
    const file = await pgDump({
      pg: throughTransaction(client, tx),
      args: DUMP_OPTIONS,
    });
    const dump = await file.text();
    await tx.rollback();
    return dump;
  });
  if (!isCompleteDump(text))
    throw new BackupError("pg_dump stopped before the end of the dump");
  // pg_dump 17 and later set transaction_timeout, which PostgreSQL 15 and
  // 16 do not know: without the line the dump loads into them with psql's
  // ON_ERROR_STOP too (it is 0, the default, anyway).
  return text.replace(/^SET transaction_timeout = 0;\n/m, "");
}

/**
 * The client as pgDump sees it: its queries go through the open transaction
 * (the client's own query() would wait for that transaction to end), its
 * wire-protocol calls to the client itself.
 */
function throughTransaction(client: PGlite, tx: Transaction): PGlite {
  return new Proxy(client, {
    get(target, property) {
      if (property === "query") return tx.query.bind(tx);
      if (property === "exec") return tx.exec.bind(tx);
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * A dump of a PostgreSQL database by the pg_dump on PATH, streamed. pg_dump
 * refuses a server newer than itself: its major version must be the
 * server's or later (docs/DEPLOY.md). The stream fails with pg_dump's own
 * message when it does.
 */
export function dumpPostgres(url: string, program = "pg_dump"): Readable {
  const output = new PassThrough();
  const child = spawn(program, [...DUMP_OPTIONS, "--dbname", url], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk: string) => {
    stderr += chunk;
  });
  child.stdout.pipe(output, { end: false });
  child.on("error", (error) => {
    output.destroy(
      new BackupError(
        `could not run ${program} (${error.message}): install PostgreSQL's client tools (Debian: postgresql-client)`,
      ),
    );
  });
  child.on("close", (code) => {
    if (code === 0) output.end();
    else
      output.destroy(
        new BackupError(
          `${program} failed (exit ${code}): ${stderr.trim() || "no message"}`,
        ),
      );
  });
  return output;
}

/** A dump as a stream, whichever engine made it. */
export function dumpStream(dump: string | Readable): Readable {
  return typeof dump === "string" ? Readable.from([dump]) : dump;
}

/**
 * Writes a dump to `file`, gzip'd (`gunzip -c FILE | psql` reads it); a
 * half-written file never takes the name. Returns the file's size.
 */
export async function writeDumpFile(
  file: string,
  dump: string | Readable,
): Promise<number> {
  const partial = `${file}.partial`;
  const out = createWriteStream(partial);
  try {
    await pipeline(dumpStream(dump), createGzip(), out);
    const handle = await open(partial, "r+");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partial, file);
    return out.bytesWritten;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** `site-20261127T031500Z.sql.gz`: names that sort by time. */
export function dumpFileName(at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, "").replace(/\.\d+/, "");
  return `site-${stamp}.sql.gz`;
}

/** When a file named by dumpFileName was written; undefined for any other name. */
export function dumpFileTime(name: string): Date | undefined {
  const match =
    /^site-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.sql\.gz$/.exec(name);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match;
  return new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
}
