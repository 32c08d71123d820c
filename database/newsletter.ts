// The newsletter's subscribers and where each stands (docs/decisions/060):
//
//   (none) --sign-up--> pending --confirm--> confirmed
//   pending | confirmed --unsubscribe--> unsubscribed
//   pending | confirmed --5xx refusal--> bounced
//   unsubscribed | bounced --sign-up, then confirm--> confirmed
//
// Only a confirmed address is mailed posts. Each step is one statement, so two
// instances (or two clicks) taking the same step at once take it once. A
// sign-up mails a confirmation at most once a day per address, whoever asks,
// and the mail is queued in the outbox in the same transaction as the row.
import { createHash, randomBytes } from "node:crypto";

import { and, count, eq, gt, isNotNull, sql } from "drizzle-orm";

import type { Database, Executor } from "./database-types";
import { mailOutbox, newsletterSubscribers } from "./schema";

export type SubscriberStatus =
  (typeof newsletterSubscribers.status.enumValues)[number];

/** A confirmation link works this long after it is mailed. */
export const CONFIRM_LINK_HOURS = 48;
/** One confirmation mail per address in this long, however many sign-ups. */
export const CONFIRMATION_MAIL_GAP_HOURS = 24;

const HOUR_MS = 60 * 60 * 1000;
/** Longer than any token this module issues: not worth a lookup. */
const MAX_TOKEN_LENGTH = 100;

/** An address as the list keeps it: one subscriber however it is typed. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export interface SignUp {
  email: string;
  /** The page the form was on (a path). */
  source: string;
  /** The words of the form the reader saw. */
  wording: string;
  now?: Date;
}

export interface ConfirmationMail {
  subject: string;
  body: string;
}

/**
 * Records a sign-up and, when one is due, queues the confirmation mail made
 * by `mail` from the link's token. Returns whether a mail was queued (the
 * reader's answer must not depend on it). A confirmed address is left as it
 * is; any other gets a new token and the consent of this sign-up, unless a
 * confirmation went to it within the last day.
 */
export async function requestSubscription(
  db: Database,
  signUp: SignUp,
  /** Makes the mail from the confirmation token and the address's unsubscribe token. */
  mail: (token: string, unsubscribeToken: string) => ConfirmationMail,
): Promise<{ mailed: boolean }> {
  const now = signUp.now ?? new Date();
  const email = normalizeEmail(signUp.email);
  const token = newToken();
  const expires = new Date(now.getTime() + CONFIRM_LINK_HOURS * HOUR_MS);
  const mailedBefore = new Date(
    now.getTime() - CONFIRMATION_MAIL_GAP_HOURS * HOUR_MS,
  );
  const consent = {
    consentedAt: now,
    consentSource: signUp.source,
    consentWording: signUp.wording,
    confirmTokenHash: tokenHash(token),
    confirmExpiresAt: expires,
    confirmationMailedAt: now,
    updatedAt: now,
  };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(newsletterSubscribers)
      .values({
        email,
        status: "pending",
        unsubscribeToken: newToken(),
        createdAt: now,
        ...consent,
      })
      .onConflictDoUpdate({
        target: newsletterSubscribers.email,
        set: consent,
        setWhere: sql`${newsletterSubscribers.status} <> 'confirmed' and (${newsletterSubscribers.confirmationMailedAt} is null or ${newsletterSubscribers.confirmationMailedAt} <= ${mailedBefore.toISOString()})`,
      })
      .returning({ unsubscribeToken: newsletterSubscribers.unsubscribeToken });
    if (!row) return { mailed: false };
    const { subject, body } = mail(token, row.unsubscribeToken);
    await tx.insert(mailOutbox).values({ recipient: email, subject, body });
    return { mailed: true };
  });
}

export type ConfirmOutcome = "confirmed" | "expired" | "unknown";

/** Confirms the address whose link holds `token`: once, within its 48 hours. */
export async function confirmSubscription(
  db: Database,
  token: string,
  now = new Date(),
): Promise<ConfirmOutcome> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return "unknown";
  const hash = tokenHash(token);
  const [confirmed] = await db
    .update(newsletterSubscribers)
    .set({
      status: "confirmed",
      confirmedAt: now,
      confirmTokenHash: null,
      confirmExpiresAt: null,
      unsubscribedAt: null,
      bouncedAt: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(newsletterSubscribers.confirmTokenHash, hash),
        gt(newsletterSubscribers.confirmExpiresAt, now),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  if (confirmed) return "confirmed";
  const [expired] = await db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.confirmTokenHash, hash));
  return expired ? "expired" : "unknown";
}

export type UnsubscribeOutcome = "unsubscribed" | "unknown";

