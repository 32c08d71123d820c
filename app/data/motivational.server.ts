import { z } from "zod";

import type { Database } from "~database/client";
import { motivationalSections } from "~database/schema";
import { lenientText, sectionBase } from "~/lib/content";

import { readByDisplayOrder } from "./display-order.server";

export const motivationalSectionSchema = sectionBase.extend({
  icon: z.string().nullable().catch(null),
  quote: lenientText,
});
export type MotivationalSection = z.infer<typeof motivationalSectionSchema>;

/** Motivational: motivational_sections ordered by display_order ascending (docs/CONTENT.md). */
export function readMotivationalSections(
  db: Database,
): Promise<MotivationalSection[]> {
  return readByDisplayOrder(
    db,
    motivationalSections,
    motivationalSectionSchema,
  );
}
