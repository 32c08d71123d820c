import type { z } from "zod";

import { readAllOrNothing } from "~/lib/all-or-nothing";
import type { Database } from "~database/client";
import {
  fitnessPhilosophies,
  fitnessRoutines,
  nutritionStrategies,
} from "~database/schema";

import { readByDisplayOrder } from "./display-order.server";
import type { ReadFailure } from "./read-failure.server";
import { lenientRowSchema } from "./section-rows.server";

export const fitnessPhilosophySchema = lenientRowSchema("fitness_philosophies");
export type FitnessPhilosophy = z.infer<typeof fitnessPhilosophySchema>;

export const fitnessRoutineSchema = lenientRowSchema("fitness_routines");
export type FitnessRoutine = z.infer<typeof fitnessRoutineSchema>;

export const nutritionStrategySchema = lenientRowSchema("nutrition_strategies");
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
    { db, key: "fitness" },
  );
}
