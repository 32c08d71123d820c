import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import type { NewsletterSettings } from "~/lib/newsletter-schema";
import { mailOutbox, newsletterSubscribers } from "~database/schema";
import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";
import type { TestDatabase } from "~tests/support/database";
import { createLogger } from "~shared/logger";
import { parseEnv } from "~shared/env";

import { signUpForNewsletter } from "./newsletter-signup.server";

const on: NewsletterSettings = {
  enabled: true,
  listName: "Seasoned Notes",
  promise: "A letter when a post is out.",
};

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe.each(testDatabaseKinds)("a newsletter sign-up on %s", (kind) => {
  let database: TestDatabase;
  let nudges = 0;
  const services = () => ({
    db: database.db,
    env: parseEnv({ SITE_URL: "https://seasoned.example" }),
    logger: createLogger("silent"),
    mail: { nudge: () => void nudges++ },
  });
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.dispose();
  });

  const outboxFor = (email: string) =>
    database.db
      .select({ subject: mailOutbox.subject, body: mailOutbox.body })
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, email));

  test("stores a pending address with the form's words and page, and queues one confirmation with its links", async () => {
    const before = nudges;
    expect(
      await signUpForNewsletter(
        services(),
        on,
        form({ email: " Reader@Example.org ", source: "/post/a-walk" }),
      ),
    ).toEqual({ status: "check-inbox" });
    expect(nudges).toBe(before + 1);
    const [row] = await database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "reader@example.org"));
    expect(row?.status).toBe("pending");
    expect(row?.consentSource).toBe("/post/a-walk");
    expect(row?.consentWording).toContain(on.promise);
    expect(row?.consentWording).toContain(on.listName);
    const [mail] = await outboxFor("reader@example.org");
    expect(mail?.subject).toBe("Confirm your subscription to Seasoned Notes");
    expect(mail?.body).toMatch(
      /https:\/\/seasoned\.example\/newsletter\/confirm\?token=[\w-]{43}\n/,
    );
    expect(mail?.body).toMatch(
      /https:\/\/seasoned\.example\/newsletter\/unsubscribe\?token=[\w-]{43}$/,
    );
  });

  test("a known address gets the same answer and, the same day, no second mail", async () => {
    const fields = { email: "again@example.org", source: "/" };
    const first = await signUpForNewsletter(services(), on, form(fields));
    const second = await signUpForNewsletter(services(), on, form(fields));
    expect(second).toEqual(first);
    expect(await outboxFor("again@example.org")).toHaveLength(1);
  });

  test("a bad address, an over-long one, the honeypot, or the newsletter off store nothing", async () => {
    const count = async () =>
      (await database.db.select().from(newsletterSubscribers)).length;
    const before = await count();
    expect(
      await signUpForNewsletter(services(), on, form({ email: "nope" })),
    ).toMatchObject({ status: "invalid", email: "nope" });
    const long = `${"a".repeat(250)}@example.org`;
    expect(
      await signUpForNewsletter(services(), on, form({ email: long })),
    ).toMatchObject({
      status: "invalid",
      error: "An email address is at most 254 characters.",
    });
    expect(
      await signUpForNewsletter(
        services(),
        on,
        form({ email: "bot@example.org", website: "https://spam.example" }),
      ),
    ).toEqual({ status: "check-inbox" });
    expect(
      await signUpForNewsletter(
        services(),
        { ...on, enabled: false },
        form({ email: "off@example.org" }),
      ),
    ).toEqual({ status: "off" });
    expect(await count()).toBe(before);
  });

  test("a source that is not a path of this site is kept as Home", async () => {
    await signUpForNewsletter(
      services(),
      on,
      form({ email: "source@example.org", source: "https://evil.example/" }),
    );
    const [row] = await database.db
      .select({ source: newsletterSubscribers.consentSource })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "source@example.org"));
    expect(row?.source).toBe("/");
  });
});
