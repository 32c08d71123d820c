import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import { accounts, authRateLimits, siteSecrets, users } from "~database/schema";
import {
  authDatabasePerFile,
  authRequest,
  uniqueEmail,
} from "~tests/support/auth";
import { testDatabaseKinds } from "~tests/support/database";

import {
  CLIENT_ADDRESS_HEADER,
  createAuth,
  handleAuthRequest,
  resolveAuthSecret,
  SIGN_IN_LIMIT,
} from "./auth.server";
import { createOwner } from "./owner.server";

const database = authDatabasePerFile();
const password = "a long enough secret";

describe.each(testDatabaseKinds)("better-auth on %s", (kind) => {
  test("the signing secret is generated once and shared through site_secrets", async () => {
    const { db } = await database(kind);
    const first = await resolveAuthSecret(db, undefined);
    expect(first).toHaveLength(43);
    expect(await resolveAuthSecret(db, undefined)).toBe(first);
    expect(await db.select().from(siteSecrets)).toHaveLength(1);
    expect(
      await resolveAuthSecret(db, "x".repeat(32)),
      "BETTER_AUTH_SECRET wins when set",
    ).toBe("x".repeat(32));
  });

  test("the owner signs in with an httpOnly, SameSite=Lax session cookie; the password is stored as an scrypt hash", async () => {
    const { db, auth } = await database(kind);
    const email = uniqueEmail();
    const { userId } = await createOwner(db, { email, password });
    const response = await handleAuthRequest(
      auth,
      authRequest("/sign-in/email", { body: { email, password } }),
    );
    expect(response.status).toBe(200);
    const cookie = response.headers
      .getSetCookie()
      .find((value) => value.startsWith("better-auth.session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie, "not Secure on an http:// site").not.toMatch(/Secure/i);

    const [account] = await db
      .select({ password: accounts.password })
      .from(accounts)
      .where(eq(accounts.userId, userId));
    expect(account?.password).not.toContain(password);
    expect(account?.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
  });

  test("a wrong password is refused with better-auth's message", async () => {
    const { db, auth } = await database(kind);
    const email = uniqueEmail();
    await createOwner(db, { email, password });
    const response = await handleAuthRequest(
      auth,
      authRequest("/sign-in/email", {
        body: { email, password: "not the password" },
        headers: { [CLIENT_ADDRESS_HEADER]: "198.51.100.1" },
      }),
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({
      message: "Invalid email or password",
    });
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  test("public sign-up is refused and creates nothing", async () => {
    const { db, auth } = await database(kind);
    const email = uniqueEmail("visitor");
    const response = await handleAuthRequest(
      auth,
      authRequest("/sign-up/email", {
        body: { email, password, name: "Visitor" },
      }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      message: "Email and password sign up is not enabled",
    });
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual(
      [],
    );
  });

  test(`sign-in allows ${SIGN_IN_LIMIT.max} attempts per minute per client address, then answers 429`, async () => {
    const { db, auth } = await database(kind);
    const email = uniqueEmail();
    await createOwner(db, { email, password });
    const attempt = (address: string) =>
      handleAuthRequest(
        auth,
        authRequest("/sign-in/email", {
          body: { email, password: "guessing wrong" },
          headers: { [CLIENT_ADDRESS_HEADER]: address },
        }),
      );
    for (let count = 0; count < SIGN_IN_LIMIT.max; count += 1) {
      expect((await attempt("198.51.100.7")).status).toBe(401);
    }
    const refused = await attempt("198.51.100.7");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({
      message: expect.stringMatching(
        /^Too many attempts\. Please wait \d+ seconds and try again\.$/,
      ),
    });
    expect(
      (await attempt("198.51.100.8")).status,
      "another address has its own count",
    ).toBe(401);
    const counters = await db
      .select({ key: authRateLimits.key, count: authRateLimits.count })
      .from(authRateLimits);
    expect(counters).toContainEqual({
      key: "198.51.100.7|/sign-in/email",
      count: SIGN_IN_LIMIT.max,
    });
  });

  test("endpoints the site does not use are switched off", async () => {
    const { auth } = await database(kind);
    const response = await handleAuthRequest(
      auth,
      authRequest("/update-user", { body: { role: "owner" } }),
    );
    expect(response.status).toBe(404);
  });
});

test("on an https site the session cookie is Secure", async () => {
  const { db } = await database("pglite");
  // A second instance over the file's database: no test here reads it through getViewer().
  const siteUrl = "https://jordanavery.example";
  const https = createAuth(db, { siteUrl, secret: "s".repeat(32) });
  const cookies = (await https.$context).authCookies;
  expect(cookies.sessionToken.name).toBe("__Secure-better-auth.session_token");
  expect(cookies.sessionToken.attributes).toMatchObject({
    secure: true,
    httpOnly: true,
    sameSite: "lax",
  });
});
