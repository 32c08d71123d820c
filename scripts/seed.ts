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
import { importDemoPictures } from "~/studio/media/demo-pictures.server";
import { ContentError, importContent } from "~database/seed";
import { parseEnv } from "~shared/env";

import { openCommandDatabase } from "./lib/command-database";

const { values, positionals } = parseArgs({
  options: { dir: { type: "string", default: "content" } },
  allowPositionals: true,
});
const env = parseEnv();
const archiveFile = positionals[0] && path.resolve(positionals[0]);
const contentDir = path.resolve(values.dir);
const source = archiveFile || contentDir;

const database = await openCommandDatabase(
  env,
  archiveFile
    ? "While the site runs, the studio's import (/studio/export) takes the archive."
    : undefined,
).catch((error: unknown) => {
  console.error(
    `Could not open the database: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
try {
  await database.migrate();
  const report = archiveFile
    ? await importArchive(
        database.db,
        Readable.toWeb(
          createReadStream(archiveFile),
        ) as ReadableStream<Uint8Array>,
      )
    : { ...(await importContent(database.db, contentDir)), notices: [] };
  // The pictures the content's posts show, from public/, into the media library.
  const pictures = archiveFile
    ? 0
    : await importDemoPictures(database.db, path.resolve("public"));
  console.log(
    `Imported ${report.records} records from ${source} (${report.posts} posts, ${report.drafts} unpublished posts, ${report.sections} section rows, ${report.media + pictures} images) into ${database.kind}.`,
  );
  // What an archive from another host did to the social web's followers.
  for (const notice of report.notices) console.log(notice);
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