/**
 * Unsubscribes the address whose mails carry `token`, at once; again is the
 * same answer. A pending confirmation link stops working with it.
 */
export async function unsubscribe(
  db: Database,
  token: string,
  now = new Date(),
): Promise<UnsubscribeOutcome> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return "unknown";
  const [row] = await db
    .update(newsletterSubscribers)
    .set({
      status: sql`case when ${newsletterSubscribers.status} = 'bounced' then 'bounced'::newsletter_status else 'unsubscribed'::newsletter_status end`,
      unsubscribedAt: sql`coalesce(${newsletterSubscribers.unsubscribedAt}, ${now.toISOString()}::timestamptz)`,
      confirmTokenHash: null,
      confirmExpiresAt: null,
      updatedAt: now,
    })
    .where(eq(newsletterSubscribers.unsubscribeToken, token))
    .returning({ id: newsletterSubscribers.id });
  return row ? "unsubscribed" : "unknown";
}

/** Where the address of an unsubscribe link stands; undefined: no address of this list has it. */
export async function statusOfUnsubscribeToken(
  db: Database,
  token: string,
): Promise<SubscriberStatus | undefined> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return undefined;
  const [row] = await db
    .select({ status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.unsubscribeToken, token));
  return row?.status;
}

/** A permanent refusal (SMTP 5xx) for the address: nothing more is mailed to it. */
export async function markBounced(
  db: Executor,
  subscriberId: string,
  now = new Date(),
): Promise<void> {
  await db
    .update(newsletterSubscribers)
    .set({ status: "bounced", bouncedAt: now, updatedAt: now })
    .where(
      and(
        eq(newsletterSubscribers.id, subscriberId),
        sql`${newsletterSubscribers.status} in ('pending', 'confirmed')`,
      ),
    );
}

export type SubscriberCounts = Record<SubscriberStatus, number>;

export async function subscriberCounts(
  db: Database,
): Promise<SubscriberCounts> {
  const rows = await db
    .select({ status: newsletterSubscribers.status, n: count() })
    .from(newsletterSubscribers)
    .groupBy(newsletterSubscribers.status);
  const counts: SubscriberCounts = {
    pending: 0,
    confirmed: 0,
    unsubscribed: 0,
    bounced: 0,
  };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

/** Where an address stands, or undefined when the list does not hold it. */
export async function subscriberStatus(
  db: Database,
  email: string,
): Promise<SubscriberStatus | undefined> {
  const [row] = await db
    .select({ status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, normalizeEmail(email)));
  return row?.status;
}

/** Whether an address still has a confirmation link that works. */
export async function hasLiveConfirmation(
  db: Database,
  email: string,
  now = new Date(),
): Promise<boolean> {
  const [row] = await db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(
      and(
        eq(newsletterSubscribers.email, normalizeEmail(email)),
        isNotNull(newsletterSubscribers.confirmTokenHash),
        gt(newsletterSubscribers.confirmExpiresAt, now),
      ),
    );
  return row !== undefined;
}

export const SUBSCRIBERS_PAGE_SIZE = 50;

export interface SubscriberRow {
  id: string;
  email: string;
  status: SubscriberStatus;
  consentedAt: Date;
  consentSource: string;
}

/** One page of the list, newest first, searched by address in SQL (a part of it, any case). */
export async function listSubscribers(
  db: Database,
  options: { search?: string; page?: number } = {},
): Promise<{ rows: SubscriberRow[]; total: number }> {
  const search = options.search?.trim().toLowerCase().slice(0, 254) ?? "";
  const page = Math.max(1, options.page ?? 1);
  // The address's own characters: % and _ are matched as themselves.
  const pattern = `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const where = search
    ? sql`${newsletterSubscribers.email} like ${pattern}`
    : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: newsletterSubscribers.id,
        email: newsletterSubscribers.email,
        status: newsletterSubscribers.status,
        consentedAt: newsletterSubscribers.consentedAt,
        consentSource: newsletterSubscribers.consentSource,
      })
      .from(newsletterSubscribers)
      .where(where)
      .orderBy(
        sql`${newsletterSubscribers.createdAt} desc`,
        newsletterSubscribers.id,
      )
      .limit(SUBSCRIBERS_PAGE_SIZE)
      .offset((page - 1) * SUBSCRIBERS_PAGE_SIZE),
    db.select({ n: count() }).from(newsletterSubscribers).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** Removes an address and its consent record (and its deliveries); true when it was there. */
export async function removeSubscriber(
  db: Database,
  id: string,
): Promise<boolean> {
  const removed = await db
    .delete(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, id))
    .returning({ id: newsletterSubscribers.id });
  return removed.length > 0;
}
