import { asc } from "drizzle-orm";
import { z } from "zod";

import type { Database } from "~database/client";
import {
  leadershipLessons,
  leadershipPhilosophies,
  mentoringApproaches,
} from "~database/schema";
import { readAllOrNothing } from "~/lib/all-or-nothing";
import {
  lenientText,
  lenientTextList,
  parseRows,
  sectionBase,
} from "~/lib/content";
import type { ToastInput } from "~/lib/toast";

const leadershipPhilosophySchema = sectionBase.extend({
  quote: lenientText,
  icon: z.string().nullable().catch(null),
});
export type LeadershipPhilosophy = z.infer<typeof leadershipPhilosophySchema>;

const mentoringApproachSchema = sectionBase.extend({
  results: lenientTextList,
});
export type MentoringApproach = z.infer<typeof mentoringApproachSchema>;

const leadershipLessonSchema = sectionBase.extend({
  actions: lenientTextList,
});
export type LeadershipLesson = z.infer<typeof leadershipLessonSchema>;

export async function readLeadershipPhilosophies(
  db: Database,
): Promise<LeadershipPhilosophy[]> {
  const rows = await db
    .select()
    .from(leadershipPhilosophies)
    .orderBy(asc(leadershipPhilosophies.displayOrder));
  return parseRows(leadershipPhilosophySchema, rows);
}

export async function readMentoringApproaches(
  db: Database,
): Promise<MentoringApproach[]> {
  const rows = await db
    .select()
    .from(mentoringApproaches)
    .orderBy(asc(mentoringApproaches.displayOrder));
  return parseRows(mentoringApproachSchema, rows);
}

export async function readLeadershipLessons(
  db: Database,
): Promise<LeadershipLesson[]> {
  const rows = await db
    .select()
    .from(leadershipLessons)
    .orderBy(asc(leadershipLessons.displayOrder));
  return parseRows(leadershipLessonSchema, rows);
}

/**
 * Leadership: the three lists, each ordered by display_order ascending,
 * fetched in parallel; one failure abandons the whole load (spec §4, §7).
 */
export function loadLeadershipLists(
  db: Database,
  onError: (error: unknown) => ToastInput | undefined,
) {
  return readAllOrNothing(
    {
      philosophies: () => readLeadershipPhilosophies(db),
      approaches: () => readMentoringApproaches(db),
      lessons: () => readLeadershipLessons(db),
    },
    onError,
  );
}
