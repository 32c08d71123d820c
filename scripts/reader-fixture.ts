// npm run db:readers-fixture -- --views 1000000: generated reader views over
// the last 30 days (database/reader-fixture.ts) in DATABASE_URL or the
// embedded database, folded into daily totals as the site would fold them,
// for measuring the Readers screen at scale.
import { parseArgs } from "node:util";

import { maintainReaders } from "~/data/reader-views.server";
import { openDatabase } from "~database/client";
import { seedReaderViews } from "~database/reader-fixture";
import { parseEnv } from "~shared/env";

const { values } = parseArgs({
  options: { views: { type: "string", default: "1000000" } },
});
const views = Number(values.views);
if (!Number.isInteger(views) || views < 1) {
  throw new Error(
    `--views must be a whole number above 0, not "${values.views}"`,
  );
}
const env = parseEnv();
const database = await openDatabase(
  env.DATABASE_URL
    ? { databaseUrl: env.DATABASE_URL, dataDir: "" }
    : { dataDir: env.DATA_DIR },
);
try {
  await database.migrate();
  const now = new Date();
  await seedReaderViews(database.db, { count: views, days: 30, now });
  const report = await maintainReaders(database.db, now);
  console.log(
    `Added ${views} reader views over the last 30 days; folded ${report.folded.length} days.`,
  );
} finally {
  await database.close();
}
