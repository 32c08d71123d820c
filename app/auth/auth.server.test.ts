import { eq, sql } from "drizzle-orm";
import { inspect } from "node:util";

import { describe, expect, test, vi } from "vitest";

import { sweepRequestCounts } from "~database/request-counts";
import {
  accounts,
  authRateLimits,
  requestLimits,
  siteSecrets,
  users,
} from "~database/schema";
import {
  authDatabasePerFile,
  authRequest,
  signInCookie,
  TEST_SITE_URL,
  uniqueEmail,
} from "~tests/support/auth";
import { createLogger } from "~shared/logger";
import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";

import {
  ACCOUNT_FAILURE_LIMIT,
  handleAuthRequest,
} from "./auth-request.server";
import {
  CLIENT_ADDRESS_HEADER,
  createAuth,
  resolveAuthSecret,
  SIGN_IN_LIMIT,
} from "./auth.server";
import { HASHES_AT_ONCE, SIGN_INS_WAITING } from "./hash-slots.server";
import type { SiteAuth } from "./auth.server";
import { createOwner } from "./owner.server";
import { getViewer } from "./viewer.server";

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

  test(`at most ${HASHES_AT_ONCE} sign-in hashes at once and ${SIGN_INS_WAITING} waiting; the others are answered 503 with Retry-After`, async () => {
    const { db, auth } = await database(kind);
    const email = uniqueEmail();
    await createOwner(db, { email, password });
    const total = HASHES_AT_ONCE + SIGN_INS_WAITING + 3;
    const answers = await Promise.all(
      Array.from({ length: total }, (_, index) =>
        handleAuthRequest(
          auth,
          authRequest("/sign-in/email", {
            body: { email, password: index === 0 ? password : "wrong guess" },
            headers: { [CLIENT_ADDRESS_HEADER]: `198.51.100.${60 + index}` },
          }),
        ),
      ),
    );
    // The first ones hash or wait their turn (the first with the right password).
    expect(answers.map((answer) => answer.status)).toEqual([
      200,
      ...Array(HASHES_AT_ONCE + SIGN_INS_WAITING - 1).fill(401),
      503,
      503,
      503,
    ]);
    const busy = answers.at(-1);
    expect(Number(busy?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await busy?.json()).toMatchObject({
      message: expect.stringContaining("busy"),
    });
    // Once they are done, the next one hashes again.
    const after = await handleAuthRequest(
      auth,
      authRequest("/sign-in/email", {
        body: { email, password },
        headers: { [CLIENT_ADDRESS_HEADER]: "198.51.100.70" },
      }),
    );
    expect(after.status).toBe(200);
  });

  test(`an account takes ${ACCOUNT_FAILURE_LIMIT.max} failed sign-ins, from any number of addresses, then refuses even the right password for a while`, async () => {
    const { db, auth } = await database(kind);
    const email = uniqueEmail();
    await createOwner(db, { email, password });
    const attempt = (index: number, guess: string, who = email) =>
      handleAuthRequest(
        auth,
        authRequest("/sign-in/email", {
          body: { email: who, password: guess },
          headers: { [CLIENT_ADDRESS_HEADER]: `203.0.113.${index}` },
        }),
      );
    for (let index = 0; index < ACCOUNT_FAILURE_LIMIT.max; index += 1) {
      // Each from its own address: the per-address limit never applies.
      expect((await attempt(index, "guessing wrong")).status).toBe(401);
    }
    const refused = await attempt(100, password, email.toUpperCase());
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    const other = uniqueEmail();
    await createOwner(db, { email: other, password });
    expect(
      (await attempt(101, password, other)).status,
      "another account has its own count",
    ).toBe(200);
  });

  /** Fails ACCOUNT_FAILURE_LIMIT sign-ins for `email`, each from its own address. */
  async function lockAccount(auth: SiteAuth, email: string, from: number) {
    for (let index = 0; index < ACCOUNT_FAILURE_LIMIT.max; index += 1) {
      const response = await handleAuthRequest(
        auth,
        authRequest("/sign-in/email", {
          body: { email, password: "guessing wrong" },
          headers: { [CLIENT_ADDRESS_HEADER]: `192.0.2.${from + index}` },
        }),
      );
      expect(response.status).toBe(401);
    }
  }

  test("a locked account stays locked whatever the body's encoding or the path's spelling", async () => {
    const { db, auth } = await database(kind);
    const email = uniqueEmail();
    await createOwner(db, { email, password });
    await lockAccount(auth, email, 0);
    const send = (path: string, body: BodyInit, type?: string) =>
      handleAuthRequest(
        auth,
        new Request(`${TEST_SITE_URL}/api/auth${path}`, {
          method: "POST",
          headers: {
            origin: TEST_SITE_URL,
            [CLIENT_ADDRESS_HEADER]: "192.0.2.200",
            ...(type ? { "content-type": type } : {}),
          },
          body,
        }),
      );
    const form = new FormData();
    form.set("email", email);
    form.set("password", password);
    const answers = [
      await send(
        "/sign-in/email",
        new URLSearchParams({ email, password }),
        "application/x-www-form-urlencoded",
      ),
      await send("/sign-in/email", form),
      await send(
        "/sign-in/email",
        JSON.stringify({ email, password }),
        "text/plain",
      ),
      await send(
        "/sign-in/email/",
        JSON.stringify({ email, password }),
        "application/json",
      ),
      await send(
        "/SIGN-IN/email",
        JSON.stringify({ email, password }),
        "application/json",
      ),
      await send(
        "/x/../sign-in/./email",
        JSON.stringify({ email, password }),
        "application/json",
      ),
      await send(
        "/sign-in/email",
        JSON.stringify({ email: ` ${email.toUpperCase()} `, password }),
        "application/json; charset=utf-8",
      ),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([
      415, 415, 415, 404, 404, 429, 429,
    ]);
    for (const answer of answers)
      expect(answer.headers.getSetCookie(), "never a session").toEqual([]);
  });

  test("form-encoded guesses are refused before better-auth, so they cannot guess around the count", async () => {
    const { db, auth } = await database(kind);
    const email = uniqueEmail();
    await createOwner(db, { email, password });
    const response = await handleAuthRequest(
      auth,
      new Request(`${TEST_SITE_URL}/api/auth/sign-in/email`, {
        method: "POST",
        headers: {
          origin: TEST_SITE_URL,
          [CLIENT_ADDRESS_HEADER]: "192.0.2.201",
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ email, password: "guessing wrong" }),
      }),
    );
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({
      message: expect.stringContaining("JSON"),
    });
  });

  test("the lock holds for its whole window: the sweep of minute-long counters leaves it", async () => {
    const { db, auth } = await database(kind);
    const email = uniqueEmail();
    await createOwner(db, { email, password });
    await lockAccount(auth, email, 20);
    // Five minutes later (the counter's clock moved back), after a sweep.
    await db
      .update(requestLimits)
      .set({
        windowStart: sql`${requestLimits.windowStart} - interval '5 minutes'`,
        expiresAt: sql`${requestLimits.expiresAt} - interval '5 minutes'`,
      })
      .where(eq(requestLimits.key, `sign-in-failures:${email}`));
    await sweepRequestCounts(db);
    const refused = await handleAuthRequest(
      auth,
      authRequest("/sign-in/email", {
        body: { email, password },
        headers: { [CLIENT_ADDRESS_HEADER]: "192.0.2.202" },
      }),
    );
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(9 * 60);
    expect(wait).toBeLessThanOrEqual(10 * 60);
  });

  test("a wrong current password on the account screen counts against the account, and a locked account cannot change it", async () => {
    const { db, auth } = await database(kind);
    const email = uniqueEmail();
    await createOwner(db, { email, password });
    const cookie = await signInCookie(auth, email, password);
    const change = (currentPassword: string, address: string) =>
      handleAuthRequest(
        auth,
        authRequest("/change-password", {
          body: { currentPassword, newPassword: "another long secret" },
          headers: { cookie, [CLIENT_ADDRESS_HEADER]: address },
        }),
      );
    for (let index = 0; index < ACCOUNT_FAILURE_LIMIT.max; index += 1)
      expect(
        (await change("guessing wrong", `192.0.2.${40 + index}`)).status,
      ).toBe(400);
    expect((await change(password, "192.0.2.60")).status).toBe(429);
    const signIn = await handleAuthRequest(
      auth,
      authRequest("/sign-in/email", {
        body: { email, password },
        headers: { [CLIENT_ADDRESS_HEADER]: "192.0.2.61" },
      }),
    );
    expect(signIn.status, "the same lock as sign-in").toBe(429);
    const verify = await handleAuthRequest(
      auth,
      authRequest("/verify-password", {
        body: { password },
        headers: { cookie, [CLIENT_ADDRESS_HEADER]: "192.0.2.62" },
      }),
    );
    expect(verify.status, "unused, so switched off").toBe(404);
  });

  test("a sign-in from another origin is refused by better-auth itself, even with TEST set", async () => {
    // Vitest runs with NODE_ENV=test, which alone used to switch the check off.
    expect(process.env.NODE_ENV).toBe("test");
    const { db, auth } = await database(kind);
    const email = uniqueEmail();
    await createOwner(db, { email, password });
    const response = await handleAuthRequest(
      auth,
      authRequest("/sign-in/email", {
        body: { email, password },
        headers: {
          origin: "https://evil.example",
          [CLIENT_ADDRESS_HEADER]: "198.51.100.90",
        },
      }),
    );
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await response.json(), "never a bare 'Invalid origin'").toEqual({
      code: "INVALID_ORIGIN",
      message: `This site signs in at ${TEST_SITE_URL}. Please open ${TEST_SITE_URL}/sign-in and sign in there.`,
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

test("during a database outage no session token or password hash reaches the log", async () => {
  // Its own database: the sessions table goes away.
  const outage = await createTestDatabase("pglite");
  // Whatever a library prints past the logger lands in the log too.
  const printed: string[] = [];
  const print = (...args: unknown[]) => {
    printed.push(args.map((arg) => inspect(arg)).join(" "));
  };
  const spies = [
    vi.spyOn(console, "error").mockImplementation(print),
    vi.spyOn(console, "warn").mockImplementation(print),
    vi.spyOn(console, "log").mockImplementation(print),
  ];
  try {
    const lines: string[] = [];
    const logger = createLogger("debug", {
      write: (line: string) => lines.push(line),
    });
    const auth = createAuth(outage.db, {
      siteUrl: TEST_SITE_URL,
      secret: "s".repeat(32),
      logger,
    });
    const email = uniqueEmail();
    const { userId } = await createOwner(outage.db, { email, password });
    const cookie = await signInCookie(auth, email, password);
    const token = /session_token=([^.;]+)/.exec(cookie)?.[1] ?? "";
    const [stored] = await outage.db
      .select({ hash: accounts.password })
      .from(accounts)
      .where(eq(accounts.userId, userId));
    expect(token).toHaveLength(32);

    await outage.db.execute(sql`alter table sessions rename to sessions_away`);
    const lookup = await handleAuthRequest(
      auth,
      authRequest("/get-session", { headers: { cookie } }),
    );
    expect(lookup.status).toBe(500);
    await expect(
      getViewer(new Request(TEST_SITE_URL, { headers: { cookie } }), auth),
    ).rejects.toThrow();
    const failed = await handleAuthRequest(
      auth,
      authRequest("/sign-in/email", {
        body: { email, password },
        headers: { [CLIENT_ADDRESS_HEADER]: "198.51.100.99" },
      }),
    );
    expect(failed.status).toBe(500);

    const log = [...lines, ...printed].join("");
    expect(log, "the failures are logged").toContain("INTERNAL_SERVER_ERROR");
    expect(log).toContain('relation \\"sessions\\" does not exist');
    expect(log).not.toContain(token);
    expect(log, "no query's parameters at all").not.toMatch(/params/i);
    expect(log).not.toContain(stored?.hash);
    expect(log).not.toContain(password);
  } finally {
    for (const spy of spies) spy.mockRestore();
    await outage.dispose();
  }
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
