// Mailed reset links end together: one used, or the password changed any
// other way, and every other link mailed before it stops working.
import { asc, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import { defaultSettings } from "~/config/default-settings";
import type { Database } from "~database/client";
import { mailOutbox } from "~database/schema";
import {
  authRequest,
  cookieHeader,
  TEST_SITE_URL,
  uniqueEmail,
} from "~tests/support/auth";
import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";

import { handleAuthRequest } from "./auth-request.server";
import {
  CLIENT_ADDRESS_HEADER,
  createAuth,
  resolveAuthSecret,
} from "./auth.server";
import type { SiteAuth } from "./auth.server";
import { createOwner } from "./owner.server";
import { resetTokenValid } from "./reset.server";

const password = "a long enough secret";
const visible = { timeout: 5_000, interval: 10 };

async function siteWithMail(db: Database): Promise<SiteAuth> {
  return createAuth(db, {
    siteUrl: TEST_SITE_URL,
    secret: await resolveAuthSecret(db, undefined),
    mail: { nudge: () => {}, settings: () => Promise.resolve(defaultSettings) },
  });
}

/** Asks for `count` reset mails (each from its own address) and returns their links' tokens, oldest first. */
async function mailedTokens(
  db: Database,
  auth: SiteAuth,
  email: string,
  count: number,
): Promise<string[]> {
  for (let index = 0; index < count; index += 1) {
    const asked = await handleAuthRequest(
      auth,
      authRequest("/request-password-reset", {
        body: { email },
        headers: { [CLIENT_ADDRESS_HEADER]: `192.0.2.${100 + index}` },
      }),
    );
    expect(asked.ok).toBe(true);
  }
  const mails = () =>
    db
      .select({ body: mailOutbox.body })
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, email))
      .orderBy(asc(mailOutbox.id));
  await expect.poll(async () => (await mails()).length, visible).toBe(count);
  return (await mails()).map(
    ({ body }) => /\?token=([\w-]+)/.exec(body)?.[1] ?? "",
  );
}

const reset = (auth: SiteAuth, token: string, newPassword: string) =>
  handleAuthRequest(
    auth,
    authRequest("/reset-password", {
      body: { token, newPassword },
      headers: { [CLIENT_ADDRESS_HEADER]: "192.0.2.90" },
    }),
  );

/** A database with an owner and a site that mails; disposed after `run`. */
async function withOwner(
  kind: (typeof testDatabaseKinds)[number],
  run: (site: { db: Database; auth: SiteAuth; email: string }) => Promise<void>,
): Promise<void> {
  const database = await createTestDatabase(kind);
  try {
    const { db } = database;
    const auth = await siteWithMail(db);
    const email = uniqueEmail();
    await createOwner(db, { email, password });
    await run({ db, auth, email });
  } finally {
    await database.dispose();
  }
}

describe.each(testDatabaseKinds)(
  "reset links on %s",
  { timeout: 60_000 },
  (kind) => {
    test("one link used ends every other link mailed", async () => {
      await withOwner(kind, async ({ db, auth, email }) => {
        const [first = "", second = "", third = ""] = await mailedTokens(
          db,
          auth,
          email,
          3,
        );
        expect((await reset(auth, first, "the first new secret")).ok).toBe(
          true,
        );
        expect(await resetTokenValid(db, second)).toBe(false);
        expect(await resetTokenValid(db, third)).toBe(false);
        const again = await reset(auth, second, "the second new secret");
        expect(again.status).toBe(400);
      });
    });

    test("a password changed on the account screen ends every link mailed", async () => {
      await withOwner(kind, async ({ db, auth, email }) => {
        const [token = ""] = await mailedTokens(db, auth, email, 1);
        expect(await resetTokenValid(db, token)).toBe(true);
        const signedIn = await handleAuthRequest(
          auth,
          authRequest("/sign-in/email", { body: { email, password } }),
        );
        const changed = await handleAuthRequest(
          auth,
          authRequest("/change-password", {
            body: {
              currentPassword: password,
              newPassword: "a changed secret",
            },
            headers: { cookie: cookieHeader(signedIn) },
          }),
        );
        expect(changed.ok).toBe(true);
        expect(await resetTokenValid(db, token)).toBe(false);
        expect((await reset(auth, token, "an attacker's secret")).status).toBe(
          400,
        );
      });
    });
  },
);
