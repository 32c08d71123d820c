// The newsletter's delivery worker (docs/decisions/060), the contact outbox's
// discipline applied to newsletter_deliveries (database/newsletter-sends.ts):
// - due rows are claimed under a lease (FOR UPDATE SKIP LOCKED), so several
//   instances never send one twice, and a killed instance's claimed rows come
//   due again when the lease runs out: the only repeats are mails in flight
//   at a kill, sent again with the same Message-ID so mail clients fold them;
// - at most NEWSLETTER_PER_HOUR mails in any hour (0: no cap); past it the
//   due rows wait for the hour's room;
// - an SMTP 5xx for an address marks it bounced and stops mail to it; other
//   failures are retried with capped exponential backoff;
// - with the newsletter off, nothing is claimed: the queue waits, kept.
import nodemailer from "nodemailer";
import type { Transporter } from "nodemailer";

import {
  readMailPost,
  renderNewsletterMail,
} from "~/data/newsletter-mail.server";
import { readNewsletterSettings } from "~/data/newsletter-settings.server";
import { UNSUBSCRIBE_PATH } from "~/data/newsletter-signup.server";
import type { MailPost } from "~/data/newsletter-mail.server";
import type { Database } from "~database/client";
import {
  claimDueDeliveries,
  holdDueDeliveries,
  hourlyRoom,
  HOUR_MS,
  markDelivered,
  markUndeliverable,
  retryDelivery,
} from "~database/newsletter-sends";
import type { ClaimedDelivery } from "~database/newsletter-sends";
import { errorMessage } from "~shared/error-message";
import type { Logger } from "~shared/logger";

import type { Sender } from "./outbox-delivery";
import { backoffDelay } from "./outbox-rows";
import type { BackoffOptions } from "./outbox-rows";

export interface NewsletterWorkerOptions {
  db: Database;
  logger: Logger;
  smtpUrl: string;
  /** NEWSLETTER_PER_HOUR; 0: no cap. */
  maxPerHour: number;
  siteUrl: string;
  messageIdDomain: string;
  from: () => Promise<Sender>;
  /** Whether the owner has the newsletter on, and the list's name. */
  newsletter: () => Promise<{ enabled: boolean; listName: string }>;
  /** The post as its public page shows it; undefined once it is not public. */
  loadPost: (postId: string) => Promise<MailPost | undefined>;
  pollIntervalMs?: number;
  leaseMs?: number;
  batchSize?: number;
  backoff?: BackoffOptions;
  smtpTimeoutMs?: number;
}

export interface NewsletterWorker {
  /** Runs one round now (a send was just queued). */
  nudge(): void;
  stop(): Promise<void>;
}

/** The Message-ID a recipient's copy of a send always has. */
export function newsletterMessageId(
  delivery: Pick<ClaimedDelivery, "sendId" | "subscriberId">,
  domain: string,
): string {
  return `<newsletter.${delivery.sendId}.${delivery.subscriberId}@${domain}>`;
}

function smtpCode(error: unknown): number | undefined {
  if (error && typeof error === "object" && "responseCode" in error) {
    const code = (error as { responseCode: unknown }).responseCode;
    return typeof code === "number" ? code : undefined;
  }
  return undefined;
}

