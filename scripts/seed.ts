// npm run db:seed: validates every file in content/ and upserts it into
// DATABASE_URL or the embedded database. A bad record is reported with its
// file, field and reason, and nothing is written.
import path from "node:path";
import { parseArgs } from "node:util";

import { openDatabase } from "~database/client";
import { ContentError, importContent } from "~database/seed";
import { parseEnv } from "~shared/env";

const { values } = parseArgs({
  options: { dir: { type: "string", default: "content" } },
});
const env = parseEnv();
const contentDir = path.resolve(values.dir);

let database;
try {
  database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
  });
} catch (error) {
  console.error(
    `Could not open the database: ${error instanceof Error ? error.message : String(error)}` +
      (env.DATABASE_URL
        ? ""
        : `\nIs the site running? The embedded database in ${env.DATA_DIR} can be opened by one process at a time.`),
  );
  process.exit(1);
}
try {
  await database.migrate();
  const report = await importContent(database.db, contentDir);
  console.log(
    `Imported ${report.records} records from ${contentDir} (${report.posts} posts, ${report.sections} section rows) into ${database.kind}.`,
  );
} catch (error) {
  if (error instanceof ContentError) {
    console.error(error.message);
    console.error("Nothing was written.");
    process.exitCode = 1;
  } else {
    throw error;
  }
} finally {
  await database.close();
}
