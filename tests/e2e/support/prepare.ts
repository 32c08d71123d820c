// Prepares an embedded database for one kind of journey server before it starts.
import path from "node:path";

import { sql } from "drizzle-orm";

import { openDatabase } from "../../../database/client.ts";
import { importContent } from "../../../database/seed.ts";

/** Content tables the "broken" server cannot use: every read fails, and so does the contact insert. */
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
  "messages",
];

const kind = process.argv[2];
const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error("DATA_DIR is required");

const database = await openDatabase({ dataDir });
try {
  await database.migrate();
  if (kind !== "empty")
    await importContent(database.db, path.resolve("content"));
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
