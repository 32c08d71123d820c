// The outbox worker's statements on mail_outbox: claiming due mail under a
// lease, the hourly cap's room and hold, and a send's outcome recorded.
import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";

import type { Database } from "~database/client";
import { mailOutbox } from "~database/schema";

export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
}

export type ClaimedMail = Pick<
  typeof mailOutbox.$inferSelect,
  "id" | "recipient" | "replyTo" | "subject" | "body" | "attempts"
>;

export const HOUR_MS = 60 * 60_000;

/** What a held mail's last_error says (npm run messages shows it to the owner). */
export const heldReason = (maxPerHour: number) =>
  `Held: ${maxPerHour} notifications were already sent in the last hour (MAIL_PER_HOUR); it goes out as soon as the hour allows.`;

/**
 * How many more mails may go out now under an hourly cap, and when the next
 * slot opens (an hour after the oldest send within the hour).
 */
export async function hourlyRoom(
  db: Database,
  maxPerHour: number,
): Promise<{ room: number; reopensAt: Date | undefined }> {
  const [row] = await db
    .select({
      sent: sql<number>`count(*)::int`,
      oldest: sql<Date | string | null>`min(${mailOutbox.sentAt})`,
    })
    .from(mailOutbox)
    .where(sql`${mailOutbox.sentAt} > now() - ${interval(HOUR_MS)}`);
  const oldest = row?.oldest ? new Date(row.oldest) : undefined;
  return {
    room: maxPerHour - (row?.sent ?? 0),
    reopensAt: oldest && new Date(oldest.getTime() + HOUR_MS),
  };
}

/** Marks the due mails as held until `until`; returns how many. */
export async function holdDueMail(
  db: Database,
  until: Date,
  reason: string,
): Promise<number> {
  const held = await db
    .update(mailOutbox)
    .set({ nextAttemptAt: until, lastError: reason })
    .where(
      and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, sql`now()`)),
    )
    .returning({ id: mailOutbox.id });
  return held.length;
}

/** Delay before retry number `attempts` + 1: doubling from baseMs, capped at maxMs, with ±20% jitter so instances spread out. */
export function backoffDelay(
  attempts: number,
  { baseMs, maxMs }: BackoffOptions,
  random: () => number = Math.random,
): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 30);
  const delay = Math.min(baseMs * 2 ** exponent, maxMs);
  return Math.round(delay * (0.8 + 0.4 * random()));
}

const interval = (ms: number) =>
  sql`${`${Math.max(0, Math.round(ms))} milliseconds`}::interval`;

/** Claims up to `limit` due mails for this instance: one statement, so no lock outlives it. */
export async function claimDueMail(
  db: Database,
  limit: number,
  leaseMs: number,
): Promise<ClaimedMail[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, sql`now()`)),
    )
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + ${interval(leaseMs)}`,
      // last_error is the outcome of the last finished attempt: a mail in
      // flight has none, which is how the studio's "Retry now" knows not to
      // make it due again while it is being sent (app/data/inbox.server.ts).
      lastError: null,
    })
    .where(inArray(mailOutbox.id, due))
    .returning({
      id: mailOutbox.id,
      recipient: mailOutbox.recipient,
      replyTo: mailOutbox.replyTo,
      subject: mailOutbox.subject,
      body: mailOutbox.body,
      attempts: mailOutbox.attempts,
    });
}

/** Records mails the SMTP server accepted (a mail already recorded stays as it was). */
export async function markSent(db: Database, ids: string[]) {
  await db
    .update(mailOutbox)
    .set({ sentAt: sql`now()`, lastError: null })
    .where(and(inArray(mailOutbox.id, ids), isNull(mailOutbox.sentAt)));
}

/** Records a failed send: its reason, and when it is tried again. */
export async function scheduleRetry(
  db: Database,
  id: string,
  reason: string,
  retryInMs: number,
) {
  await db
    .update(mailOutbox)
    .set({
      lastError: reason,
      nextAttemptAt: sql`now() + ${interval(retryInMs)}`,
    })
    .where(eq(mailOutbox.id, id));
}
