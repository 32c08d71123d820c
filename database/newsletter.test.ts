import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";
import type { TestDatabase } from "~tests/support/database";

import {
  confirmSubscription,
  hasLiveConfirmation,
  listSubscribers,
  removeSubscriber,
  SUBSCRIBERS_PAGE_SIZE,
  markBounced,
  requestSubscription,
  statusOfUnsubscribeToken,
  subscriberCounts,
  subscriberStatus,
  unsubscribe,
} from "./newsletter";
import type { SignUp } from "./newsletter";
import { seedNewsletterSubscribers } from "./newsletter-fixture";
import { mailOutbox, newsletterSubscribers } from "./schema";

const hour = 60 * 60 * 1000;
const start = new Date("2026-11-20T12:00:00.000Z");
const later = (hours: number) => new Date(start.getTime() + hours * hour);

let addressCounter = 0;
const newAddress = () => `Reader-${++addressCounter}@Example.test`;

/** Signs up and returns the mailed token (undefined: no mail went). */
async function signUp(
  database: TestDatabase,
  email: string,
  overrides: Partial<SignUp> = {},
): Promise<string | undefined> {
  let token: string | undefined;
  const { mailed } = await requestSubscription(
    database.db,
    {
      email,
      source: "/",
      wording: "Join the Newsletter: new posts now and then.",
      now: start,
      ...overrides,
    },
    (issued, leave) => {
      token = issued;
      expect(leave).toMatch(/^[\w-]{43}$/);
      return { subject: "Confirm", body: `confirm?token=${issued}` };
    },
  );
  expect(mailed).toBe(token !== undefined);
  return token;
}

async function unsubscribeTokenOf(database: TestDatabase, email: string) {
  const [row] = await database.db
    .select({ token: newsletterSubscribers.unsubscribeToken })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email.toLowerCase()));
  if (!row) throw new Error(`no subscriber ${email}`);
  return row.token;
}

async function mailsTo(database: TestDatabase, email: string) {
  return database.db
    .select({ body: mailOutbox.body })
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, email.toLowerCase()));
}

describe.each(testDatabaseKinds)(
  "the newsletter's subscribers on %s",
  (kind) => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(kind);
    });
    afterAll(async () => {
      await database.dispose();
    });

    test("a sign-up is pending with its consent, its mail queued with it, and a confirmation makes it confirmed once", async () => {
      const email = newAddress();
      const token = await signUp(database, email, { source: "/post/hello" });
      expect(token).toBeDefined();
      expect(await subscriberStatus(database.db, email)).toBe("pending");
      const [row] = await database.db
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, email.toLowerCase()));
      expect(row).toMatchObject({
        consentSource: "/post/hello",
        consentWording: "Join the Newsletter: new posts now and then.",
        consentedAt: start,
      });
      // Only the hash of the mailed token is kept.
      expect(row?.confirmTokenHash).not.toBe(token);
      expect(await mailsTo(database, email)).toEqual([
        { body: `confirm?token=${token}` },
      ]);

      expect(
        await confirmSubscription(database.db, token ?? "", later(1)),
      ).toBe("confirmed");
      expect(await subscriberStatus(database.db, email)).toBe("confirmed");
      // The link works once.
      expect(
        await confirmSubscription(database.db, token ?? "", later(2)),
      ).toBe("unknown");
    });

    test("a confirmation link is refused after 48 hours, and an unknown or over-long one is unknown", async () => {
      const email = newAddress();
      const token = await signUp(database, email);
      expect(
        await confirmSubscription(database.db, token ?? "", later(48)),
      ).toBe("expired");
      expect(await subscriberStatus(database.db, email)).toBe("pending");
      expect(await confirmSubscription(database.db, "not-a-token")).toBe(
        "unknown",
      );
      expect(await confirmSubscription(database.db, "x".repeat(5_000))).toBe(
        "unknown",
      );
      expect(await confirmSubscription(database.db, "")).toBe("unknown");
    });

    test("an address is mailed at most once a day, however typed and however many sign-ups", async () => {
      const email = newAddress();
      expect(await signUp(database, email)).toBeDefined();
      for (const typed of [email, email.toUpperCase(), ` ${email} `])
        expect(
          await signUp(database, typed, { now: later(1) }),
        ).toBeUndefined();
      expect(await mailsTo(database, email)).toHaveLength(1);
      // A day later it may be mailed again; the new link replaces the old.
      const first = await signUp(database, email, { now: later(23) });
      expect(first).toBeUndefined();
      const second = await signUp(database, email, { now: later(24) });
      expect(second).toBeDefined();
      expect(await mailsTo(database, email)).toHaveLength(2);
      expect(
        await confirmSubscription(database.db, second ?? "", later(25)),
      ).toBe("confirmed");
    });

    test("a confirmed address signing up again is left as it is and mailed nothing", async () => {
      const email = newAddress();
      const token = await signUp(database, email);
      await confirmSubscription(database.db, token ?? "", later(1));
      expect(
        await signUp(database, email, { now: later(100), source: "/about" }),
      ).toBeUndefined();
      expect(await subscriberStatus(database.db, email)).toBe("confirmed");
      expect(await mailsTo(database, email)).toHaveLength(1);
    });

    test("unsubscribing is at once, again is the same, and only a new sign-up and confirmation bring the address back", async () => {
      const email = newAddress();
      const token = await signUp(database, email);
      await confirmSubscription(database.db, token ?? "", later(1));
      const leave = await unsubscribeTokenOf(database, email);
      expect(await statusOfUnsubscribeToken(database.db, leave)).toBe(
        "confirmed",
      );
      expect(await unsubscribe(database.db, leave, later(2))).toBe(
        "unsubscribed",
      );
      expect(await subscriberStatus(database.db, email)).toBe("unsubscribed");
      expect(await unsubscribe(database.db, leave, later(3))).toBe(
        "unsubscribed",
      );
      expect(await unsubscribe(database.db, "unknown-token")).toBe("unknown");
      expect(
        await statusOfUnsubscribeToken(database.db, "unknown-token"),
      ).toBeUndefined();
      expect(await statusOfUnsubscribeToken(database.db, leave)).toBe(
        "unsubscribed",
      );

      // Signing up again does not by itself put the address back on the list.
      const again = await signUp(database, email, { now: later(30) });
      expect(again).toBeDefined();
      expect(await subscriberStatus(database.db, email)).toBe("unsubscribed");
      expect(
        await confirmSubscription(database.db, again ?? "", later(31)),
      ).toBe("confirmed");
      expect(await subscriberStatus(database.db, email)).toBe("confirmed");
    });

    test("unsubscribing while pending stops the confirmation link", async () => {
      const email = newAddress();
      const token = await signUp(database, email);
      expect(await hasLiveConfirmation(database.db, email, later(1))).toBe(
        true,
      );
      await unsubscribe(
        database.db,
        await unsubscribeTokenOf(database, email),
        later(1),
      );
      expect(await hasLiveConfirmation(database.db, email, later(1))).toBe(
        false,
      );
      expect(
        await confirmSubscription(database.db, token ?? "", later(2)),
      ).toBe("unknown");
      expect(await subscriberStatus(database.db, email)).toBe("unsubscribed");
    });

    test("a bounced address stays bounced when unsubscribed, and is counted by status", async () => {
      const email = newAddress();
      const token = await signUp(database, email);
      await confirmSubscription(database.db, token ?? "", later(1));
      const [row] = await database.db
        .select({ id: newsletterSubscribers.id })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, email.toLowerCase()));
      await markBounced(database.db, row?.id ?? "", later(2));
      expect(await subscriberStatus(database.db, email)).toBe("bounced");
      await unsubscribe(
        database.db,
        await unsubscribeTokenOf(database, email),
        later(3),
      );
      expect(await subscriberStatus(database.db, email)).toBe("bounced");

      const counts = await subscriberCounts(database.db);
      expect(counts.bounced).toBeGreaterThanOrEqual(1);
      const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
      expect(total).toBe(
        (await database.db.select().from(newsletterSubscribers)).length,
      );
    });

    test("sign-ups for one address at once from many clients make one subscriber and one mail", async () => {
      const email = newAddress();
      const tokens = await Promise.all(
        Array.from({ length: 8 }, () => signUp(database, email)),
      );
      expect(tokens.filter(Boolean)).toHaveLength(1);
      expect(await mailsTo(database, email)).toHaveLength(1);
    });
  },
);

