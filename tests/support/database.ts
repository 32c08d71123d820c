// Databases for tests: a fresh in-memory PGlite always, and a fresh database
// on the PostgreSQL server at TEST_DATABASE_URL when that is set.
import { randomBytes } from "node:crypto";

import pg from "pg";

import { openDatabase } from "~database/client";
import type { DatabaseHandle } from "~database/client";

export type TestDatabaseKind = "pglite" | "postgres";

/** The kinds to run database tests on: PGlite, plus PostgreSQL when TEST_DATABASE_URL is set. */
export const testDatabaseKinds: TestDatabaseKind[] = process.env
  .TEST_DATABASE_URL
  ? ["pglite", "postgres"]
  : ["pglite"];

export interface TestDatabase extends DatabaseHandle {
  /** Connection string of the PostgreSQL database (postgres kind only). */
  url?: string;
  /** Closes and, on PostgreSQL, drops the database. */
  dispose(): Promise<void>;
}

/** Opens a new, migrated, empty database of the given kind. */
export async function createTestDatabase(
  kind: TestDatabaseKind,
  {
    migrate = true,
    ...options
  }: {
    contentCacheTtlMs?: number;
    /** false: an empty database with no tables (a restore's target). */
    migrate?: boolean;
  } = {},
): Promise<TestDatabase> {
  if (kind === "pglite") {
    const handle = await openDatabase({ dataDir: "memory://", ...options });
    if (migrate) await handle.migrate();
    return { ...handle, dispose: () => handle.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({
    databaseUrl: url.toString(),
    dataDir: "",
    ...options,
  });
  if (migrate) await handle.migrate();
  return {
    ...handle,
    url: url.toString(),
    async dispose() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
