import { z } from "zod";

import type { Database } from "~database/client";
import { communityEvents, communityValues } from "~database/schema";
import { lenientText, parseRows, sectionBase } from "~/lib/content";

import { readByDisplayOrder } from "./display-order.server";

export const communityValueSchema = sectionBase.extend({
  icon: z.string().nullable().catch(null),
});
export type CommunityValue = z.infer<typeof communityValueSchema>;

const eventDetailSchema = z.object({
  icon: z.string().nullable().catch(null),
  text: z.string().min(1),
});
export type CommunityEventDetail = z.infer<typeof eventDetailSchema>;

export const communityEventSchema = sectionBase.extend({
  type: lenientText,
  // A detail without text says nothing; drop it and keep the rest.
  details: z
    .array(z.unknown())
    .catch([])
    .transform((details) => parseRows(eventDetailSchema, details)),
});
export type CommunityEvent = z.infer<typeof communityEventSchema>;

/** Community: community_values ordered by display_order (docs/CONTENT.md). */
export function readCommunityValues(db: Database): Promise<CommunityValue[]> {
  return readByDisplayOrder(db, communityValues, communityValueSchema);
}

/** Community: community_events ordered by display_order (docs/CONTENT.md). */
export function readCommunityEvents(db: Database): Promise<CommunityEvent[]> {
  return readByDisplayOrder(db, communityEvents, communityEventSchema);
}