describe.each(testDatabaseKinds)("the subscriber list on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.dispose();
  });

  test("is paged and searched by any part of the address; % and _ match themselves", async () => {
    for (let index = 0; index < 60; index++)
      await signUp(database, `page-${index}@list.test`, {
        now: later(index),
      });
    await signUp(database, "odd_one%@list.test");
    const first = await listSubscribers(database.db);
    expect(first.total).toBe(61);
    expect(first.rows).toHaveLength(SUBSCRIBERS_PAGE_SIZE);
    const second = await listSubscribers(database.db, { page: 2 });
    expect(second.rows).toHaveLength(61 - SUBSCRIBERS_PAGE_SIZE);
    expect(
      new Set([...first.rows, ...second.rows].map((row) => row.id)).size,
    ).toBe(61);
    expect(
      (await listSubscribers(database.db, { search: "PAGE-5" })).rows.map(
        (row) => row.email,
      ),
    ).toEqual([
      "page-59@list.test",
      "page-58@list.test",
      "page-57@list.test",
      "page-56@list.test",
      "page-55@list.test",
      "page-54@list.test",
      "page-53@list.test",
      "page-52@list.test",
      "page-51@list.test",
      "page-50@list.test",
      "page-5@list.test",
    ]);
    expect(
      (await listSubscribers(database.db, { search: "_one%" })).rows.map(
        (row) => row.email,
      ),
    ).toEqual(["odd_one%@list.test"]);
    expect((await listSubscribers(database.db, { search: "e_1" })).total).toBe(
      0,
    );
  });

  test("removing one deletes the address with its consent; removing it again finds nothing", async () => {
    const email = newAddress();
    await signUp(database, email);
    const [row] = (
      await listSubscribers(database.db, { search: email.toLowerCase() })
    ).rows;
    expect(row).toBeDefined();
    expect(await removeSubscriber(database.db, row?.id ?? "")).toBe(true);
    expect(await subscriberStatus(database.db, email)).toBeUndefined();
    expect(await removeSubscriber(database.db, row?.id ?? "")).toBe(false);
  });
});

describe.each(testDatabaseKinds)("the newsletter fixture on %s", (kind) => {
  test("adds confirmed subscribers in one statement, and again adds none twice", async () => {
    const database = await createTestDatabase(kind);
    try {
      expect(await seedNewsletterSubscribers(database.db, 300)).toBe(300);
      expect(await seedNewsletterSubscribers(database.db, 300)).toBe(300);
      expect((await subscriberCounts(database.db)).confirmed).toBe(300);
    } finally {
      await database.dispose();
    }
  });
});
