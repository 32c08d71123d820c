// Whether a mailed or printed token still works: the one lookup both the
// setup address and the reset link make against better-auth's verifications.
import type { SQL } from "drizzle-orm";

import type { Database } from "~database/client";
import { verifications } from "~database/schema";

/**
 * Whether an address's token matches an unexpired row of `verifications`
 * (`matching` says which); a token longer than any issued is not looked up.
 */
export async function tokenLive(
  db: Database,
  token: string | null,
  matching: (token: string) => SQL | undefined,
): Promise<boolean> {
  if (!token || token.length > 100) return false;
  const [row] = await db
    .select({ id: verifications.id })
    .from(verifications)
    .where(matching(token));
  return row !== undefined;
}
