// Publishes the studio's scheduled posts when their time comes and empties
// the trash of posts and messages older than 30 days. Every instance runs it, at start
// (a server that was down at the time publishes then) and every interval;
// each due post is claimed under FOR UPDATE SKIP LOCKED, so a post is
// published exactly once however many instances there are.
import { purgeTrashedSectionRows } from "~/data/studio-sections.server";
import { purgeMessageTrash } from "~/data/inbox.server";
import type { Database } from "~database/client";
import { publishDuePosts } from "~database/post-lifecycle/publish";
import { purgeTrash } from "~database/post-lifecycle/trash";
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
      const purged = await purgeTrash(db, now());
      const rows = await purgeTrashedSectionRows(db, now());
      const messages = await purgeMessageTrash(db, now());
      if (purged + rows + messages > 0) {
        logger.info("trash purged", {
          posts: purged,
          sectionRows: rows,
          messages,
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
