// npm run db:newsletter-fixture -- --subscribers 10000: confirmed subscribers
// (database/newsletter-fixture.ts) in DATABASE_URL or the embedded database,
// for measuring the Subscribers screen and a send at scale. Mails go only to
// @fixture.example addresses, and only if the owner sends a post.
import { parseArgs } from "node:util";

import { openDatabase } from "~database/client";
import { seedNewsletterSubscribers } from "~database/newsletter-fixture";
import { parseEnv } from "~shared/env";

const { values } = parseArgs({
  options: { subscribers: { type: "string", default: "10000" } },
});
const count = Number(values.subscribers);
if (!Number.isInteger(count) || count < 1 || count > 1_000_000) {
  throw new Error(
    `--subscribers must be a whole number from 1 to 1000000, not "${values.subscribers}"`,
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
  const confirmed = await seedNewsletterSubscribers(database.db, count);
  console.log(`The list now has ${confirmed} confirmed subscribers.`);
} finally {
  await database.close();
}
