import { expect, test } from "vitest";

import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";

import { isRefusedValue } from "./refused-value";
import { countRequests } from "./request-counts";

test.each(testDatabaseKinds)(
  "a value the database refuses is told apart from a failure to answer (%s)",
  async (kind) => {
    const database = await createTestDatabase(kind);
    try {
      const refused = await countRequests(
        database.db,
        ["post:x:/post/a\u0000"],
        60_000,
      ).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeDefined();
      expect(isRefusedValue(refused)).toBe(true);
    } finally {
      await database.dispose();
    }
    expect(isRefusedValue(new Error("connect ECONNREFUSED"))).toBe(false);
    expect(isRefusedValue(Object.assign(new Error(), { code: "57P01" }))).toBe(
      false,
    );
    expect(isRefusedValue(null)).toBe(false);
  },
);
