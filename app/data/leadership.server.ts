import type { z } from "zod";

import { readAllOrNothing } from "~/lib/all-or-nothing";
import type { Database } from "~database/client";
import {
  leadershipLessons,
  leadershipPhilosophies,
  mentoringApproaches,
} from "~database/schema";

import { readByDisplayOrder } from "./display-order.server";
import type { ReadFailure } from "./read-failure.server";
import { lenientRowSchema } from "./section-rows.server";

export const leadershipPhilosophySchema = lenientRowSchema(
  "leadership_philosophies",
);
export type LeadershipPhilosophy = z.infer<typeof leadershipPhilosophySchema>;

export const mentoringApproachSchema = lenientRowSchema("mentoring_approaches");
export type MentoringApproach = z.infer<typeof mentoringApproachSchema>;

export const leadershipLessonSchema = lenientRowSchema("leadership_lessons");
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
    { db, key: "leadership" },
  );
}
