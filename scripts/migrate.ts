// npm run db:migrate: applies the committed migrations to DATABASE_URL, or to
// the embedded database in DATA_DIR. Safe to run repeatedly.
import { openDatabase } from "~database/client";
import { parseEnv } from "~shared/env";

const env = parseEnv();
const database = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  dataDir: env.DATA_DIR,
});
try {
  await database.migrate();
  console.log(`Migrations applied (${database.kind}).`);
} finally {
  await database.close();
}
