import { describe, expect, test } from "vitest";

import * as schema from "~database/schema";
import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";

import {
  DEFAULT_JOURNEY_BORDER,
  readCoreValues,
  readJourneySections,
  splitParagraphs,
} from "./about.server";

test("journey content is split into paragraphs on blank lines", () => {
  expect(
    splitParagraphs(
      "First line\nstill first.\n\nSecond.\r\n  \r\nThird.\n\n\n\n",
    ),
  ).toEqual(["First line\nstill first.", "Second.", "Third."]);
  expect(splitParagraphs("")).toEqual([]);
});

describe.each(testDatabaseKinds)("About reads on %s", (kind) => {
  test("values and journey sections come in display_order, with the documented defaults", async () => {
    const database = await createTestDatabase(kind);
    try {
      await database.db.insert(schema.coreValues).values([
        { title: "Third", description: "c", icon: "Heart", displayOrder: 3 },
        { title: "First", description: "a", icon: "Nope", displayOrder: 1 },
        { title: "Second", description: "b", icon: "Users", displayOrder: 2 },
      ]);
      await database.db.insert(schema.personalJourneySections).values([
        {
          title: "Later",
          content: "One.\n\nTwo.",
          borderColor: "#f59e0b",
          displayOrder: 2,
        },
        { title: "Earlier", content: "Only.", displayOrder: 1 },
        {
          title: "Odd colour",
          content: "Text.",
          borderColor: "red; background: url(x)",
          displayOrder: 3,
        },
      ]);

      const values = await readCoreValues(database.db);
      expect(values.map((value) => value.title)).toEqual([
        "First",
        "Second",
        "Third",
      ]);
      const journey = await readJourneySections(database.db);
      expect(
        journey.map(({ title, paragraphs, borderColor }) => ({
          title,
          paragraphs,
          borderColor,
        })),
      ).toEqual([
        {
          title: "Earlier",
          paragraphs: ["Only."],
          borderColor: DEFAULT_JOURNEY_BORDER,
        },
        {
          title: "Later",
          paragraphs: ["One.", "Two."],
          borderColor: "#f59e0b",
        },
        {
          title: "Odd colour",
          paragraphs: ["Text."],
          borderColor: DEFAULT_JOURNEY_BORDER,
        },
      ]);
    } finally {
      await database.dispose();
    }
  });
});
