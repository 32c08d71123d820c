// npm run db:migrate: applies the committed migrations to DATABASE_URL, or to
// the embedded database in DATA_DIR. Safe to run repeatedly.
import { parseEnv } from "~shared/env";

import { openCommandDatabase } from "./lib/command-database";

const env = parseEnv();
const database = await openCommandDatabase(
  env,
  "The site applies the migrations itself when it starts.",
);
try {
  await database.migrate();
  console.log(`Migrations applied (${database.kind}).`);
} finally {
  await database.close();
}
