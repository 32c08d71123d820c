// The mail outbox worker. Contact messages enqueue their notification in
// mail_outbox in the same transaction as the message; this worker delivers it.
//
// - Claiming is one short statement: due rows are picked with
//   FOR UPDATE SKIP LOCKED and leased by moving next_attempt_at past the time
//   a send can take. No transaction stays open across the SMTP conversation
//   (PGlite has one connection; PostgreSQL connections are precious), and
//   several instances on one PostgreSQL never claim the same row.
// - A failed send is retried with capped exponential backoff, for as long as
//   it takes; every failure is logged with its reason.
// - A row is marked sent once the SMTP server has accepted it. Should the
//   process die between the two, the lease runs out and the mail goes again
//   with the same Message-ID, so a mail client shows it once (SMTP has no
//   two-phase commit; see docs/RELIABILITY.md). Mails that finish together
//   are recorded in one statement: under a burst of messages, one update per
//   mail competed with the contact form for the database.
// - A nudge wakes the worker shortly after a message, not at once, so a burst
//   is claimed in batches rather than one round per message.
// - At most `maxPerHour` mails go out in any hour. Past it, due mails are
//   held, marked in last_error, and sent one by one as the hour allows
//   (nothing is dropped or merged; see docs/SECURITY.md).
// - The sender is asked for before each round (the product name and public
//   mail address as the owner saved them, read once per change), so a change
//   shows on the next mail of every instance, without a restart.
// - Without SMTP_URL nothing is mailed: each notification is logged by its
//   outbox id only (never the visitor's words or address) and counted as
//   handled; the message itself stays in the database (npm run messages).
import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Transporter } from "nodemailer";

import type { SiteSettings } from "~/config/site";
import type { Database } from "~database/client";
import { mailOutbox } from "~database/schema";
import { errorMessage } from "~shared/error-message";
import type { Logger } from "~shared/logger";

export interface OutboxOptions {
  db: Database;
  logger: Logger;
  /** smtp://user:pass@host:port; without it nothing is mailed (the outbox id is logged) and mails count as handled. */
  smtpUrl?: string | undefined;
  /** Mails sent in any hour at most (MAIL_PER_HOUR); 0 for no cap. */
  maxPerHour?: number;
  /** The sender of the mails, asked for before each round that has mail to send (senderOf the saved settings). */
  from: () => Promise<Sender>;
  /** Right-hand side of the Message-ID, e.g. the site's host name. */
  messageIdDomain: string;
  pollIntervalMs?: number;
  /** How soon after a nudge a round starts; nudges within it share the round. */
  nudgeDelayMs?: number;
  /** How long a claimed row stays reserved for the instance sending it. */
  leaseMs?: number;
  batchSize?: number;
  backoff?: BackoffOptions;
  /** Upper bound of one SMTP conversation; kept well inside the lease. */
  smtpTimeoutMs?: number;
  /** Told of every delivery attempt's outcome (the metrics count them). */
  onAttempt?: (outcome: "sent" | "failed") => void;
}

export interface Sender {
  name: string;
  address: string;
}

/** Who the site's mails come from: "Live {product}" at the public mail address. */
export function senderOf(
  settings: Pick<SiteSettings, "productName" | "email">,
): Sender {
  return { name: `Live ${settings.productName}`, address: settings.email };
}

export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
}

export interface Outbox {
  /** Asks for a delivery round soon (a message was just enqueued). */
  nudge(): void;
  /** Stops polling and waits for sends in flight. */
  stop(): Promise<void>;
}

type ClaimedMail = Pick<
  typeof mailOutbox.$inferSelect,
  "id" | "recipient" | "replyTo" | "subject" | "body" | "attempts"
>;

const defaults = {
  pollIntervalMs: 1_500,
  nudgeDelayMs: 100,
  leaseMs: 120_000,
  batchSize: 10,
  backoff: { baseMs: 5_000, maxMs: 10 * 60_000 },
  smtpTimeoutMs: 10_000,
  maxPerHour: 0,
};

