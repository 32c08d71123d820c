// Publishes the studio's scheduled posts when their time comes (and queues
// the newsletter send the owner asked for with the schedule) and empties
// the one trash of what has been in it the trash period (shared/retention.ts). Every instance runs it, at start
// (a server that was down at the time publishes then) and every interval;
// each due post is claimed under FOR UPDATE SKIP LOCKED, so a post is
// published exactly once however many instances there are.
import type { Database } from "~database/client";
import { queueScheduledSends } from "~database/newsletter-scheduled";
import { publishDuePosts } from "~database/post-lifecycle/publish";
import { purgeTrash } from "~database/trash-purge";
import { errorMessage } from "~shared/error-message";
import type { Logger } from "~shared/logger";

export interface StudioSchedulerOptions {
  db: Database;
  logger: Logger;
  intervalMs?: number;
  /** The clock; tests hand in their own. */
  now?: () => Date;
}

export interface StudioScheduler {
  /** One pass now (also what each tick does); resolves when it is done. */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
}

const DEFAULT_INTERVAL_MS = 15_000;

export function startStudioScheduler(
  options: StudioSchedulerOptions,
): StudioScheduler {
  const { db, logger } = options;
  const now = options.now ?? (() => new Date());
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  async function pass() {
    try {
      const published = await publishDuePosts(db, now());
      if (published.length > 0) {
        logger.info("scheduled posts published", { ids: published });
      }
      // After the publish, so a post is out before its mail is queued; a
      // pass killed in between leaves the wish for the next one.
      const mailed = await queueScheduledSends(db);
      if (mailed.length > 0) {
        logger.info("scheduled posts queued for the newsletter", {
          ids: mailed,
        });
      }
      const purged = await purgeTrash(db, now());
      if (purged.length > 0) {
        const count = (kind: (item: { kind: string }) => boolean) =>
          purged.filter(kind).length;
        logger.info("trash purged", {
          posts: count((item) => item.kind === "post"),
          messages: count((item) => item.kind === "message"),
          sectionRows: count(
            (item) => item.kind !== "post" && item.kind !== "message",
          ),
        });
      }
    } catch (error) {
      logger.warn("studio scheduler pass failed; retrying next tick", {
        error: errorMessage(error),
      });
    }
  }

  function runOnce() {
    // One pass at a time in this instance; other instances are kept apart by the row locks.
    running = running.then(pass);
    return running;
  }

  void runOnce();
  const timer = setInterval(() => {
    if (!stopped) void runOnce();
  }, options.intervalMs ?? DEFAULT_INTERVAL_MS);
  timer.unref();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
