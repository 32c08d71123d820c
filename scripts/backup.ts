// npm run backup -- --out FILE: one file with every table of DATABASE_URL, or
// of the embedded database in DATA_DIR (stop the site first: an embedded
// database opens in one process at a time). On PostgreSQL it runs while the
// site serves: one consistent snapshot (database/backup.ts).
import path from "node:path";
import { parseArgs } from "node:util";

import { writeBackupFile } from "~database/backup";
import { parseEnv } from "~shared/env";

import { openCommandDatabase } from "./lib/command-database";

const { values } = parseArgs({ options: { out: { type: "string" } } });
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const file = path.resolve(values.out ?? `backup-${stamp}.jsonl.gz`);

const env = parseEnv();
const database = await openCommandDatabase(env);
try {
  const started = Date.now();
  const summary = await writeBackupFile(database.db, file, {
    database: database.kind,
  });
  console.log(
    `Backed up ${summary.rows} rows from ${summary.tables} tables (${database.kind}) to ${file}: ${summary.bytes} bytes in ${Date.now() - started} ms.`,
  );
} catch (error) {
  console.error(
    `Backup failed: ${error instanceof Error ? error.message : error}`,
  );
  process.exitCode = 1;
} finally {
  await database.close();
}
