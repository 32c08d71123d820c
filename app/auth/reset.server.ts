import { and, eq, gt, sql } from "drizzle-orm";

import type { Database } from "~database/client";
import { verifications } from "~database/schema";

/**
 * Whether a mailed reset token still works: better-auth keeps it as
 * `reset-password:<token>` until it is used or expires.
 */
export async function resetTokenValid(
  db: Database,
  token: string | null,
): Promise<boolean> {
  if (!token || token.length > 100) return false;
  const [row] = await db
    .select({ id: verifications.id })
    .from(verifications)
    .where(
      and(
        eq(verifications.identifier, `reset-password:${token}`),
        gt(verifications.expiresAt, sql`now()`),
      ),
    );
  return row !== undefined;
}
