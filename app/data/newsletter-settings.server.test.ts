import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { newsletterSettingsSchema } from "~/lib/newsletter-schema";
import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";
import type { TestDatabase } from "~tests/support/database";

import {
  readNewsletterSettings,
  saveNewsletterSettings,
} from "./newsletter-settings.server";

test("turning the newsletter on needs a list name and a promise; off needs neither", () => {
  expect(
    newsletterSettingsSchema.safeParse({
      newsletter: "off",
      listName: "",
      promise: "",
    }).success,
  ).toBe(true);
  const refused = newsletterSettingsSchema.safeParse({
    newsletter: "on",
    listName: " ",
    promise: "",
  });
  expect(refused.error?.issues.map((issue) => issue.path[0])).toEqual([
    "listName",
    "promise",
  ]);
  for (const bad of [
    { newsletter: "yes", listName: "A", promise: "B" },
    { newsletter: "on", listName: "x".repeat(81), promise: "B" },
    { newsletter: "on", listName: "A", promise: "line\nbreak" },
  ])
    expect(newsletterSettingsSchema.safeParse(bad).success).toBe(false);
});

describe.each(testDatabaseKinds)("the newsletter's settings on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.dispose();
  });

  test("off on a new site, on once saved so, and off again keeps the name and promise", async () => {
    expect(await readNewsletterSettings(database.db)).toEqual({
      enabled: false,
      listName: "",
      promise: "",
    });
    await saveNewsletterSettings(database.db, {
      newsletter: "on",
      listName: "Seasoned Notes",
      promise: "One letter a month.",
    });
    expect(await readNewsletterSettings(database.db)).toEqual({
      enabled: true,
      listName: "Seasoned Notes",
      promise: "One letter a month.",
    });
    await saveNewsletterSettings(database.db, {
      newsletter: "off",
      listName: "Seasoned Notes",
      promise: "One letter a month.",
    });
    expect((await readNewsletterSettings(database.db)).enabled).toBe(false);
  });
});
