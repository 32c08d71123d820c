import { z } from "zod";

import { readAllOrNothing } from "~/lib/all-or-nothing";
import { lenientText, lenientTextList, sectionBase } from "~/lib/content";
import type { Database } from "~database/client";
import {
  leadershipLessons,
  leadershipPhilosophies,
  mentoringApproaches,
} from "~database/schema";

import { readByDisplayOrder } from "./display-order.server";
import type { ReadFailure } from "./read-failure.server";

export const leadershipPhilosophySchema = sectionBase.extend({
  quote: lenientText,
  icon: z.string().nullable().catch(null),
});
export type LeadershipPhilosophy = z.infer<typeof leadershipPhilosophySchema>;

export const mentoringApproachSchema = sectionBase.extend({
  results: lenientTextList,
});
export type MentoringApproach = z.infer<typeof mentoringApproachSchema>;

export const leadershipLessonSchema = sectionBase.extend({
  actions: lenientTextList,
});
export type LeadershipLesson = z.infer<typeof leadershipLessonSchema>;

/**
 * Leadership: leadership_philosophies, mentoring_approaches and
 * leadership_lessons, each ordered by display_order ascending, fetched in
 * parallel; one failure abandons the whole load
 * (a page shows all its lists or a notice, never half).
 */
export function loadLeadershipLists(db: Database, failure: ReadFailure) {
  return readAllOrNothing(
    {
      philosophies: () =>
        readByDisplayOrder(
          db,
          leadershipPhilosophies,
          leadershipPhilosophySchema,
        ),
      approaches: () =>
        readByDisplayOrder(db, mentoringApproaches, mentoringApproachSchema),
      lessons: () =>
        readByDisplayOrder(db, leadershipLessons, leadershipLessonSchema),
    },
    failure,
  );
}
