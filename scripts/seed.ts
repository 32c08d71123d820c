// npm run db:seed: validates every file in content/ (or, with
// `-- FILE`, a content archive from `npm run content:export` or the studio's
// "Export everything") and upserts it into DATABASE_URL or the embedded
// database. A bad record is reported with its file, field and reason, and
// nothing is written.
import { createReadStream } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { parseArgs } from "node:util";

import { importArchive } from "~/data/content-archive.server";
import { openDatabase } from "~database/client";
import { ContentError, importContent } from "~database/seed";
import { parseEnv } from "~shared/env";

const { values, positionals } = parseArgs({
  options: { dir: { type: "string", default: "content" } },
  allowPositionals: true,
});
const env = parseEnv();
const archiveFile = positionals[0] && path.resolve(positionals[0]);
const contentDir = path.resolve(values.dir);
const source = archiveFile || contentDir;

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
  const report = archiveFile
    ? await importArchive(
        database.db,
        Readable.toWeb(
          createReadStream(archiveFile),
        ) as ReadableStream<Uint8Array>,
      )
    : await importContent(database.db, contentDir);
  console.log(
    `Imported ${report.records} records from ${source} (${report.posts} posts, ${report.drafts} unpublished posts, ${report.sections} section rows, ${report.media} images) into ${database.kind}.`,
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
