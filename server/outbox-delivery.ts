// One claimed mail's delivery: the SMTP send (or its log line without
// SMTP_URL), a failure's retry, and the sent mails recorded together.
import nodemailer from "nodemailer";
import type { Transporter } from "nodemailer";

import type { Database } from "~database/client";
import { errorMessage } from "~shared/error-message";
import type { Logger } from "~shared/logger";

import { backoffDelay, markSent, scheduleRetry } from "./outbox-rows";
import type { BackoffOptions, ClaimedMail } from "./outbox-rows";

export interface Sender {
  name: string;
  address: string;
}

export interface DeliveryOptions {
  db: Database;
  logger: Logger;
  smtpUrl?: string | undefined;
  messageIdDomain: string;
  backoff: BackoffOptions;
  smtpTimeoutMs: number;
  onAttempt?: ((outcome: "sent" | "failed") => void) | undefined;
}

export interface Delivery {
  /** Sends one claimed mail and records the outcome; never throws. */
  deliver(mail: ClaimedMail, from: Sender): Promise<void>;
  /** Records the mails sent while the database was unavailable; throws while it still is. */
  recordPending(): Promise<void>;
  close(): void;
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

export function createDelivery(options: DeliveryOptions): Delivery {
  const { db, logger, backoff, smtpTimeoutMs } = options;

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
          return markSent(db, ids);
        });
      lastUpdate = waitingUpdate.catch(() => undefined);
    }
    return waitingUpdate;
  }

  async function recordPending() {
    if (unrecorded.size === 0) return;
    const ids = [...unrecorded];
    await markSent(db, ids);
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
        await scheduleRetry(db, mail.id, reason, retryInMs);
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

  return {
    deliver,
    recordPending,
    close() {
      transport?.close();
    },
  };
}
