// The social web in the running server (decision 061): the federation on
// the site's database, its queue worker (every instance runs one; rows are
// claimed once), and the Express handler. Built whether or not the owner
// has it on: turning it on in Settings takes effect on the next request of
// every instance, with no restart; while it is off nothing answers and
// nothing is queued.
import type { RequestHandler } from "express";

import type { SiteSettings } from "~/config/site";
import type { Database, DatabaseHandle } from "~database/client";
import { errorMessage } from "~shared/error-message";
import type { Logger } from "~shared/logger";

import { postRateLimit } from "~server/limits";

import { avatarHandler, avatarKeeper } from "./avatars";
import { isDelivery, withinDeliveryTimeout } from "./delivery-timeout";
import { sendDueEvents } from "./events";
import { fediverseHandler } from "./express";
import { ACTOR_ID, createSiteFederation, siteActor } from "./federation";
import type { SiteFederation } from "./federation";
import { DatabaseKvStore, sweepExpiredKv } from "./kv-store";
import {
  DatabaseMessageQueue,
  FEDIVERSE_CHANNEL,
  pruneDeliveryLog,
} from "./message-queue";

export interface FediverseOptions {
  db: Database;
  siteUrl: string;
  settings: () => Promise<SiteSettings>;
  logger: Logger;
  privatePeers: readonly string[];
  inboxLimit?: RequestHandler;
  /**
   * The database's notifications (DatabaseHandle.listen): the queue and the
   * events wake on FEDIVERSE_CHANNEL, whichever instance added to them.
   * Without it, only this instance's own enqueues and the slow poll wake them.
   */
  listen?: DatabaseHandle["listen"];
  pollIntervalMs?: number;
}

export interface Fediverse {
  federation: SiteFederation;
  queue: DatabaseMessageQueue;
  handler: RequestHandler;
  stop(): Promise<void>;
}

/** Deliveries one server may make to the inboxes per minute. */
const FEDIVERSE_POSTS_PER_MINUTE = 300;

/**
 * Other servers' deliveries are counted apart from the site's forms: a
 * server flooding the inbox is refused without using up their room.
 */
export function fediverseInboxLimit(db: Database, logger: Logger) {
  return postRateLimit({
    db,
    logger,
    limit: FEDIVERSE_POSTS_PER_MINUTE,
    overallLimit: FEDIVERSE_POSTS_PER_MINUTE,
    overallScope: "fediverse",
    windowMs: 60_000,
  });
}

const SWEEP_INTERVAL_MS = 3_600_000;
/**
 * How often each instance looks for changes to tell followers of without
 * being woken: a fallback, should a notification be lost.
 */
const EVENT_POLL_MS = 30_000;

export function startFediverse(options: FediverseOptions): Fediverse {
  const { db, logger } = options;
  const kv = new DatabaseKvStore(db);
  const queue = new DatabaseMessageQueue(db, {
    logger,
    // Fedify's own POST to an inbox has no timeout to set (delivery-timeout.ts).
    around: (message, handle) =>
      isDelivery(message) ? withinDeliveryTimeout(handle) : handle(),
    ...(options.pollIntervalMs
      ? { pollIntervalMs: options.pollIntervalMs }
      : {}),
  });
  const federation = createSiteFederation({
    ...options,
    kv,
    queue,
    keepAvatar: avatarKeeper(db, options),
  });
  const avatars = avatarHandler(db);
  const controller = new AbortController();
  const working = federation
    .startQueue(null, { signal: controller.signal })
    .catch((error: unknown) => {
      logger.error("fediverse queue stopped", { error: errorMessage(error) });
    });
  const events = startEventWorker(options, federation);
  const listening = options.listen?.(FEDIVERSE_CHANNEL, {
    onChange(table) {
      if (table === "fediverse_events") events.wake();
      else queue.wake();
    },
    // A (re)connect: anything may have been added meanwhile.
    onListening(on) {
      if (!on) return;
      events.wake();
      queue.wake();
    },
  });
  const listener = listening?.catch((error: unknown) => {
    logger.warn("fediverse notifications unavailable; polling", {
      error: errorMessage(error),
    });
    return undefined;
  });
  const sweep = setInterval(() => {
    void Promise.all([sweepExpiredKv(db), pruneDeliveryLog(db)]).catch(
      (error: unknown) => {
        logger.warn("fediverse sweep failed", { error: errorMessage(error) });
      },
    );
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  const answer = fediverseHandler({
    federation,
    enabled: async () => (await options.settings()).socialWeb === "on",
    siteUrl: options.siteUrl,
    logger,
    ...(options.inboxLimit ? { inboxLimit: options.inboxLimit } : {}),
  });
  return {
    federation,
    queue,
    handler: (req, res, next) =>
      avatars(req, res, (error?: unknown) =>
        error ? next(error) : answer(req, res, next),
      ),
    async stop() {
      clearInterval(sweep);
      controller.abort();
      await (await listener)?.close();
      await events.stop();
      await working;
    },
  };
}

/** Sends what the triggers recorded, every poll interval and until none is left. */
function startEventWorker(
  options: FediverseOptions,
  federation: SiteFederation,
) {
  const { db, logger, siteUrl } = options;
  const context = () => federation.createContext(new URL(siteUrl), null);
  const deps = {
    db,
    siteUrl,
    logger,
    settings: options.settings,
    send: async (
      activity: Parameters<ReturnType<typeof context>["sendActivity"]>[2],
      orderingKey: string,
    ) => {
      await context().sendActivity(
        { identifier: ACTOR_ID },
        "followers",
        activity,
        {
          preferSharedInbox: true,
          orderingKey,
        },
      );
    },
    actor: async () => siteActor(context(), siteUrl, await options.settings()),
  };
  let stopped = false;
  // Set by a wake during a round too, so the round after it looks again.
  let woken = false;
  let endIdle: (() => void) | undefined;
  const idle = () =>
    new Promise<void>((resolve) => {
      if (woken || stopped) {
        resolve();
        return;
      }
      const timer = setTimeout(done, options.pollIntervalMs ?? EVENT_POLL_MS);
      timer.unref();
      function done() {
        clearTimeout(timer);
        endIdle = undefined;
        resolve();
      }
      endIdle = done;
    });
  const wake = () => {
    woken = true;
    endIdle?.();
  };
  const running = (async () => {
    while (!stopped) {
      woken = false;
      try {
        while (!stopped && (await sendDueEvents(deps)) > 0);
      } catch (error) {
        logger.warn("fediverse events unreadable", {
          error: errorMessage(error),
        });
      }
      await idle();
    }
  })();
  return {
    /** Looks for events now (a notification, or a reconnect). */
    wake,
    async stop() {
      stopped = true;
      wake();
      await running;
    },
  };
}
