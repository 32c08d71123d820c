// The first day: while the site has no owner, each start issues a one-time
// setup address (docs/AUTH.md). Only the token's SHA-256 is stored, in
// better-auth's verifications table; it is good for 24 hours or until an
// owner exists, whichever comes first, and the address answers 404 after.
import { createHash, randomBytes, randomUUID } from "node:crypto";

import { and, eq, exists, gt, sql } from "drizzle-orm";

import type { Database } from "~database/client";
import { users, verifications } from "~database/schema";

import { createOwner } from "./owner.server";
import { tokenLive } from "./token-live.server";
import type { OwnerInput, OwnerResult } from "./owner.server";

const SETUP_IDENTIFIER = "site:owner-setup";
export const SETUP_VALID_MS = 24 * 60 * 60_000;
/** The page that takes the token (`/setup?token=…`). */
export const SETUP_PATH = "/setup";

const hashOf = (token: string) =>
  createHash("sha256").update(token).digest("hex");

export async function hasOwner(db: Database): Promise<boolean> {
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, "owner"))
    .limit(1);
  return owner !== undefined;
}

/**
 * A new setup token when the site has no owner (undefined when it has
 * one). Tokens issued at earlier starts stay good until they expire, so
 * several instances starting on one database each print a working address.
 */
export async function issueSetupToken(
  db: Database,
): Promise<string | undefined> {
  if (await hasOwner(db)) return undefined;
  const token = randomBytes(32).toString("base64url");
  await db.insert(verifications).values({
    id: randomUUID(),
    identifier: SETUP_IDENTIFIER,
    value: hashOf(token),
    expiresAt: new Date(Date.now() + SETUP_VALID_MS),
  });
  return token;
}

/** The full setup address for a token. */
export function setupAddress(siteUrl: string, token: string): string {
  return `${siteUrl}${SETUP_PATH}?token=${token}`;
}

const unexpired = (token: string) =>
  and(
    eq(verifications.identifier, SETUP_IDENTIFIER),
    eq(verifications.value, hashOf(token)),
    gt(verifications.expiresAt, sql`now()`),
  );

/** Whether the token opens the setup page: issued, unexpired, and no owner yet. */
export async function setupTokenValid(
  db: Database,
  token: string | null,
): Promise<boolean> {
  return (await tokenLive(db, token, unexpired)) && !(await hasOwner(db));
}

/**
 * Creates the owner with a valid token, which (with every other setup
 * token) is void from then on; undefined when the token is not valid. The
 * tokens are claimed in one statement first, so of two forms sent at once
 * only one creates an owner.
 */
export async function completeSetup(
  db: Database,
  token: string,
  input: OwnerInput,
): Promise<OwnerResult | undefined> {
  if (!(await setupTokenValid(db, token))) return undefined;
  const claimed = await db
    .delete(verifications)
    .where(
      and(
        eq(verifications.identifier, SETUP_IDENTIFIER),
        exists(
          db
            .select({ id: sql`1` })
            .from(verifications)
            .where(unexpired(token)),
        ),
      ),
    )
    .returning({ value: verifications.value });
  if (!claimed.some((row) => row.value === hashOf(token))) return undefined;
  if (await hasOwner(db)) return undefined;
  return createOwner(db, input);
}
