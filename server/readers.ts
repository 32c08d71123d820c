// Counting readers on the server (docs/PRIVACY.md, docs/decisions/032): each
// public page served (a kept page too, and a client navigation's .data
// request) is noted when its response has finished, kept in memory, and
// written in batches, so recording never delays a response. No cookie is
// read or set for it, and no script is added to a page.
import type { RequestHandler } from "express";

import {
  insertViews,
  maintainReaders,
  saltFor,
  utcDay,
  visitorKey,
} from "~/data/reader-views.server";
import type { Database } from "~database/client";
import { isRefusedValue } from "~database/refused-value";
import { errorMessage } from "~shared/error-message";
import type { Logger } from "~shared/logger";

import { pathKey } from "./limits";
import { exclusion, isPageResponse, noteView } from "./reader-requests";
import type { NotedView } from "./reader-requests";

const DAY_MS = 86_400_000;
/** How long before midnight (UTC) the next day's salt is read. */
const SALT_AHEAD_MS = 5 * 60_000;

/** Days since 1970 (UTC): a salt's day, without making its text. */
function dayNumber(date: Date): number {
  return Math.floor(date.getTime() / DAY_MS);
}

export interface ReaderRecorderOptions {
  db: Database;
  logger: Logger;
  /** The site's own address (SITE_URL): its host marks internal referrers and goes into the visitor key. */
  siteUrl: string;
  /** Views written in one statement at most, and the count that writes at once. */
  batchSize?: number;
  /** How often buffered views are written. */
  flushIntervalMs?: number;
  /** Views held at most while writes fail; then the oldest are dropped. */
  capacity?: number;
  /** How often the daily work runs (folding, salt and view deletion). */
  maintenanceIntervalMs?: number;
  /** Whether the owner counts readers now (the Settings screen); asked on every request. */
  counting?: () => boolean;
  now?: () => Date;
}

export interface ReaderRecorder {
  /** The Express middleware that notes each counted page read. */
  middleware: RequestHandler;
  /** Notes one view (the middleware calls this). */
  record(view: NotedView): void;
  /** Writes everything buffered now. */
  flush(): Promise<void>;
  /** The daily work once, now. */
  maintain(): Promise<void>;
  /** Views dropped because the buffer was full (writes failing or too slow). */
  dropped(): number;
  /** Writes what is left and stops the timers. */
  stop(): Promise<void>;
}

