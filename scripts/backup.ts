// npm run backup -- [--out FILE]: a plain SQL dump of the whole database,
// gzip'd, that `npm run restore` or `gunzip -c FILE | psql` loads into
// either engine (decision 038). On PostgreSQL (DATABASE_URL) it is pg_dump's;
// on the embedded database (DATA_DIR) the running site makes it and sends it
// over its backup socket, or, with the site stopped, this command opens the
// directory and makes it itself. Either way while the site serves.
import { existsSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import type { Readable } from "node:stream";
import { parseArgs } from "node:util";

import { BackupError, dumpFileName, writeDumpFile } from "~database/backup";
import { parseEnv } from "~shared/env";
import { backupSocketPath } from "~server/backups";

import {
  embeddedDatabaseInUse,
  openCommandDatabase,
} from "./lib/command-database";

/** The running site's dump, over its socket. */
function askRunningSite(socketPath: string): Promise<Readable> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { socketPath, path: "/backup", timeout: 10 * 60_000 },
      (response) => {
        if (response.statusCode === 200) {
          resolve(response);
          return;
        }
        let message = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (message += chunk));
        response.on("end", () =>
          reject(
            new BackupError(
              `the site could not make the backup: ${message.trim()}`,
            ),
          ),
        );
      },
    );
    request.on("timeout", () =>
      request.destroy(new BackupError("the site did not answer in time")),
    );
    request.on("error", reject);
  });
}

const { values } = parseArgs({ options: { out: { type: "string" } } });
const file = path.resolve(values.out ?? dumpFileName(new Date()));
const env = parseEnv();
const started = Date.now();

async function backUp(): Promise<{ bytes: number; from: string }> {
  if (!env.DATABASE_URL && embeddedDatabaseInUse(env.DATA_DIR)) {
    const socketPath = backupSocketPath(env.DATA_DIR);
    if (!existsSync(socketPath))
      throw new BackupError(
        `the embedded database in ${path.resolve(env.DATA_DIR)} is in use, but no site answers at ${socketPath}. ` +
          "Start the site (or stop it and run this again); if no site is running, it did not shut down cleanly: start and stop it once.",
      );
    const dump = await askRunningSite(socketPath);
    return {
      bytes: await writeDumpFile(file, dump),
      from: "the running site (embedded database)",
    };
  }
  if (!env.DATABASE_URL && !existsSync(path.join(env.DATA_DIR, "PG_VERSION")))
    throw new BackupError(
      `there is no embedded database in ${path.resolve(env.DATA_DIR)} (set DATA_DIR, or DATABASE_URL for PostgreSQL)`,
    );
  const database = await openCommandDatabase(env);
  try {
    return {
      bytes: await writeDumpFile(file, await database.dump()),
      from: database.kind === "pglite" ? "the embedded database" : "PostgreSQL",
    };
  } finally {
    await database.close();
  }
}

try {
  const { bytes, from } = await backUp();
  console.log(
    `Backed up ${from} to ${file}: ${bytes} bytes in ${Date.now() - started} ms.`,
  );
} catch (error) {
  console.error(
    `Backup failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
}
