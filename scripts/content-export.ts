// npm run content:export -- --out FILE: every public post, the studio's
// drafts and scheduled posts, every section table and uploaded image as one
// .tar.gz (docs/decisions/023-content-archive.md), the same archive as the
// studio's "Export everything". `npm run db:seed -- FILE` imports it. Reads DATABASE_URL, or the embedded database in DATA_DIR (stop
// the server first when it uses the embedded database).
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";

import { archiveName, exportArchive } from "~/data/content-archive.server";
import { parseEnv } from "~shared/env";

import { openCommandDatabase } from "./lib/command-database";

const { values } = parseArgs({
  options: { out: { type: "string" } },
});
const now = new Date();
const out = path.resolve(values.out ?? archiveName(now));

const env = parseEnv();
const database = await openCommandDatabase(
  env,
  'While the site runs, the studio\'s "Export everything" (/studio/export) downloads the same archive.',
);
try {
  const archive = await exportArchive(database.db, now, env.SITE_URL);
  await writeFile(out, archive);
  console.log(`Wrote ${out} (${archive.length} bytes).`);
} finally {
  await database.close();
}
