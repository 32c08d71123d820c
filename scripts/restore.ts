// npm run restore -- FILE [--replace]: loads a backup (a plain SQL dump from
// `npm run backup`, gzip'd or not, from either engine) into DATABASE_URL, or
// into the embedded database in DATA_DIR with the site stopped, then applies
// the migrations a newer release brings. The database must hold no table
// unless --replace is given (which drops everything in it first); the load is
// one transaction, so a refused or damaged file changes nothing.
import path from "node:path";
import { parseArgs } from "node:util";

import { newestJournalMigration, readDumpFile } from "~database/restore";
import { posts } from "~database/schema";
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
  const started = Date.now();
  const dump = await readDumpFile(file);
  await database.restore(dump, {
    replace: values.replace,
    newestMigration: await newestJournalMigration(),
  });
  await database.migrate();
  console.log(
    `Restored ${file} into ${database.kind === "pglite" ? "the embedded database" : "PostgreSQL"} (${await database.db.$count(posts)} posts) in ${Date.now() - started} ms.`,
  );
} catch (error) {
  console.error(
    `Restore failed, nothing changed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
} finally {
  await database.close();
}