export function createReaderRecorder(
  options: ReaderRecorderOptions,
): ReaderRecorder {
  const { db, logger } = options;
  const now = options.now ?? (() => new Date());
  const batchSize = options.batchSize ?? 500;
  const capacity = options.capacity ?? 20_000;
  const site = new URL(options.siteUrl);
  const siteHosts = new Set([site.hostname.toLowerCase()]);
  const buffer: NotedView[] = [];
  /** The salts read so far, by day number (days since 1970, UTC). */
  const salts = new Map<number, string>();
  const saltReads = new Map<number, Promise<string>>();
  let droppedViews = 0;
  let writing: Promise<void> = Promise.resolve();
  let writeQueued = false;
  let failing = false;

  /**
   * How many views at the buffer's head a write has been asked for. Views
   * that arrive during a write wait for the next full batch or the next
   * tick: writing whatever came in meanwhile turned steady traffic into a
   * statement every few dozen views, and each statement's own cost (parse,
   * plan, commit) then outweighed its rows.
   */
  let due = 0;

  function dropOldest() {
    if (buffer.length <= capacity) return;
    const excess = buffer.length - capacity;
    buffer.splice(0, excess);
    droppedViews += excess;
    due = Math.max(0, due - excess);
  }

  function record(view: NotedView) {
    const day = dayNumber(view.viewedAt);
    // The first views of a day whose salt is not read yet: read it now, so
    // their batch does not wait for it.
    if (!salts.has(day)) void salt(day).catch(() => undefined);
    buffer.push(view);
    dropOldest();
    if (buffer.length - due >= batchSize) {
      void flush(buffer.length - ((buffer.length - due) % batchSize));
    }
  }

  /**
   * Makes a view's key and lets go of the address and user agent it was
   * made from. A batch makes its views' keys one after the other: one hash
   * a request, between the request's other work, cost far more than the
   * same hash in a run of them (docs/decisions/054).
   */
  function keyView(view: NotedView, daySalt: string) {
    view.visitorKey = visitorKey(
      daySalt,
      site.host,
      view.address,
      view.userAgent,
    );
    view.address = "";
    view.userAgent = "";
  }

  /** The salt of a day, read (or made) once. */
  function salt(day: number): Promise<string> {
    const known = salts.get(day);
    if (known !== undefined) return Promise.resolve(known);
    let read = saltReads.get(day);
    if (read === undefined) {
      read = saltFor(db, utcDay(new Date(day * DAY_MS)))
        .then((value) => {
          salts.set(day, value);
          // Yesterday's is still asked for by views buffered at midnight.
          for (const old of salts.keys()) if (old < day - 1) salts.delete(old);
          return value;
        })
        .finally(() => saltReads.delete(day));
      saltReads.set(day, read);
    }
    return read;
  }

  /**
   * Today's salt, and tomorrow's a few minutes before midnight, read before
   * any view needs them, so no batch waits for its salt.
   */
  function readSaltsAhead() {
    const at = now().getTime();
    for (const day of new Set([
      Math.floor(at / DAY_MS),
      Math.floor((at + SALT_AHEAD_MS) / DAY_MS),
    ])) {
      if (!salts.has(day)) void salt(day).catch(() => undefined);
    }
  }

  async function writeBatches() {
    while (due > 0) {
      const batch = buffer.splice(0, Math.min(due, batchSize));
      due -= batch.length;
      try {
        for (const view of batch) {
          // A batch kept for a retry keeps the keys it has made.
          if (view.visitorKey === "") {
            const day = dayNumber(view.viewedAt);
            keyView(view, salts.get(day) ?? (await salt(day)));
          }
        }
        await insertViews(db, batch);
        if (failing) logger.info("reader views are written again");
        failing = false;
      } catch (error) {
        if (isRefusedValue(error)) {
          await writeOneByOne(batch);
          continue;
        }
        // Kept for the next try, oldest first; the capacity bounds them.
        buffer.unshift(...batch);
        due = 0;
        dropOldest();
        if (!failing) {
          logger.warn("reader views could not be written; kept for a retry", {
            error: errorMessage(error),
            buffered: buffer.length,
          });
        }
        failing = true;
        return;
      }
    }
  }

  /**
   * A batch the database refused for a value in it: each view is written
   * alone, and only the ones refused again are let go, so one bad view
   * never holds up the others (views are cleaned as they are noted; this is
   * the backstop).
   */
  async function writeOneByOne(batch: NotedView[]) {
    let refused = 0;
    for (const view of batch) {
      try {
        await insertViews(db, [view]);
      } catch (error) {
        if (!isRefusedValue(error)) throw error;
        refused += 1;
      }
    }
    logger.warn("reader views the database refused were dropped", {
      refused,
    });
  }

  /** Writes the first `count` views buffered (all of them, by default). */
  function flush(count = buffer.length): Promise<void> {
    due = Math.min(buffer.length, Math.max(due, count));
    // One write at a time; a flush asked for during one runs right after it.
    if (writeQueued) return writing;
    writeQueued = true;
    writing = writing.then(() => {
      writeQueued = false;
      return writeBatches();
    });
    return writing;
  }

  let maintaining: Promise<void> = Promise.resolve();
  function maintain() {
    maintaining = maintaining.then(async () => {
      try {
        const report = await maintainReaders(db, now());
        if (report.folded.length > 0 || report.deletedViews > 0) {
          logger.info("reader figures folded", { ...report });
        }
      } catch (error) {
        logger.warn("reader maintenance failed; retrying later", {
          error: errorMessage(error),
        });
      }
    });
    return maintaining;
  }

  readSaltsAhead();
  const flushTimer = setInterval(() => {
    readSaltsAhead();
    void flush();
  }, options.flushIntervalMs ?? 1000);
  flushTimer.unref();
  void maintain();
  const maintenanceTimer = setInterval(
    () => void maintain(),
    options.maintenanceIntervalMs ?? 60_000,
  );
  maintenanceTimer.unref();

  const counting = options.counting ?? (() => true);
  const middleware: RequestHandler = (req, res, next) => {
    if (!counting()) return next();
    const page = pathKey(req.path);
    if (exclusion(req, page) !== undefined) return next();
    const view = noteView(req, siteHosts, now(), page);
    const data = req.path.endsWith(".data");
    next();
    // A kept page has been sent by the time next() returns: its response is
    // known now, and a listener for each such request is not needed.
    if (res.writableEnded) {
      if (isPageResponse(res, data)) record(view);
      return;
    }
    res.once("finish", () => {
      if (isPageResponse(res, data)) record(view);
    });
  };

  return {
    middleware,
    record,
    flush: () => flush(),
    maintain,
    dropped: () => droppedViews,
    async stop() {
      clearInterval(flushTimer);
      clearInterval(maintenanceTimer);
      await Promise.allSettled(saltReads.values());
      await maintaining;
      await flush();
    },
  };
}
