// Rotates the social web's signing keys (decision 061): `npm run
// fediverse:rotate-keys`. The current pairs are retired (kept, so backups
// and the archive still carry them) and new ones made; followers' servers
// fetch the actor's new public key the next time a signature no longer
// verifies with the one they kept. No key is printed. Reads DATABASE_URL, or
// the embedded database in DATA_DIR (stop the server first).
import { rotateKeys } from "~server/fediverse/keys";
import { parseEnv } from "~shared/env";

import { openCommandDatabase } from "./lib/command-database";

const env = parseEnv();
const database = await openCommandDatabase(
  env,
  "The embedded database allows one process at a time: stop the site, rotate, start it again.",
);
try {
  await database.migrate();
  const ids = await rotateKeys(database.db);
  console.log(
    `New signing keys made (${ids.length}); the previous ones are retired. Every instance signs with the new ones from its next delivery.`,
  );
} finally {
  await database.close();
}
