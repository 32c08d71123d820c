import { asc } from "drizzle-orm";
import { z } from "zod";

import type { Database } from "~database/client";
import {
  fitnessPhilosophies,
  fitnessRoutines,
  nutritionStrategies,
} from "~database/schema";
import { readAllOrNothing } from "~/lib/all-or-nothing";
import { lenientText, lenientTextList, parseRows } from "~/lib/content";
import type { ToastInput } from "~/lib/toast";

const iconedRow = z.object({
  id: z.string(),
  icon: z.string().nullable().catch(null),
  title: lenientText,
});

const fitnessPhilosophySchema = iconedRow.extend({ description: lenientText });
export type FitnessPhilosophy = z.infer<typeof fitnessPhilosophySchema>;

const fitnessRoutineSchema = iconedRow.extend({
  subtitle: lenientText,
  points: lenientTextList,
});
export type FitnessRoutine = z.infer<typeof fitnessRoutineSchema>;

const nutritionStrategySchema = iconedRow.extend({
  benefits: lenientTextList,
});
export type NutritionStrategy = z.infer<typeof nutritionStrategySchema>;

export async function readFitnessPhilosophies(
  db: Database,
): Promise<FitnessPhilosophy[]> {
  const rows = await db
    .select()
    .from(fitnessPhilosophies)
    .orderBy(asc(fitnessPhilosophies.displayOrder));
  return parseRows(fitnessPhilosophySchema, rows);
}

export async function readFitnessRoutines(
  db: Database,
): Promise<FitnessRoutine[]> {
  const rows = await db
    .select()
    .from(fitnessRoutines)
    .orderBy(asc(fitnessRoutines.displayOrder));
  return parseRows(fitnessRoutineSchema, rows);
}

export async function readNutritionStrategies(
  db: Database,
): Promise<NutritionStrategy[]> {
  const rows = await db
    .select()
    .from(nutritionStrategies)
    .orderBy(asc(nutritionStrategies.displayOrder));
  return parseRows(nutritionStrategySchema, rows);
}

/**
 * Fitness: the three lists, each ordered by display_order ascending, fetched
 * in parallel; one failure abandons the whole load (spec §4, §7).
 */
export function loadFitnessLists(
  db: Database,
  onError: (error: unknown) => ToastInput | undefined,
) {
  return readAllOrNothing(
    {
      philosophies: () => readFitnessPhilosophies(db),
      routines: () => readFitnessRoutines(db),
      nutrition: () => readNutritionStrategies(db),
    },
    onError,
  );
}
