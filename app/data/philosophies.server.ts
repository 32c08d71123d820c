// The philosophy cards of the Hiking and Live Music pages: the same shape,
// each from its own table.
import type { z } from "zod";

import type { Database } from "~database/client";
import { musicPhilosophies, trailPhilosophies } from "~database/schema";

import { readByDisplayOrder } from "./display-order.server";
import { lenientRowSchema } from "./section-rows.server";

export const philosophySchema = lenientRowSchema("trail_philosophies");
export const musicPhilosophySchema = lenientRowSchema("music_philosophies");
export type Philosophy = z.infer<typeof philosophySchema>;

/** Hiking: trail_philosophies ordered by display_order ascending (docs/CONTENT.md). */
export function readTrailPhilosophies(db: Database): Promise<Philosophy[]> {
  return readByDisplayOrder(db, trailPhilosophies, philosophySchema);
}

/** Music: music_philosophies ordered by display_order ascending (docs/CONTENT.md). */
export function readMusicPhilosophies(db: Database): Promise<Philosophy[]> {
  return readByDisplayOrder(db, musicPhilosophies, musicPhilosophySchema);
}
