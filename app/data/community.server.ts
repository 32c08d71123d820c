import type { z } from "zod";

import type { Database } from "~database/client";
import { communityEvents, communityValues } from "~database/schema";

import { readByDisplayOrder } from "./display-order.server";
import type { eventDetailSchema } from "./section-rows.server";
import { lenientRowSchema } from "./section-rows.server";

export const communityValueSchema = lenientRowSchema("community_values");
export type CommunityValue = z.infer<typeof communityValueSchema>;

export type CommunityEventDetail = z.infer<typeof eventDetailSchema>;

export const communityEventSchema = lenientRowSchema("community_events");
export type CommunityEvent = z.infer<typeof communityEventSchema>;

/** Community: community_values ordered by display_order (docs/CONTENT.md). */
export function readCommunityValues(db: Database): Promise<CommunityValue[]> {
  return readByDisplayOrder(db, communityValues, communityValueSchema);
}

/** Community: community_events ordered by display_order (docs/CONTENT.md). */
export function readCommunityEvents(db: Database): Promise<CommunityEvent[]> {
  return readByDisplayOrder(db, communityEvents, communityEventSchema);
}
