import { z } from "zod";

import { readAllOrNothing } from "~/lib/all-or-nothing";
import { lenientText, lenientTextList } from "~/lib/content";
import type { Database } from "~database/client";
import {
  fitnessPhilosophies,
  fitnessRoutines,
  nutritionStrategies,
} from "~database/schema";

import { readByDisplayOrder } from "./display-order.server";
import type { ReadFailure } from "./read-failure.server";

const iconedRow = z.object({
  id: z.string(),
  icon: z.string().nullable().catch(null),
  title: lenientText,
});

export const fitnessPhilosophySchema = iconedRow.extend({
  description: lenientText,
});
export type FitnessPhilosophy = z.infer<typeof fitnessPhilosophySchema>;

export const fitnessRoutineSchema = iconedRow.extend({
  subtitle: lenientText,
  points: lenientTextList,
});
export type FitnessRoutine = z.infer<typeof fitnessRoutineSchema>;

export const nutritionStrategySchema = iconedRow.extend({
  benefits: lenientTextList,
});
export type NutritionStrategy = z.infer<typeof nutritionStrategySchema>;

/**
 * Fitness: fitness_philosophies, fitness_routines and nutrition_strategies,
 * each ordered by display_order ascending, fetched in parallel; one failure
 * abandons the whole load
 * (a page shows all its lists or a notice, never half).
 */
export function loadFitnessLists(db: Database, failure: ReadFailure) {
  return readAllOrNothing(
    {
      philosophies: () =>
        readByDisplayOrder(db, fitnessPhilosophies, fitnessPhilosophySchema),
      routines: () =>
        readByDisplayOrder(db, fitnessRoutines, fitnessRoutineSchema),
      nutrition: () =>
        readByDisplayOrder(db, nutritionStrategies, nutritionStrategySchema),
    },
    failure,
  );
}
