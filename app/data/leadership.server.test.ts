import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import * as schema from "~database/schema";
import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";

import { loadLeadershipLists } from "./leadership.server";

const notice = {
  title: "Error",
  description: "Could not fetch leadership data.",
  variant: "destructive",
} as const;

describe.each(testDatabaseKinds)("Leadership lists on %s", (kind) => {
  test("all three lists load in display_order", async () => {
    const database = await createTestDatabase(kind);
    try {
      await database.db.insert(schema.leadershipPhilosophies).values([
        {
          title: "B",
          description: "",
          quote: "q",
          icon: "Ear",
          displayOrder: 2,
        },
        {
          title: "A",
          description: "",
          quote: "q",
          icon: "Users",
          displayOrder: 1,
        },
      ]);
      await database.db
        .insert(schema.mentoringApproaches)
        .values([
          { title: "Circles", description: "", results: ["Peers", "Trust"] },
        ]);
      await database.db.insert(schema.leadershipLessons).values([
        { title: "Later", description: "", actions: [], displayOrder: 5 },
        { title: "Sooner", description: "", actions: ["Act"], displayOrder: 4 },
      ]);

      const lists = await loadLeadershipLists(database.db, () => notice);
      expect(lists.philosophies.ok).toBe(true);
      expect(lists.philosophies.items.map((item) => item.title)).toEqual([
        "A",
        "B",
      ]);
      expect(lists.approaches.items).toMatchObject([
        { title: "Circles", results: ["Peers", "Trust"] },
      ]);
      expect(lists.lessons.items.map((item) => item.title)).toEqual([
        "Sooner",
        "Later",
      ]);
    } finally {
      await database.dispose();
    }
  });

  test("one unreadable table abandons the whole load, with one notice", async () => {
    const database = await createTestDatabase(kind);
    try {
      await database.db.insert(schema.leadershipPhilosophies).values({
        title: "Readable",
        description: "",
        quote: "",
        icon: "Users",
      });
      await database.db.insert(schema.leadershipLessons).values({
        title: "Also readable",
        description: "",
        actions: [],
      });
      await database.db.execute(
        sql.raw("alter table mentoring_approaches rename to gone"),
      );

      const errors: unknown[] = [];
      const lists = await loadLeadershipLists(database.db, (error) => {
        errors.push(error);
        return notice;
      });
      expect(lists).toEqual({
        philosophies: { ok: false, items: [], notice },
        approaches: { ok: false, items: [] },
        lessons: { ok: false, items: [] },
      });
      expect(errors).toHaveLength(1);
    } finally {
      await database.dispose();
    }
  });
});
