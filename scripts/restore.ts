// npm run restore -- FILE [--replace]: loads a backup into DATABASE_URL, or
// into the embedded database in DATA_DIR, after applying the migrations. The
// database must be empty unless --replace is given (which empties it first);
// everything happens in one transaction, so a failure changes nothing.
import path from "node:path";
import { parseArgs } from "node:util";

import { readBackupLines, restoreBackup } from "~database/backup";
import { parseEnv } from "~shared/env";

import { openCommandDatabase } from "./lib/command-database";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { replace: { type: "boolean", default: false } },
});
const [input] = positionals;
if (!input) {
  console.error("Usage: npm run restore -- FILE [--replace]");
  process.exit(2);
}
const file = path.resolve(input);

const env = parseEnv();
const database = await openCommandDatabase(env);
try {
  await database.migrate();
  const started = Date.now();
  const summary = await restoreBackup(database.db, readBackupLines(file), {
    replace: values.replace,
  });
  console.log(
    `Restored ${summary.rows} rows into ${summary.tables} tables (${database.kind}) in ${Date.now() - started} ms.`,
  );
  if (summary.defaulted.length)
    console.log(
      `Columns newer than the backup took their defaults: ${summary.defaulted.join(", ")}`,
    );
} catch (error) {
  console.error(
    `Restore failed, nothing changed: ${error instanceof Error ? error.message : error}`,
  );
  process.exitCode = 1;
} finally {
  await database.close();
}
