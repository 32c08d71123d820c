import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";
import type { TestDatabase } from "~tests/support/database";

import { markBounced, requestSubscription, unsubscribe } from "./newsletter";
import { importSubscribers } from "./newsletter-import";
import { newsletterSubscribers } from "./schema";

const now = new Date("2026-12-01T09:00:00.000Z");
const wording = "Imported by the owner: met at the March workshop";

async function rowOf(database: TestDatabase, email: string) {
  const [row] = await database.db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email));
  return row;
}

async function signUp(database: TestDatabase, email: string) {
  let leave = "";
  await requestSubscription(
    database.db,
    { email, source: "/", wording: "Join the Newsletter" },
    (_token, unsubscribeToken) => {
      leave = unsubscribeToken;
      return { subject: "Confirm", body: "confirm" };
    },
  );
  return leave;
}

describe.each(testDatabaseKinds)("importing subscribers on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.dispose();
  });

  test("new addresses come in confirmed with the owner's word as consent; pending ones are confirmed; confirmed, unsubscribed and bounced ones are left as they are", async () => {
    await signUp(database, "pending@import.test");
    await database.db
      .update(newsletterSubscribers)
      .set({ status: "confirmed" })
      .where(
        eq(
          newsletterSubscribers.id,
          (await rowOf(database, "pending@import.test"))?.id ?? "",
        ),
      );
    const confirmedBefore = await rowOf(database, "pending@import.test");
    await signUp(database, "waiting@import.test");
    const leave = await signUp(database, "left@import.test");
    await unsubscribe(database.db, leave);
    await signUp(database, "bounced@import.test");
    const bounced = await rowOf(database, "bounced@import.test");
    await markBounced(database.db, bounced?.id ?? "");

    const report = await importSubscribers(database.db, {
      addresses: [
        "new-1@import.test",
        "new-2@import.test",
        "pending@import.test",
        "waiting@import.test",
        "left@import.test",
        "bounced@import.test",
      ],
      wording,
      now,
    });
    expect(report).toEqual({
      added: 2,
      confirmed: 1,
      alreadyConfirmed: 1,
      leftOut: 2,
    });

    const added = await rowOf(database, "new-1@import.test");
    expect(added).toMatchObject({
      status: "confirmed",
      consentSource: "import",
      consentWording: wording,
      consentedAt: now,
      confirmedAt: now,
    });
    expect(added?.unsubscribeToken).toMatch(/^[\w-]{43}$/);
    expect(added?.unsubscribeToken).not.toBe(
      (await rowOf(database, "new-2@import.test"))?.unsubscribeToken,
    );
    expect(await rowOf(database, "waiting@import.test")).toMatchObject({
      status: "confirmed",
      consentSource: "import",
      confirmTokenHash: null,
    });
    // A confirmed address keeps the consent it gave itself.
    expect(await rowOf(database, "pending@import.test")).toEqual(
      confirmedBefore,
    );
    expect((await rowOf(database, "left@import.test"))?.status).toBe(
      "unsubscribed",
    );
    expect((await rowOf(database, "bounced@import.test"))?.status).toBe(
      "bounced",
    );

    // The same file again changes nothing.
    expect(
      await importSubscribers(database.db, {
        addresses: ["new-1@import.test", "new-2@import.test"],
        wording,
      }),
    ).toEqual({ added: 0, confirmed: 0, alreadyConfirmed: 2, leftOut: 0 });
  });

  test("a list of thousands is stored in one statement, each address once", async () => {
    const addresses = Array.from(
      { length: 5000 },
      (_, n) => `bulk-${n + 1}@import.test`,
    );
    const report = await importSubscribers(database.db, {
      addresses,
      wording,
    });
    expect(report.added).toBe(5000);
    expect(
      await database.db.$count(
        newsletterSubscribers,
        like(newsletterSubscribers.email, "bulk-%@import.test"),
      ),
    ).toBe(5000);
  });
});
