import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import * as schema from "~database/schema";
import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";
import { recordedReadFailure } from "~tests/support/read-failure";

import { loadFitnessLists } from "./fitness.server";

describe.each(testDatabaseKinds)("Fitness lists on %s", (kind) => {
  test("three lists in display_order; one missing table empties all three", async () => {
    const database = await createTestDatabase(kind);
    try {
      await database.db.insert(schema.fitnessRoutines).values([
        {
          icon: "Dumbbell",
          title: "Strength",
          subtitle: "Mon",
          points: ["Squat"],
          displayOrder: 2,
        },
        {
          icon: "Zap",
          title: "Intervals",
          subtitle: "Tue",
          points: [],
          displayOrder: 1,
        },
      ]);
      await database.db.insert(schema.nutritionStrategies).values({
        icon: "Carrot",
        title: "Plants",
        benefits: ["Energy", "Fibre"],
      });

      const read = recordedReadFailure();
      const lists = await loadFitnessLists(database.db, read.failure);
      expect(lists.philosophies).toEqual({ ok: true, items: [] });
      expect(lists.routines.items.map((routine) => routine.title)).toEqual([
        "Intervals",
        "Strength",
      ]);
      expect(lists.nutrition.items).toMatchObject([
        { title: "Plants", benefits: ["Energy", "Fibre"] },
      ]);

      await database.db.execute(
        sql.raw("alter table fitness_philosophies rename to gone"),
      );
      expect(read).toMatchObject({ logged: [], incomplete: 0 });
      const failed = await loadFitnessLists(database.db, read.failure);
      // The whole load is abandoned; the lists keep what they held before.
      expect(failed).toEqual({
        philosophies: { ok: false, items: [] },
        routines: { ok: false, items: lists.routines.items },
        nutrition: { ok: false, items: lists.nutrition.items },
      });
      expect(read.logged).toHaveLength(1);
      expect(read.incomplete).toBe(1);
    } finally {
      await database.dispose();
    }
  });
});
