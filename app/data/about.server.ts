import { z } from "zod";

import type { Database } from "~database/client";
import { coreValues, personalJourneySections } from "~database/schema";
import { lenientText, sectionBase } from "~/lib/content";

import { readByDisplayOrder } from "./display-order.server";

const coreValueSchema = sectionBase.extend({
  icon: z.string().nullable().catch(null),
});
export type CoreValue = z.infer<typeof coreValueSchema>;

/** The journey border when a section names no colour (default green). */
export const DEFAULT_JOURNEY_BORDER = "#10b981";

/** A section's content as paragraphs: split on blank lines. */
export function splitParagraphs(content: string): string[] {
  return content
    .split(/\r?\n[ \t]*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0);
}

const journeySectionSchema = z
  .object({
    id: z.string(),
    title: lenientText,
    content: lenientText,
    // Only plain colour values reach the style attribute.
    borderColor: z
      .string()
      .regex(/^(#[0-9a-f]{3,8}|[a-z]+|(rgb|hsl)a?\([\d\s.,%]+\))$/i)
      .nullable()
      .catch(null),
  })
  .transform(({ id, title, content, borderColor }) => ({
    id,
    title,
    paragraphs: splitParagraphs(content),
    borderColor: borderColor ?? DEFAULT_JOURNEY_BORDER,
  }));
export type JourneySection = z.infer<typeof journeySectionSchema>;

/** About: core_values ordered by display_order ascending (docs/CONTENT.md). */
export function readCoreValues(db: Database): Promise<CoreValue[]> {
  return readByDisplayOrder(db, coreValues, coreValueSchema);
}

/** About: personal_journey_sections ordered by display_order ascending (docs/CONTENT.md). */
export function readJourneySections(db: Database): Promise<JourneySection[]> {
  return readByDisplayOrder(db, personalJourneySections, journeySectionSchema);
}
