// The newsletter in the content archive (decision 060): newsletter.json holds
// every subscriber with its consent record (when, which page, which words)
// and its tokens (so the links in mails already sent keep working after a
// move), each send (by the post's slug, as post ids are made afresh by an
// import) with its deliveries, and the scheduled posts to mail once out. An
// archive without it leaves the newsletter as it is. An import never sends anything: a delivery still queued comes in as
// failed, and a post with a send can never be sent again. A leaver stays
// left: an address unsubscribed or bounced here keeps that status, whatever
// the archive says, and is kept even when the archive does not have it.
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { z } from "zod";

import type { Database, Transaction } from "~database/client";
import {
  newsletterDeliveries,
  newsletterScheduledSends,
  newsletterSends,
  newsletterSubscribers,
  posts,
  studioPosts,
} from "~database/schema";
import type { ArchiveFile } from "~database/tar";

import {
  jsonArchiveFile,
  postIdsBySlug,
  readJsonArchiveFile,
} from "./archive-json.server";

export const NEWSLETTER_FILE = "newsletter.json";

const when = z.iso.datetime({ offset: true });
const maybe = when.nullable();

const newsletterFileSchema = z.object({
  subscribers: z.array(
    z.object({
      id: z.uuid(),
      email: z.email().max(320),
      status: z.enum(["pending", "confirmed", "unsubscribed", "bounced"]),
      consentedAt: when,
      consentSource: z.string().max(2000),
      consentWording: z.string().max(2000),
      confirmTokenHash: z.string().max(128).nullable(),
      confirmExpiresAt: maybe,
      confirmationMailedAt: maybe,
      confirmedAt: maybe,
      unsubscribedAt: maybe,
      bouncedAt: maybe,
      unsubscribeToken: z.string().min(16).max(128),
      createdAt: when,
      updatedAt: when,
    }),
  ),
  sends: z.array(
    z.object({
      id: z.uuid(),
      post: z.string().min(1),
      subject: z.string(),
      recipients: z.number().int().min(0),
      createdAt: when,
      finishedAt: maybe,
      deliveries: z.array(
        z.object({
          subscriberId: z.uuid(),
          status: z.enum(["queued", "sent", "failed", "bounced"]),
          attempts: z.number().int().min(0),
          lastError: z.string().nullable(),
          sentAt: maybe,
        }),
      ),
    }),
  ),
  /** The scheduled posts (by slug) to mail once the scheduler publishes them. */
  scheduled: z.array(z.string().min(1)).default([]),
});

export type NewsletterFile = z.infer<typeof newsletterFileSchema>;

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);
const dateOrNull = (value: string | null) => (value ? new Date(value) : null);

/** The newsletter's rows as a file of the archive; none while it has none. */
export async function newsletterFile(db: Database): Promise<ArchiveFile[]> {
  const subscribers = await db
    .select()
    .from(newsletterSubscribers)
    .orderBy(newsletterSubscribers.email);
  const sends = await db
    .select({ send: newsletterSends, post: posts.slug })
    .from(newsletterSends)
    .innerJoin(posts, eq(posts.id, newsletterSends.postId))
    .orderBy(newsletterSends.createdAt);
  const scheduled = await db
    .select({ slug: studioPosts.slug })
    .from(newsletterScheduledSends)
    .innerJoin(
      studioPosts,
      eq(studioPosts.postId, newsletterScheduledSends.postId),
    );
  if (subscribers.length === 0 && sends.length === 0) return [];
  const bySend = new Map<
    string,
    (typeof newsletterDeliveries.$inferSelect)[]
  >();
  for (const row of await db.select().from(newsletterDeliveries))
    bySend.set(row.sendId, [...(bySend.get(row.sendId) ?? []), row]);
  const file: NewsletterFile = {
    subscribers: subscribers.map((row) => ({
      id: row.id,
      email: row.email,
      status: row.status,
      consentedAt: iso(row.consentedAt),
      consentSource: row.consentSource,
      consentWording: row.consentWording,
      confirmTokenHash: row.confirmTokenHash,
      confirmExpiresAt: isoOrNull(row.confirmExpiresAt),
      confirmationMailedAt: isoOrNull(row.confirmationMailedAt),
      confirmedAt: isoOrNull(row.confirmedAt),
      unsubscribedAt: isoOrNull(row.unsubscribedAt),
      bouncedAt: isoOrNull(row.bouncedAt),
      unsubscribeToken: row.unsubscribeToken,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    })),
    sends: sends.map(({ send, post }) => ({
      id: send.id,
      post,
      subject: send.subject,
      recipients: send.recipients,
      createdAt: iso(send.createdAt),
      finishedAt: isoOrNull(send.finishedAt),
      deliveries: (bySend.get(send.id) ?? []).map((row) => ({
        subscriberId: row.subscriberId,
        status: row.status,
        attempts: row.attempts,
        lastError: row.lastError,
        sentAt: isoOrNull(row.sentAt),
      })),
    })),
    scheduled: scheduled.map((row) => row.slug),
  };
  return [jsonArchiveFile(NEWSLETTER_FILE, file)];
}

