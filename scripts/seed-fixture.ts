// npm run db:fixture -- --posts 2000: the demo content plus a large,
// realistic set of posts (database/fixture.ts) in DATABASE_URL or the
// embedded database, for measuring the site at scale. Meant for a fresh
// database; running it again adds nothing.
import path from "node:path";
import { parseArgs } from "node:util";

import { openDatabase } from "~database/client";
import { seedFixture } from "~database/fixture";
import { importContent } from "~database/seed";
import { parseEnv } from "~shared/env";

const { values } = parseArgs({
  options: { posts: { type: "string", default: "2000" } },
});
const count = Number(values.posts);
if (!Number.isInteger(count) || count < 1 || count > 100_000) {
  console.error("--posts is a whole number from 1 to 100000");
  process.exit(2);
}
const env = parseEnv();
const database = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  dataDir: env.DATA_DIR,
});
try {
  await database.migrate();
  await importContent(database.db, path.resolve("content"));
  const added = await seedFixture(database.db, count);
  console.log(
    `Added ${added} fixture posts (of ${count}) beside the demo content in ${database.kind}.`,
  );
} finally {
  await database.close();
}
