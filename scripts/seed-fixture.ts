// npm run db:fixture -- --posts 2000: the demo content plus a large,
// realistic set of posts (database/fixture.ts) in DATABASE_URL or the
// embedded database, for measuring the site at scale. Meant for a fresh
// database; running it again adds nothing.
import { parseEnv } from "~shared/env";

import { fixturePostsArgument, prepareFixtureDatabase } from "./lib/budgets";
import { embeddedDatabaseInUse } from "./lib/command-database";

const count = fixturePostsArgument() || 2000;
const env = parseEnv();
const inUse = env.DATABASE_URL
  ? undefined
  : embeddedDatabaseInUse(env.DATA_DIR);
if (inUse) {
  console.error(inUse);
  process.exit(1);
}
const added = await prepareFixtureDatabase(
  env.DATABASE_URL
    ? { databaseUrl: env.DATABASE_URL }
    : { dataDir: env.DATA_DIR },
  count,
);
console.log(
  `Added ${added} generated posts (of ${count}) beside the demo content.`,
);