const HOUR_MS = 60 * 60_000;

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
async function holdDueMail(
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

function describeFailure(error: unknown): string {
  if (error && typeof error === "object") {
    const { code, responseCode, response } = error as Record<string, unknown>;
    const parts = [errorMessage(error)];
    if (typeof code === "string") parts.push(`code ${code}`);
    if (typeof responseCode === "number") parts.push(`SMTP ${responseCode}`);
    if (typeof response === "string" && !parts[0]?.includes(response))
      parts.push(response);
    return parts.join("; ").slice(0, 1_000);
  }
  return String(error);
}

/** Said once at start: without SMTP_URL no visitor's message reaches the owner's inbox. */
export function warnIfMailIsOff(smtpUrl: string | undefined, logger: Logger) {
  if (smtpUrl) return;
  logger.warn(
    "SMTP_URL is not set: contact notifications are NOT being mailed. Messages are kept in the database; read them with `npm run messages`.",
  );
}

export function startOutbox(options: OutboxOptions): Outbox {
  const { db, logger } = options;
  const pollIntervalMs = options.pollIntervalMs ?? defaults.pollIntervalMs;
  const nudgeDelayMs = options.nudgeDelayMs ?? defaults.nudgeDelayMs;
  const leaseMs = options.leaseMs ?? defaults.leaseMs;
  const batchSize = options.batchSize ?? defaults.batchSize;
  const maxPerHour = options.maxPerHour ?? defaults.maxPerHour;
  const backoff = options.backoff ?? defaults.backoff;
  const smtpTimeoutMs = Math.min(
    options.smtpTimeoutMs ?? defaults.smtpTimeoutMs,
    leaseMs / 3,
  );

  const transport: Transporter | undefined = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        pool: true,
        // With batchSize 10, at most two sends queue per connection: well inside the lease.
        maxConnections: 5,
        connectionTimeout: smtpTimeoutMs,
        greetingTimeout: smtpTimeoutMs,
        socketTimeout: smtpTimeoutMs,
      })
    : undefined;

  async function send(mail: ClaimedMail, from: Sender) {
    const envelope = {
      from,
      to: mail.recipient,
      replyTo: mail.replyTo ?? undefined,
      subject: mail.subject,
      text: mail.body,
      messageId: `<${mail.id}@${options.messageIdDomain}>`,
    };
    if (!transport) {
      // The id finds the message (npm run messages); its words and the
      // visitor's address stay out of the log.
      logger.info("mail not sent: SMTP_URL is not set", { outboxId: mail.id });
      return;
    }
    await transport.sendMail(envelope);
  }

  // Mails the SMTP server accepted but the database did not yet hear about
  // (it was unavailable at that moment); retried before anything new is claimed.
  const unrecorded = new Set<string>();

  async function markSent(ids: string[]) {
    await db
      .update(mailOutbox)
      .set({ sentAt: sql`now()`, lastError: null })
      .where(and(inArray(mailOutbox.id, ids), isNull(mailOutbox.sentAt)));
  }

  // Group commit: each mail accepted while an update is in flight (or in the
  // same turn of the event loop) joins the next update, so a mail is still
  // recorded as soon as the database can take it.
  let waitingIds: string[] = [];
  let waitingUpdate: Promise<void> | undefined;
  let lastUpdate: Promise<unknown> = Promise.resolve();

  function recordSent(id: string): Promise<void> {
    waitingIds.push(id);
    if (!waitingUpdate) {
      waitingUpdate = lastUpdate
        .then(() => new Promise((resolve) => setImmediate(resolve)))
        .then(() => {
          const ids = waitingIds;
          waitingIds = [];
          waitingUpdate = undefined;
          return markSent(ids);
        });
      lastUpdate = waitingUpdate.catch(() => undefined);
    }
    return waitingUpdate;
  }

  async function recordPending() {
    if (unrecorded.size === 0) return;
    const ids = [...unrecorded];
    await markSent(ids);
    for (const id of ids) unrecorded.delete(id);
  }

  async function deliver(mail: ClaimedMail, from: Sender) {
    try {
      await send(mail, from);
    } catch (error) {
      options.onAttempt?.("failed");
      const retryInMs = backoffDelay(mail.attempts, backoff);
      const reason = describeFailure(error);
      logger.warn("mail delivery failed; will retry", {
        outboxId: mail.id,
        attempts: mail.attempts,
        retryInMs,
        reason,
      });
      try {
        await db
          .update(mailOutbox)
          .set({
            lastError: reason,
            nextAttemptAt: sql`now() + ${interval(retryInMs)}`,
          })
          .where(eq(mailOutbox.id, mail.id));
      } catch (recordError) {
        // The lease runs out by itself and the mail is tried again then.
        logger.warn("could not record a mail failure", {
          outboxId: mail.id,
          error: errorMessage(recordError),
        });
      }
      return;
    }
    options.onAttempt?.("sent");
    try {
      await recordSent(mail.id);
      if (transport)
        logger.info("mail delivered", {
          outboxId: mail.id,
          attempts: mail.attempts,
        });
    } catch (error) {
      unrecorded.add(mail.id);
      logger.warn("mail delivered but not yet recorded as sent", {
        outboxId: mail.id,
        error: errorMessage(error),
      });
    }
  }

  let holding = false;

  /** How many mails this round may claim under the hourly cap; holds the due ones when none. */
  async function allowance(): Promise<number> {
    if (maxPerHour <= 0) return batchSize;
    const { room, reopensAt } = await hourlyRoom(db, maxPerHour);
    if (room > 0) {
      holding = false;
      return Math.min(batchSize, room);
    }
    const held = await holdDueMail(
      db,
      reopensAt ?? new Date(Date.now() + HOUR_MS),
      heldReason(maxPerHour),
    );
    if (held > 0 && !holding) {
      holding = true;
      logger.warn("mail cap reached; holding notifications", {
        maxPerHour,
        held,
        until: reopensAt?.toISOString(),
      });
    }
    return 0;
  }

  async function round(): Promise<number> {
    await recordPending();
    const limit = await allowance();
    if (limit === 0) return 0;
    // Asked before claiming: a claimed mail must not wait on anything but its send.
    const from = await options.from();
    const claimed = await claimDueMail(db, limit, leaseMs);
    await Promise.all(claimed.map((mail) => deliver(mail, from)));
    return claimed.length;
  }

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let databaseDown = false;

  async function runRounds(): Promise<number> {
    let handled = 0;
    do {
      again = false;
      try {
        const count = await round();
        handled += count;
        if (count === batchSize && count > 0) again = true;
        if (databaseDown) {
          databaseDown = false;
          logger.info("mail outbox: database reachable again");
        }
      } catch (error) {
        // Logged once per outage, not on every poll.
        if (!databaseDown)
          logger.warn("mail outbox: database unavailable; will keep trying", {
            error: errorMessage(error),
          });
        databaseDown = true;
        again = false;
      }
    } while (again && !stopped);
    return handled;
  }

  let timerDue = Number.POSITIVE_INFINITY;

  /** Runs a round in `delayMs`, unless one is already set to run sooner. */
  function wakeIn(delayMs: number) {
    if (stopped) return;
    const due = Date.now() + delayMs;
    if (timer && timerDue <= due) return;
    clearTimeout(timer);
    timerDue = due;
    timer = setTimeout(() => {
      timer = undefined;
      timerDue = Number.POSITIVE_INFINITY;
      void tick();
    }, delayMs);
  }

  async function tick(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = runRounds();
    try {
      return await running;
    } finally {
      running = undefined;
      wakeIn(pollIntervalMs);
    }
  }

  wakeIn(0);

  return {
    nudge() {
      wakeIn(nudgeDelayMs);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      if (running) await running;
      transport?.close();
    },
  };
}
