// A post mailed to the list (docs/decisions/060): queued once, ever, per post
// (the unique post_id), as one row per confirmed subscriber written by one
// INSERT ... SELECT, so queuing 10,000 costs one statement and no memory
// per row. The delivery worker (server/newsletter-worker.ts) claims due rows
// under a lease with FOR UPDATE SKIP LOCKED, as the contact outbox does, so
// several instances never claim the same one and a killed one's rows come
// due again when the lease runs out.
import { and, eq, inArray, lte, sql } from "drizzle-orm";

import type { Database, Executor } from "./database-types";
import {
  newsletterDeliveries,
  newsletterSends,
  newsletterSubscribers,
} from "./schema";

export const HOUR_MS = 60 * 60_000;

const interval = (ms: number) =>
  sql`${`${Math.max(0, Math.round(ms))} milliseconds`}::interval`;

export type QueueOutcome =
  { queued: true; sendId: string; recipients: number } | { queued: false };

/**
 * Queues `postId` for every confirmed subscriber, unless it was queued
 * before (by any click, retry or instance): then nothing happens.
 */
export async function queueSend(
  db: Executor,
  postId: string,
  subject: string,
): Promise<QueueOutcome> {
  return db.transaction(async (tx) => {
    const [send] = await tx
      .insert(newsletterSends)
      .values({ postId, subject })
      .onConflictDoNothing({ target: newsletterSends.postId })
      .returning({ id: newsletterSends.id });
    if (!send) return { queued: false };
    await tx.execute(sql`
      insert into ${newsletterDeliveries} (send_id, subscriber_id)
      select ${send.id}, ${newsletterSubscribers.id} from ${newsletterSubscribers}
      where ${newsletterSubscribers.status} = 'confirmed'`);
    const [counted] = await tx
      .update(newsletterSends)
      .set({
        recipients: sql`(select count(*)::int from ${newsletterDeliveries} where ${newsletterDeliveries.sendId} = ${send.id})`,
      })
      .where(eq(newsletterSends.id, send.id))
      .returning({ recipients: newsletterSends.recipients });
    const recipients = counted?.recipients ?? 0;
    return { queued: true, sendId: send.id, recipients };
  });
}

/** Whether a post has been mailed (or is being mailed) already. */
export async function sendOfPost(
  db: Database,
  postId: string,
): Promise<{ id: string; createdAt: Date } | undefined> {
  const [row] = await db
    .select({ id: newsletterSends.id, createdAt: newsletterSends.createdAt })
    .from(newsletterSends)
    .where(eq(newsletterSends.postId, postId));
  return row;
}

export interface ClaimedDelivery {
  sendId: string;
  subscriberId: string;
  postId: string;
  subject: string;
  email: string;
  unsubscribeToken: string;
  /** Where the subscriber stands now: anyone but a confirmed one is skipped. */
  status: string;
  attempts: number;
}

/** Mails that may go out now under an hourly cap (0: no cap), and when the next slot opens. */
export async function hourlyRoom(
  db: Database,
  maxPerHour: number,
): Promise<{ room: number; reopensAt: Date | undefined }> {
  if (maxPerHour <= 0)
    return { room: Number.POSITIVE_INFINITY, reopensAt: undefined };
  const [row] = await db
    .select({
      sent: sql<number>`count(*)::int`,
      oldest: sql<Date | string | null>`min(${newsletterDeliveries.sentAt})`,
    })
    .from(newsletterDeliveries)
    .where(sql`${newsletterDeliveries.sentAt} > now() - ${interval(HOUR_MS)}`);
  const oldest = row?.oldest ? new Date(row.oldest) : undefined;
  return {
    room: maxPerHour - (row?.sent ?? 0),
    reopensAt: oldest && new Date(oldest.getTime() + HOUR_MS),
  };
}

