import type { z } from "zod";

import type { Database } from "~database/client";
import { motivationalSections } from "~database/schema";

import { readByDisplayOrder } from "./display-order.server";
import { lenientRowSchema } from "./section-rows.server";

export const motivationalSectionSchema = lenientRowSchema(
  "motivational_sections",
);
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
