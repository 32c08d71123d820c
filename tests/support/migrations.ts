// For upgrade tests: the project's migrations a few at a time, and an empty
// database of either kind to walk through them.
import { cpSync, mkdirSync, readFileSync } from "node:fs";
import { writeFileSync } from "node:fs";
import path from "node:path";

import { sql } from "drizzle-orm";

import { openDatabase } from "~database/client";
import type { DatabaseHandle } from "~database/client";

import { createTestDatabase } from "./database";
import type { TestDatabaseKind } from "./database";

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

const migrationsDir = path.resolve("drizzle");

export const journal = JSON.parse(
  readFileSync(path.join(migrationsDir, "meta", "_journal.json"), "utf8"),
) as { entries: JournalEntry[] } & Record<string, unknown>;

/** A migrations folder, under `scratch`, holding only the first `count` migrations. */
export function firstMigrations(scratch: string, count: number): string {
  const folder = path.join(scratch, `first-${count}`);
  mkdirSync(path.join(folder, "meta"), { recursive: true });
  const entries = journal.entries.slice(0, count);
  for (const entry of entries)
    cpSync(
      path.join(migrationsDir, `${entry.tag}.sql`),
      path.join(folder, `${entry.tag}.sql`),
    );
  writeFileSync(
    path.join(folder, "meta", "_journal.json"),
    JSON.stringify({ ...journal, entries }),
  );
  return folder;
}

/**
 * A database with no migration applied yet: an embedded directory under
 * `scratch`, or a fresh PostgreSQL database (its first migration undone by
 * dropping everything). `open` opens it with the given migrations folder
 * (all of drizzle/ without one).
 */
export async function unmigratedDatabase(
  kind: TestDatabaseKind,
  scratch: string,
): Promise<{
  open(migrationsDir?: string): Promise<DatabaseHandle>;
  dispose(): Promise<void>;
}> {
  const dataDir = path.join(scratch, `data-${kind}`);
  let databaseUrl: string | undefined;
  let dispose = async () => {};
  if (kind === "postgres") {
    const fresh = await createTestDatabase("postgres");
    await fresh.db.execute(sql`drop schema public cascade`);
    await fresh.db.execute(sql`create schema public`);
    await fresh.db.execute(sql`drop schema drizzle cascade`);
    databaseUrl = fresh.url;
    dispose = fresh.dispose;
  }
  return {
    open: (migrationsDir) =>
      openDatabase({ databaseUrl, dataDir, migrationsDir }),
    dispose,
  };
}
