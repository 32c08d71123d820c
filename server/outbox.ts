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
import type { SiteSettings } from "~/config/site";
import type { Database } from "~database/client";
import { errorMessage } from "~shared/error-message";
import type { Logger } from "~shared/logger";

import { createDelivery } from "./outbox-delivery";
import type { Sender } from "./outbox-delivery";
import {
  claimDueMail,
  heldReason,
  holdDueMail,
  HOUR_MS,
  hourlyRoom,
} from "./outbox-rows";
import type { BackoffOptions } from "./outbox-rows";

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

/** Who the site's mails come from: "Live {product}" at the public mail address. */
export function senderOf(
  settings: Pick<SiteSettings, "productName" | "email">,
): Sender {
  return { name: `Live ${settings.productName}`, address: settings.email };
}

export interface Outbox {
  /** Asks for a delivery round soon (a message was just enqueued). */
  nudge(): void;
  /** Stops polling and waits for sends in flight. */
  stop(): Promise<void>;
}

const defaults = {
  pollIntervalMs: 1_500,
  nudgeDelayMs: 100,
  leaseMs: 120_000,
  batchSize: 10,
  backoff: { baseMs: 5_000, maxMs: 10 * 60_000 },
  smtpTimeoutMs: 10_000,
  maxPerHour: 0,
};

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
  const delivery = createDelivery({
    db,
    logger,
    smtpUrl: options.smtpUrl,
    messageIdDomain: options.messageIdDomain,
    backoff: options.backoff ?? defaults.backoff,
    smtpTimeoutMs: Math.min(
      options.smtpTimeoutMs ?? defaults.smtpTimeoutMs,
      leaseMs / 3,
    ),
    onAttempt: options.onAttempt,
  });

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
    await delivery.recordPending();
    const limit = await allowance();
    if (limit === 0) return 0;
    // Asked before claiming: a claimed mail must not wait on anything but its send.
    const from = await options.from();
    const claimed = await claimDueMail(db, limit, leaseMs);
    await Promise.all(claimed.map((mail) => delivery.deliver(mail, from)));
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
      delivery.close();
    },
  };
}
