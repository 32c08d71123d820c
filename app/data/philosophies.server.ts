// The philosophy cards of the Hiking and Live Music pages: the same shape,
// each from its own table.
import { asc } from "drizzle-orm";
import { z } from "zod";

import type { Database } from "~database/client";
import { musicPhilosophies, trailPhilosophies } from "~database/schema";
import { parseRows, sectionBase } from "~/lib/content";

const philosophySchema = sectionBase.extend({
  icon: z.string().nullable().catch(null),
});
export type Philosophy = z.infer<typeof philosophySchema>;

/** Hiking: trail_philosophies ordered by display_order ascending (docs/CONTENT.md). */
export async function readTrailPhilosophies(
  db: Database,
): Promise<Philosophy[]> {
  const rows = await db
    .select()
    .from(trailPhilosophies)
    .orderBy(asc(trailPhilosophies.displayOrder));
  return parseRows(philosophySchema, rows);
}

/** Music: music_philosophies ordered by display_order ascending (docs/CONTENT.md). */
export async function readMusicPhilosophies(
  db: Database,
): Promise<Philosophy[]> {
  const rows = await db
    .select()
    .from(musicPhilosophies)
    .orderBy(asc(musicPhilosophies.displayOrder));
  return parseRows(philosophySchema, rows);
}
