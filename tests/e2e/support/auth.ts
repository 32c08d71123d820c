// The owner account of the "mutable" journey server (created by prepare.ts),
// and signing in as it from a journey.
import { createOwner } from "~/auth/owner.server";
import { openDatabase } from "~database/client";
import { createSeededPostgres } from "~scripts/lib/database";
import type { SeededPostgres } from "~scripts/lib/database";
import { randomInt } from "node:crypto";

import type { Page } from "@playwright/test";

export const OWNER_EMAIL = "owner@example.test";
export const OWNER_PASSWORD = "trail-mix-and-early-starts";
/** A second owner on the "mutable" server, for the account journey alone (it changes the password). */
export const KEYHOLDER_EMAIL = "keyholder@example.test";
export const KEYHOLDER_PASSWORD = "one-journey-changes-this-password";
/** A signed-in account without the owner role (the studio answers it 403). */
export const READER_EMAIL = "reader@example.test";
export const READER_PASSWORD = "reading-is-not-writing";

/**
 * An address for one simulated visitor. The journey servers trust one proxy
 * hop (TRUST_PROXY=1), so X-Forwarded-For is the client address the sign-in
 * rate limit counts; giving each journey its own keeps parallel journeys
 * from sharing one limit.
 */
export function visitorAddress(): string {
  // 198.18.0.0/15 is reserved for benchmarks and tests.
  return `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/**
 * Signs the page's browser context in as the owner through the auth API (the
 * sign-in form has journeys of its own). The session cookie lands in the
 * page's cookie jar: navigate afterwards to see the site signed in.
 */
export async function signInAsOwner(page: Page, baseUrl: string) {
  await signInAs(page, baseUrl, OWNER_EMAIL, OWNER_PASSWORD);
}

/** Signs the page's browser context in as the reader (not the owner). */
export async function signInAsReader(page: Page, baseUrl: string) {
  await signInAs(page, baseUrl, READER_EMAIL, READER_PASSWORD);
}

export async function signInAs(
  page: Page,
  baseUrl: string,
  email: string,
  password: string,
) {
  const response = await page.request.post(
    `${baseUrl}/api/auth/sign-in/email`,
    {
      data: { email, password },
      headers: { origin: baseUrl, "x-forwarded-for": visitorAddress() },
    },
  );
  if (!response.ok()) {
    throw new Error(
      `Sign-in as ${email} failed: ${response.status()} ${await response.text()}`,
    );
  }
}

/** A new seeded PostgreSQL database with the owner's account, for journeys that run servers of their own on it. */
export async function seededPostgresWithOwner(
  adminUrl: string,
  prefix: string,
): Promise<SeededPostgres> {
  const database = await createSeededPostgres(adminUrl, prefix);
  const handle = await openDatabase({ databaseUrl: database.url, dataDir: "" });
  try {
    await createOwner(handle.db, {
      email: OWNER_EMAIL,
      password: OWNER_PASSWORD,
    });
  } finally {
    await handle.close();
  }
  return database;
}