/** newsletter.json checked whole (a problem goes to `problems`); undefined when the archive has none. */
export function readNewsletterFile(
  data: Uint8Array | undefined,
  problems: string[],
): NewsletterFile | undefined {
  const parsed = readJsonArchiveFile(
    NEWSLETTER_FILE,
    data,
    newsletterFileSchema,
    problems,
  );
  if (!parsed) return undefined;
  const known = new Set(parsed.subscribers.map((row) => row.id));
  const emails = new Set(parsed.subscribers.map((row) => row.email));
  if (emails.size !== parsed.subscribers.length)
    problems.push(`${NEWSLETTER_FILE}: an address is listed twice.`);
  for (const send of parsed.sends)
    for (const delivery of send.deliveries)
      if (!known.has(delivery.subscriberId)) {
        problems.push(
          `${NEWSLETTER_FILE}: the send of "${send.post}" names a subscriber the file does not list.`,
        );
        return undefined;
      }
  return emails.size === parsed.subscribers.length ? parsed : undefined;
}

/** Rows at a time: well under PostgreSQL's 65,535 parameters a statement. */
const CHUNK = 1000;

async function insertChunked<T>(
  rows: T[],
  insert: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK)
    await insert(rows.slice(start, start + CHUNK));
}

/** Writes the archive's newsletter in place of this one's, in the import's transaction; nothing is sent. */
export async function writeNewsletterFile(
  tx: Transaction,
  file: NewsletterFile,
): Promise<void> {
  const leavers = await tx
    .select()
    .from(newsletterSubscribers)
    .where(inArray(newsletterSubscribers.status, ["unsubscribed", "bounced"]));
  const left = new Map(leavers.map((row) => [row.email, row]));
  await tx.delete(newsletterDeliveries);
  await tx.delete(newsletterSends);
  await tx.delete(newsletterSubscribers);
  const archived = new Set(file.subscribers.map((row) => row.email));
  const tokens = new Set(file.subscribers.map((row) => row.unsubscribeToken));
  const subscribers = [
    ...file.subscribers.map((row) => {
      const here = left.get(row.email);
      const stillIn = row.status === "pending" || row.status === "confirmed";
      return {
        ...row,
        consentedAt: new Date(row.consentedAt),
        confirmExpiresAt: dateOrNull(row.confirmExpiresAt),
        confirmationMailedAt: dateOrNull(row.confirmationMailedAt),
        confirmedAt: dateOrNull(row.confirmedAt),
        unsubscribedAt: dateOrNull(row.unsubscribedAt),
        bouncedAt: dateOrNull(row.bouncedAt),
        createdAt: new Date(row.createdAt),
        updatedAt: new Date(row.updatedAt),
        // Left here since the archive was made: left it stays.
        ...(here && stillIn
          ? {
              status: here.status,
              unsubscribedAt: here.unsubscribedAt,
              bouncedAt: here.bouncedAt,
              confirmTokenHash: null,
              confirmExpiresAt: null,
            }
          : {}),
      };
    }),
    // A leaver the archive does not know is kept, so no later import or
    // sign-up counts it in without its own confirmation.
    ...leavers.filter(
      (row) => !archived.has(row.email) && !tokens.has(row.unsubscribeToken),
    ),
  ];
  await insertChunked(subscribers, (chunk) =>
    tx.insert(newsletterSubscribers).values(chunk),
  );
  const postIds = await postIdsBySlug(
    tx,
    file.sends.map((send) => send.post),
  );
  // The wishes of scheduled posts, found by the slug the drafts came back with.
  const wished =
    file.scheduled.length === 0
      ? []
      : await tx
          .select({ postId: studioPosts.postId })
          .from(studioPosts)
          .where(
            and(
              inArray(studioPosts.slug, file.scheduled),
              isNotNull(studioPosts.scheduledAt),
            ),
          );
  await tx.delete(newsletterScheduledSends);
  if (wished.length > 0)
    await tx.insert(newsletterScheduledSends).values(wished);
  for (const send of file.sends) {
    const postId = postIds.get(send.post);
    if (!postId) continue;
    await tx.insert(newsletterSends).values({
      id: send.id,
      postId,
      subject: send.subject,
      recipients: send.recipients,
      createdAt: new Date(send.createdAt),
      finishedAt: dateOrNull(send.finishedAt) ?? new Date(send.createdAt),
    });
    await insertChunked(send.deliveries, (chunk) =>
      tx.insert(newsletterDeliveries).values(
        chunk.map((row) => ({
          ...row,
          sendId: send.id,
          sentAt: dateOrNull(row.sentAt),
          // Never sent from another database by an import.
          ...(row.status === "queued"
            ? { status: "failed" as const, lastError: "not sent: imported" }
            : {}),
        })),
      ),
    );
  }
}
