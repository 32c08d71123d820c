import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import { users, verifications } from "~database/schema";
import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";

import {
  completeSetup,
  hasOwner,
  issueSetupToken,
  setupTokenValid,
} from "./setup.server";

const owner = {
  name: "Jordan Avery",
  email: "jordan@example.test",
  password: "a long enough secret",
};

describe.each(testDatabaseKinds)("the first-day setup on %s", (kind) => {
  test("a token is issued while there is no owner, stored as a hash, used once, then void", async () => {
    const database = await createTestDatabase(kind);
    try {
      const { db } = database;
      const token = await issueSetupToken(db);
      expect(token).toMatch(/^[\w-]{43}$/);
      const stored = await db.select().from(verifications);
      expect(JSON.stringify(stored)).not.toContain(token);
      expect(await setupTokenValid(db, token ?? null)).toBe(true);
      expect(await setupTokenValid(db, "a made-up token")).toBe(false);
      expect(await setupTokenValid(db, null)).toBe(false);

      const [first, second] = await Promise.all([
        completeSetup(db, token ?? "", owner),
        completeSetup(db, token ?? "", { ...owner, email: "x@example.test" }),
      ]);
      expect([first, second].filter(Boolean)).toHaveLength(1);
      expect(await db.$count(users, eq(users.role, "owner"))).toBe(1);
      expect(await setupTokenValid(db, token ?? null)).toBe(false);
      expect(await completeSetup(db, token ?? "", owner)).toBeUndefined();
      expect(await issueSetupToken(db), "none once an owner exists").toBe(
        undefined,
      );
      expect(await hasOwner(db)).toBe(true);
    } finally {
      await database.dispose();
    }
  });

  test("a token past its 24 hours opens nothing; each start issues a new one", async () => {
    const database = await createTestDatabase(kind);
    try {
      const { db } = database;
      const old = (await issueSetupToken(db)) ?? "";
      await db
        .update(verifications)
        .set({ expiresAt: sql`now() - interval '1 second'` });
      expect(await setupTokenValid(db, old)).toBe(false);
      expect(await completeSetup(db, old, owner)).toBeUndefined();
      const fresh = (await issueSetupToken(db)) ?? "";
      expect(fresh).not.toBe(old);
      expect(await setupTokenValid(db, fresh)).toBe(true);
      expect(await completeSetup(db, fresh, owner)).toMatchObject({
        created: true,
      });
    } finally {
      await database.dispose();
    }
  });
});
