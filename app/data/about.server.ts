import type { z } from "zod";

import type { Database } from "~database/client";
import { coreValues, personalJourneySections } from "~database/schema";
import { DEFAULT_JOURNEY_BORDER, splitParagraphs } from "~/lib/content";

import { readByDisplayOrder } from "./display-order.server";
import { lenientRowSchema } from "./section-rows.server";

export const coreValueSchema = lenientRowSchema("core_values");
export type CoreValue = z.infer<typeof coreValueSchema>;

export { DEFAULT_JOURNEY_BORDER, splitParagraphs };

export const journeySectionSchema = lenientRowSchema(
  "personal_journey_sections",
).transform(({ id, title, content, borderColor }) => ({
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