export function startNewsletterWorker(
  options: NewsletterWorkerOptions,
): NewsletterWorker {
  const { db, logger } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 2_000;
  const leaseMs = options.leaseMs ?? 120_000;
  const batchSize = options.batchSize ?? 20;
  const backoff = options.backoff ?? { baseMs: 30_000, maxMs: 60 * 60_000 };
  const smtpTimeoutMs = Math.min(options.smtpTimeoutMs ?? 10_000, leaseMs / 3);
  const transport: Transporter = nodemailer.createTransport({
    url: options.smtpUrl,
    pool: true,
    maxConnections: 5,
    connectionTimeout: smtpTimeoutMs,
    greetingTimeout: smtpTimeoutMs,
    socketTimeout: smtpTimeoutMs,
  });

  async function deliver(
    delivery: ClaimedDelivery,
    post: MailPost,
    listName: string,
    from: Sender,
  ): Promise<boolean> {
    const unsubscribeUrl = `${options.siteUrl}${UNSUBSCRIBE_PATH}?token=${delivery.unsubscribeToken}`;
    const mail = renderNewsletterMail({
      post,
      siteUrl: options.siteUrl,
      listName,
      unsubscribeUrl,
    });
    try {
      await transport.sendMail({
        from,
        to: delivery.email,
        subject: `${listName}: ${mail.subject}`,
        html: mail.html,
        text: mail.text,
        headers: mail.headers,
        messageId: newsletterMessageId(delivery, options.messageIdDomain),
      });
      return true;
    } catch (error) {
      const code = smtpCode(error);
      const reason = errorMessage(error).slice(0, 1_000);
      if (code !== undefined && code >= 500 && code < 600) {
        await markUndeliverable(db, delivery, "bounced", reason);
        logger.warn("newsletter: address refused; marked bounced", {
          sendId: delivery.sendId,
          code,
        });
      } else {
        await retryDelivery(
          db,
          delivery,
          reason,
          backoffDelay(delivery.attempts, backoff),
        );
        logger.warn("newsletter: send failed; will retry", {
          sendId: delivery.sendId,
          error: reason,
        });
      }
      return false;
    }
  }

  async function round(): Promise<number> {
    const newsletter = await options.newsletter();
    if (!newsletter.enabled) return 0;
    const { room, reopensAt } = await hourlyRoom(db, options.maxPerHour);
    if (room <= 0) {
      await holdDueDeliveries(db, reopensAt ?? new Date(Date.now() + HOUR_MS));
      return 0;
    }
    const claimed = await claimDueDeliveries(
      db,
      Math.min(batchSize, room),
      leaseMs,
    );
    if (claimed.length === 0) return 0;
    const from = await options.from();
    const posts = new Map<string, Promise<MailPost | undefined>>();
    const outcomes = await Promise.all(
      claimed.map(async (delivery) => {
        if (delivery.status !== "confirmed") {
          await markUndeliverable(
            db,
            delivery,
            "failed",
            "Not sent: the address left the list before its turn.",
          );
          return undefined;
        }
        const post = await (posts.get(delivery.postId) ??
          posts
            .set(delivery.postId, options.loadPost(delivery.postId))
            .get(delivery.postId));
        if (!post) {
          await markUndeliverable(
            db,
            delivery,
            "failed",
            "Not sent: the post is no longer published.",
          );
          return undefined;
        }
        return (await deliver(delivery, post, newsletter.listName, from))
          ? delivery
          : undefined;
      }),
    );
    await markDelivered(
      db,
      outcomes.filter((delivery) => delivery !== undefined),
    );
    return claimed.length;
  }

  let stopped = false;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  function run(): Promise<void> {
    running ??= (async () => {
      try {
        // Rounds follow one another while there is mail due.
        while (!stopped && (await round()) > 0);
      } catch (error) {
        logger.error("newsletter: delivery round failed", {
          error: errorMessage(error),
        });
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      void run().then(schedule);
    }, pollIntervalMs);
  }
  schedule();

  return {
    nudge() {
      void run();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}

/** The site's worker, when mail is configured (SMTP_URL): nothing is claimed while the newsletter is off. */
export function startSiteNewsletter(options: {
  db: Database;
  logger: Logger;
  smtpUrl: string | undefined;
  maxPerHour: number;
  siteUrl: string;
  from: () => Promise<Sender>;
}): NewsletterWorker | undefined {
  const { db, smtpUrl } = options;
  if (!smtpUrl) return undefined;
  return startNewsletterWorker({
    ...options,
    smtpUrl,
    messageIdDomain: new URL(options.siteUrl).hostname,
    newsletter: () => readNewsletterSettings(db),
    loadPost: (postId) => readMailPost(db, postId),
  });
}