/** Claims up to `limit` due deliveries for this instance: one statement, so no lock outlives it. */
export async function claimDueDeliveries(
  db: Database,
  limit: number,
  leaseMs: number,
): Promise<ClaimedDelivery[]> {
  const result = await db.execute(sql`
    with due as (
      select send_id, subscriber_id from ${newsletterDeliveries}
      where status = 'queued' and next_attempt_at <= now()
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    ), claimed as (
      update ${newsletterDeliveries} d
      set attempts = d.attempts + 1, next_attempt_at = now() + ${interval(leaseMs)}, last_error = null
      from due where d.send_id = due.send_id and d.subscriber_id = due.subscriber_id
      returning d.send_id, d.subscriber_id, d.attempts
    )
    select c.send_id as "sendId", c.subscriber_id as "subscriberId", c.attempts,
           s.post_id as "postId", s.subject, u.email, u.unsubscribe_token as "unsubscribeToken",
           u.status::text as status
    from claimed c
    join ${newsletterSends} s on s.id = c.send_id
    join ${newsletterSubscribers} u on u.id = c.subscriber_id`);
  return (result as unknown as { rows: ClaimedDelivery[] }).rows;
}

type DeliveryKey = Pick<ClaimedDelivery, "sendId" | "subscriberId">;

const keyIs = (key: DeliveryKey) =>
  and(
    eq(newsletterDeliveries.sendId, key.sendId),
    eq(newsletterDeliveries.subscriberId, key.subscriberId),
  );

/** Records the mails the SMTP server accepted (one already recorded stays as it was). */
export async function markDelivered(
  db: Database,
  keys: ReadonlyArray<DeliveryKey>,
): Promise<void> {
  if (keys.length === 0) return;
  const bySend = new Map<string, string[]>();
  for (const key of keys)
    bySend.set(key.sendId, [
      ...(bySend.get(key.sendId) ?? []),
      key.subscriberId,
    ]);
  for (const [sendId, subscriberIds] of bySend)
    await db
      .update(newsletterDeliveries)
      .set({ status: "sent", sentAt: sql`now()`, lastError: null })
      .where(
        and(
          eq(newsletterDeliveries.sendId, sendId),
          inArray(newsletterDeliveries.subscriberId, subscriberIds),
          eq(newsletterDeliveries.status, "queued"),
        ),
      );
}

/** A delivery that will not be tried again: the address left the list, or said it does not exist. */
export async function markUndeliverable(
  db: Database,
  key: DeliveryKey,
  status: "failed" | "bounced",
  reason: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(newsletterDeliveries)
      .set({ status, lastError: reason })
      .where(keyIs(key));
    if (status === "bounced")
      await tx
        .update(newsletterSubscribers)
        .set({
          status: "bounced",
          bouncedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(newsletterSubscribers.id, key.subscriberId),
            sql`${newsletterSubscribers.status} in ('pending', 'confirmed')`,
          ),
        );
  });
}

/** A temporary failure: its reason, and when it is tried again. */
export async function retryDelivery(
  db: Database,
  key: DeliveryKey,
  reason: string,
  retryInMs: number,
): Promise<void> {
  await db
    .update(newsletterDeliveries)
    .set({
      lastError: reason,
      nextAttemptAt: sql`now() + ${interval(retryInMs)}`,
    })
    .where(keyIs(key));
}

/** Holds every due delivery until the hour has room again. */
export async function holdDueDeliveries(
  db: Database,
  until: Date,
): Promise<void> {
  await db
    .update(newsletterDeliveries)
    .set({ nextAttemptAt: until })
    .where(
      and(
        eq(newsletterDeliveries.status, "queued"),
        lte(newsletterDeliveries.nextAttemptAt, sql`now()`),
      ),
    );
}

export interface SendProgress {
  id: string;
  postId: string;
  subject: string;
  createdAt: Date;
  queued: number;
  sent: number;
  failed: number;
  bounced: number;
}

/** Every send, newest first, with its deliveries counted by outcome. */
export async function sendProgress(
  db: Database,
  limit = 20,
): Promise<SendProgress[]> {
  const count = (status: string) =>
    sql<number>`(count(*) filter (where ${newsletterDeliveries.status} = ${status}))::int`;
  return db
    .select({
      id: newsletterSends.id,
      postId: newsletterSends.postId,
      subject: newsletterSends.subject,
      createdAt: newsletterSends.createdAt,
      queued: count("queued"),
      sent: count("sent"),
      failed: count("failed"),
      bounced: count("bounced"),
    })
    .from(newsletterSends)
    .leftJoin(
      newsletterDeliveries,
      eq(newsletterDeliveries.sendId, newsletterSends.id),
    )
    .groupBy(newsletterSends.id)
    .orderBy(sql`${newsletterSends.createdAt} desc`, newsletterSends.id)
    .limit(limit);
}
