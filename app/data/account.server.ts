// The owner's sign-ins as the account screen lists them. Read straight from
// the sessions table: better-auth's /list-sessions wants a session younger
// than a day, and the list is only shown, never changed, here.
import { and, desc, eq, gt } from "drizzle-orm";

import type { Database } from "~database/client";
import { sessions } from "~database/schema";

export interface OwnerSession {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: string;
  lastActiveAt: string;
}

/** The account's unexpired sessions, most recently used first. */
export async function listActiveSessions(
  db: Database,
  userId: string,
  now = new Date(),
): Promise<OwnerSession[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.updatedAt));
  return rows.map((row) => ({
    id: row.id,
    userAgent: row.userAgent,
    ipAddress: row.ipAddress,
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.updatedAt.toISOString(),
  }));
}
