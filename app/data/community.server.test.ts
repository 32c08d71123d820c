import { describe, expect, test } from "vitest";

import * as schema from "~database/schema";
import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";

import { readCommunityEvents, readCommunityValues } from "./community.server";
import { readMotivationalSections } from "./motivational.server";

describe.each(testDatabaseKinds)(
  "Community and motivational reads on %s",
  (kind) => {
    test("rows come in display_order and malformed details are dropped, not fatal", async () => {
      const database = await createTestDatabase(kind);
      try {
        await database.db.insert(schema.communityValues).values([
          { title: "Two", description: "", icon: "Heart", displayOrder: 2 },
          { title: "One", description: "", icon: "Users2", displayOrder: 1 },
        ]);
        await database.db.insert(schema.communityEvents).values([
          {
            title: "Hike",
            type: "Outdoors",
            description: "",
            details: [
              { icon: "Mountain", text: "Five miles" },
              { icon: "Leaf" },
              "not a detail",
              { icon: 7, text: "Carpools" },
            ],
            displayOrder: 1,
          },
          {
            title: "Circle",
            type: "Mentoring",
            description: "",
            details: { not: "a list" },
            displayOrder: 0,
          },
        ]);
        await database.db.insert(schema.motivationalSections).values([
          {
            title: "Later",
            description: "",
            icon: "Zap",
            quote: "",
            displayOrder: 9,
          },
          {
            title: "First",
            description: "",
            icon: "Odd",
            quote: "Go.",
            displayOrder: 1,
          },
        ]);

        const values = await readCommunityValues(database.db);
        expect(values.map((value) => value.title)).toEqual(["One", "Two"]);
        // Keyed by place: the page never carries a row's UUID.
        expect(values.map((value) => value.id)).toEqual(["1", "2"]);
        const events = await readCommunityEvents(database.db);
        expect(
          events.map(({ title, details }) => ({ title, details })),
        ).toEqual([
          { title: "Circle", details: [] },
          {
            title: "Hike",
            details: [
              { icon: "Mountain", text: "Five miles" },
              { icon: null, text: "Carpools" },
            ],
          },
        ]);
        const sections = await readMotivationalSections(database.db);
        expect(sections.map((section) => section.title)).toEqual([
          "First",
          "Later",
        ]);
      } finally {
        await database.dispose();
      }
    });
  },
);
