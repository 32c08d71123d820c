import { asc } from "drizzle-orm";
import { z } from "zod";

import type { Database } from "~database/client";
import { coreValues, personalJourneySections } from "~database/schema";
import { lenientText, parseRows, sectionBase } from "~/lib/content";

const coreValueSchema = sectionBase.extend({
  icon: z.string().nullable().catch(null),
});
export type CoreValue = z.infer<typeof coreValueSchema>;

export const DEFAULT_JOURNEY_BORDER = "#10b981";

const journeySectionSchema = z.object({
  id: z.string(),
  title: lenientText,
  content: lenientText,
  borderColor: z
    .string()
    .regex(/^(#[0-9a-f]{3,8}|[a-z]+|(rgb|hsl)a?\([\d\s.,%]+\))$/i)
    .nullable()
    .catch(null)
    .transform((value) => value ?? DEFAULT_JOURNEY_BORDER),
});
export type JourneySection = z.infer<typeof journeySectionSchema>;

/** About: core_values ordered by display_order ascending (spec §7). */
export async function readCoreValues(db: Database): Promise<CoreValue[]> {
  const rows = await db
    .select()
    .from(coreValues)
    .orderBy(asc(coreValues.displayOrder));
  return parseRows(coreValueSchema, rows);
}

/** About: personal_journey_sections ordered by display_order ascending (spec §7). */
export async function readJourneySections(
  db: Database,
): Promise<JourneySection[]> {
  const rows = await db
    .select()
    .from(personalJourneySections)
    .orderBy(asc(personalJourneySections.displayOrder));
  return parseRows(journeySectionSchema, rows);
}
