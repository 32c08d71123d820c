// Prepares an embedded database for one kind of journey server before it starts.
import path from "node:path";

import { sql } from "drizzle-orm";

import { createOwner } from "../../../app/auth/owner.server.ts";
import { openDatabase } from "../../../database/client.ts";
import { importContent } from "../../../database/seed.ts";
import { OWNER_EMAIL, OWNER_PASSWORD } from "./auth.ts";

/** Content tables whose reads the "broken" server must fail. */
export const contentTables = [
  "core_values",
  "personal_journey_sections",
  "posts",
  "trail_philosophies",
  "music_philosophies",
  "fitness_philosophies",
  "fitness_routines",
  "nutrition_strategies",
  "leadership_philosophies",
  "mentoring_approaches",
  "leadership_lessons",
  "community_values",
  "community_events",
  "motivational_sections",
];

const kind = process.argv[2];
const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error("DATA_DIR is required");

const database = await openDatabase({ dataDir });
try {
  await database.migrate();
  if (kind !== "empty")
    await importContent(database.db, path.resolve("content"));
  if (kind === "mutable") {
    // Journeys that write sign in as this owner (signInAsOwner in ./auth.ts).
    await createOwner(database.db, {
      email: OWNER_EMAIL,
      password: OWNER_PASSWORD,
    });
  }
  if (kind === "broken") {
    for (const table of contentTables) {
      await database.db.execute(
        sql.raw(`alter table ${table} rename to ${table}_unreadable`),
      );
    }
  }
} finally {
  await database.close();
}
