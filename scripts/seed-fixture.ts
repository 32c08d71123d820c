// npm run db:fixture -- --posts 2000 [--images 500] [--messages 5000]: the
// demo content plus a large, realistic set of posts (database/fixture.ts),
// and when asked uploaded images and contact messages for the studio, in
// DATABASE_URL or the embedded database, for measuring the site at scale.
// Meant for a fresh database; running it again adds nothing.
import { parseEnv } from "~shared/env";

import { fixturePostsArgument, prepareFixtureDatabase } from "./lib/budgets";
import { embeddedDatabaseInUse } from "./lib/command-database";
import {
  seedStudioFixture,
  studioFixtureArguments,
} from "./lib/studio-fixture";

const count = fixturePostsArgument() || 2000;
const studio = studioFixtureArguments();
const env = parseEnv();
const inUse = env.DATABASE_URL
  ? undefined
  : embeddedDatabaseInUse(env.DATA_DIR);
if (inUse) {
  console.error(inUse);
  process.exit(1);
}
const target = env.DATABASE_URL
  ? { databaseUrl: env.DATABASE_URL }
  : { dataDir: env.DATA_DIR };
const added = await prepareFixtureDatabase(target, count);
console.log(
  `Added ${added} generated posts (of ${count}) beside the demo content.`,
);
const studioAdded = await seedStudioFixture(target, studio);
if (studio.images > 0 || studio.messages > 0) {
  console.log(
    `Added ${studioAdded.images} images (of ${studio.images}) and ${studioAdded.messages} messages (of ${studio.messages}).`,
  );
}
