import { asc } from "drizzle-orm";
import { z } from "zod";

import type { Database } from "~database/client";
import { motivationalSections } from "~database/schema";
import { lenientText, parseRows, sectionBase } from "~/lib/content";

const motivationalSectionSchema = sectionBase.extend({
  icon: z.string().nullable().catch(null),
  quote: lenientText,
});
export type MotivationalSection = z.infer<typeof motivationalSectionSchema>;

/** Motivational: motivational_sections ordered by display_order ascending (spec §7). */
export async function readMotivationalSections(
  db: Database,
): Promise<MotivationalSection[]> {
  const rows = await db
    .select()
    .from(motivationalSections)
    .orderBy(asc(motivationalSections.displayOrder));
  return parseRows(motivationalSectionSchema, rows);
}
