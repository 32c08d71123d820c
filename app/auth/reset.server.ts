import { and, eq, gt, sql } from "drizzle-orm";

import type { Database } from "~database/client";
import { verifications } from "~database/schema";

import { tokenLive } from "./setup.server";

/**
 * Whether a mailed reset token still works: better-auth keeps it as
 * `reset-password:<token>` until it is used or expires.
 */
export function resetTokenValid(
  db: Database,
  token: string | null,
): Promise<boolean> {
  return tokenLive(db, token, (live) =>
    and(
      eq(verifications.identifier, `reset-password:${live}`),
      gt(verifications.expiresAt, sql`now()`),
    ),
  );
}
