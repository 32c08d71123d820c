// Databases for tests: a fresh in-memory PGlite always, and a fresh database
// on the PostgreSQL server at TEST_DATABASE_URL when that is set.
import { createHash, randomBytes } from "node:crypto";
import {
  access,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
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
    const handle = await openDatabase({
      dataDir: "memory://",
      ...(migrate ? { loadDataDir: await migratedPglite() } : {}),
      ...options,
    });
    if (migrate) await handle.migrate();
    return { ...handle, dispose: () => handle.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const created = async () =>
    `create database ${name}` +
    (migrate ? ` template ${await migratedTemplate(adminUrl)}` : "");
  try {
    await admin.query(await created());
  } catch {
    // Another checkout's run, on other migrations, dropped it as stale.
    postgresTemplate = undefined;
    await admin.query(await created());
  } finally {
    await admin.end();
  }
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

/**
 * Each test's embedded database starts as a copy of one migrated once for
 * the whole run: initdb and the migrations are most of what opening one
 * costs, and each worker (and the file that mocks a module, in a scope of
 * its own) would otherwise make it again. The copy is a file named by the
 * migrations it holds; the run's global setup makes it before any worker
 * starts (tests/support/global-setup.ts), and a file on other migrations is
 * never read.
 */
let pgliteTemplate: Promise<Blob> | undefined;
function migratedPglite(): Promise<Blob> {
  pgliteTemplate ??= (async () =>
    new Blob([await readFile(await migratedPgliteFile())]))();
  return pgliteTemplate;
}

const STALE_COPY = /^live-site-pglite-[0-9a-f]{12}\.tar$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The path of the migrated PGlite copy, made if it is not there yet. */
export async function migratedPgliteFile(): Promise<string> {
  const file = path.join(
    tmpdir(),
    `live-site-pglite-${await migrationsHash()}.tar`,
  );
  try {
    await access(file);
    return file;
  } catch {
    // Not made yet: make it below.
  }
  const client = new PGlite("memory://");
  try {
    await migrate(drizzle(client), { migrationsFolder: "drizzle" });
    const dump = await client.dumpDataDir("none");
    // Whole or not at all: a worker reading it must never see half a file.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    await removeStaleCopies(file);
    return file;
  } finally {
    await client.close();
  }
}

/**
 * Copies of migrations since changed are of no further use. Only those a
 * day old go: another checkout's run, on other migrations, may be reading
 * its copy now.
 */
async function removeStaleCopies(current: string): Promise<void> {
  for (const name of await readdir(tmpdir())) {
    const other = path.join(tmpdir(), name);
    if (!STALE_COPY.test(name) || other === current) continue;
    // Gone meanwhile (another run cleaning up): nothing to remove.
    const changed = await stat(other).then(
      (found) => found.mtimeMs,
      () => Date.now(),
    );
    if (Date.now() - changed > DAY_MS) await rm(other, { force: true });
  }
}

/** A short hash of the migrations: the journal and every SQL file. */
async function migrationsHash(): Promise<string> {
  const journal = await readFile(path.resolve("drizzle/meta/_journal.json"));
  const sqlFiles = (await readdir(path.resolve("drizzle")))
    .filter((file) => file.endsWith(".sql"))
    .sort();
  const hash = createHash("sha256").update(journal);
  for (const file of sqlFiles) {
    hash.update(await readFile(path.resolve("drizzle", file)));
  }
  return hash.digest("hex").slice(0, 12);
}

/**
 * The PostgreSQL counterpart: a database migrated once, named by the
 * migrations it holds, that each test's database is created from. Workers
 * and runs share it; an advisory lock lets one of them make it.
 */
let postgresTemplate: Promise<string> | undefined;
function migratedTemplate(adminUrl: string): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `test_template_${await migrationsHash()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query("select pg_advisory_lock(727274002)");
      const found = await admin.query(
        "select 1 from pg_database where datname = $1",
        [name],
      );
      if (found.rowCount === 0) {
        await admin.query(`create database ${name}`);
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        const handle = await openDatabase({
          databaseUrl: url.toString(),
          dataDir: "",
        });
        try {
          await handle.migrate();
        } finally {
          await handle.close();
        }
        // Templates of migrations since changed are of no further use.
        const stale = await admin.query<{ datname: string }>(
          "select datname from pg_database where datname like 'test\\_template\\_%' and datname <> $1",
          [name],
        );
        for (const { datname } of stale.rows) {
          await admin.query(`drop database if exists ${datname} with (force)`);
        }
      }
    } finally {
      await admin.query("select pg_advisory_unlock(727274002)");
      await admin.end();
    }
    return name;
  })();
  return postgresTemplate;
}
