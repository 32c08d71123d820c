// The database a command line tool opens: DATABASE_URL, or the embedded
// database in DATA_DIR, refused while a running site holds that directory.
import { existsSync } from "node:fs";
import path from "node:path";

import { openDatabase } from "~database/client";
import type { DatabaseHandle } from "~database/client";
import type { Env } from "~shared/env";

/**
 * Why the embedded database in `dataDir` cannot be opened now, or undefined.
 * PGlite lets one process at a time use a data directory, and does not lock
 * it: a second process would corrupt it. An open directory holds
 * postmaster.pid (and keeps it after a crash).
 */
export function embeddedDatabaseInUse(
  dataDir: string,
  instead?: string,
): string | undefined {
  const directory = path.resolve(dataDir);
  if (!existsSync(path.join(directory, "postmaster.pid"))) return undefined;
  return (
    `The embedded database in ${directory} is in use, most likely by the running site.\n` +
    "Stop the site (Ctrl+C, or SIGTERM), run this command again, then start the site.\n" +
    (instead ? `${instead}\n` : "") +
    "(If no site is running, it did not shut down cleanly: start and stop it once.)"
  );
}

/**
 * Opens the command's database; with the embedded database in use, prints
 * why and what to do instead, and exits with status 1 before touching it.
 */
export async function openCommandDatabase(
  env: Pick<Env, "DATABASE_URL" | "DATA_DIR">,
  /** What the owner can do instead while the site runs (a studio screen). */
  instead?: string,
): Promise<DatabaseHandle> {
  if (!env.DATABASE_URL) {
    const inUse = embeddedDatabaseInUse(env.DATA_DIR, instead);
    if (inUse) {
      console.error(inUse);
      process.exit(1);
    }
  }
  return openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
}
