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
//   two-phase commit; see docs/RELIABILITY.md).
import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Transporter } from "nodemailer";

import type { Database } from "../database/client.ts";
import { mailOutbox } from "../database/schema.ts";
import { errorMessage } from "./logger.ts";
import type { Logger } from "./logger.ts";

export interface OutboxOptions {
  db: Database;
  logger: Logger;
  /** smtp://user:pass@host:port; without it mail is written to the log and counted as sent. */
  smtpUrl?: string | undefined;
  /** The sender of notifications. */
  from: { name: string; address: string };
  /** Right-hand side of the Message-ID, e.g. the site's host name. */
  messageIdDomain: string;
  pollIntervalMs?: number;
  /** How long a claimed row stays reserved for the instance sending it. */
  leaseMs?: number;
  batchSize?: number;
  backoff?: BackoffOptions;
  /** Upper bound of one SMTP conversation; kept well inside the lease. */
  smtpTimeoutMs?: number;
}

export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
}

export interface Outbox {
  /** Asks for a delivery round now (a message was just enqueued). */
  nudge(): void;
  /** Runs delivery rounds until nothing due is left; returns how many mails were handled. */
  drain(): Promise<number>;
  /** Stops polling and waits for sends in flight. */
  stop(): Promise<void>;
}

type ClaimedMail = Pick<
  typeof mailOutbox.$inferSelect,
  "id" | "recipient" | "replyTo" | "subject" | "body" | "attempts"
>;

const defaults = {
  pollIntervalMs: 1_500,
  leaseMs: 120_000,
  batchSize: 10,
  backoff: { baseMs: 5_000, maxMs: 10 * 60_000 },
  smtpTimeoutMs: 10_000,
};

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

export function startOutbox(options: OutboxOptions): Outbox {
  const { db, logger } = options;
  const pollIntervalMs = options.pollIntervalMs ?? defaults.pollIntervalMs;
  const leaseMs = options.leaseMs ?? defaults.leaseMs;
  const batchSize = options.batchSize ?? defaults.batchSize;
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

  async function send(mail: ClaimedMail) {
    const envelope = {
      from: options.from,
      to: mail.recipient,
      replyTo: mail.replyTo ?? undefined,
      subject: mail.subject,
      text: mail.body,
      messageId: `<${mail.id}@${options.messageIdDomain}>`,
    };
    if (!transport) {
      logger.info("mail not sent: SMTP_URL is not set, so here it is", {
        outboxId: mail.id,
        ...envelope,
      });
      return;
    }
    await transport.sendMail(envelope);
  }

  // Mails the SMTP server accepted but the database did not yet hear about
  // (it was unavailable at that moment); retried before anything new is claimed.
  const unrecorded = new Set<string>();

  async function recordSent(id: string) {
    await db
      .update(mailOutbox)
      .set({ sentAt: sql`now()`, lastError: null })
      .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt)));
  }

  async function recordPending() {
    for (const id of [...unrecorded]) {
      await recordSent(id);
      unrecorded.delete(id);
    }
  }

  async function deliver(mail: ClaimedMail) {
    try {
      await send(mail);
    } catch (error) {
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

  async function round(): Promise<number> {
    await recordPending();
    const claimed = await claimDueMail(db, batchSize, leaseMs);
    await Promise.all(claimed.map(deliver));
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
        if (count === batchSize) again = true;
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

  function schedule(delayMs: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void tick(), delayMs);
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
      schedule(pollIntervalMs);
    }
  }

  schedule(0);

  return {
    nudge() {
      if (running) again = true;
      else schedule(0);
    },
    async drain() {
      let total = 0;
      for (;;) {
        if (running) total += await running;
        const handled = await tick();
        total += handled;
        if (handled === 0) return total;
      }
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      if (running) await running;
      transport?.close();
    },
  };
}
