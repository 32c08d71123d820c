// Helpers for tests that need accounts and sessions: an auth instance over a
// fresh test database, as the server creates it, and a signed-in Cookie header.
import { afterAll, beforeAll } from "vitest";

import { handleAuthRequest } from "~/auth/auth-request.server";
import {
  AUTH_BASE_PATH,
  createAuth,
  resolveAuthSecret,
} from "~/auth/auth.server";
import type { SiteAuth } from "~/auth/auth.server";

import { createTestDatabase } from "./database";
import type { TestDatabase, TestDatabaseKind } from "./database";

export const TEST_SITE_URL = "http://localhost:5400";

export interface AuthTestDatabase extends TestDatabase {
  auth: SiteAuth;
}

/** A fresh, migrated database with the site's auth instance registered for it. */
export async function createAuthTestDatabase(
  kind: TestDatabaseKind,
  siteUrl = TEST_SITE_URL,
): Promise<AuthTestDatabase> {
  const database = await createTestDatabase(kind);
  const secret = await resolveAuthSecret(database.db, undefined);
  return { ...database, auth: createAuth(database.db, { siteUrl, secret }) };
}

/**
 * One auth test database per test file and kind, opened on first use and
 * disposed after the file's tests (opening one takes seconds). Tests sharing
 * it use their own accounts and client addresses (see uniqueEmail()).
 */
export function authDatabasePerFile(): (
  kind: TestDatabaseKind,
) => Promise<AuthTestDatabase> {
  const opened = new Map<TestDatabaseKind, Promise<AuthTestDatabase>>();
  afterAll(async () => {
    for (const database of opened.values()) await (await database).dispose();
  });
  const open = (kind: TestDatabaseKind) => {
    const database = opened.get(kind) ?? createAuthTestDatabase(kind);
    opened.set(kind, database);
    return database;
  };
  // Every file uses PGlite: open it in a hook (which has the longer hook
  // timeout) rather than in whichever test asks first, so a slow initdb on a
  // busy machine is not charged to that test.
  beforeAll(async () => {
    await open("pglite");
  });
  return open;
}

let emailCounter = 0;
/** An address no other test in this process uses. */
export function uniqueEmail(label = "owner"): string {
  emailCounter += 1;
  return `${label}-${emailCounter}@example.test`;
}

/** A request to the auth API, as a browser on the site would send it. */
export function authRequest(
  path: string,
  init: { body?: unknown; headers?: Record<string, string> } = {},
  siteUrl = TEST_SITE_URL,
): Request {
  const hasBody = init.body !== undefined;
  return new Request(new URL(`${AUTH_BASE_PATH}${path}`, siteUrl), {
    method: hasBody ? "POST" : "GET",
    headers: {
      origin: siteUrl,
      ...(hasBody ? { "content-type": "application/json" } : {}),
      ...init.headers,
    },
    body: hasBody ? JSON.stringify(init.body) : undefined,
  });
}

/** Signs in through the auth API; returns the Cookie header the browser would send next. */
export async function signInCookie(
  auth: SiteAuth,
  email: string,
  password: string,
): Promise<string> {
  const response = await handleAuthRequest(
    auth,
    authRequest("/sign-in/email", { body: { email, password } }),
  );
  if (!response.ok) throw new Error(`Sign-in failed: ${response.status}`);
  return cookieHeader(response);
}

/** The Cookie header matching a response's Set-Cookie headers. */
export function cookieHeader(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}
