// Request limits: the size of a request body, and how often one client may
// post. The counters live in the database, so the limit holds across every
// instance behind a load balancer.
import { lt, sql } from "drizzle-orm";
import type { RequestHandler } from "express";

import type { Database } from "~database/client";
import { requestLimits } from "~database/schema";
import { errorMessage } from "~shared/error-message";
import type { Logger } from "~shared/logger";

import { sendProblem } from "./problem";

export const BODY_LIMIT_BYTES = 64 * 1024;

const READ_ONLY_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Bodies must say how long they are and stay under the limit. Node's HTTP
 * parser never reads past a declared Content-Length, so checking the header
 * bounds what any handler can read; a body without one (chunked) is refused.
 */
export function bodyLimit(maxBytes = BODY_LIMIT_BYTES): RequestHandler {
  return (req, res, next) => {
    const declared = req.headers["content-length"];
    const chunked = req.headers["transfer-encoding"] !== undefined;
    if (declared === undefined && !chunked) return next();
    // The unread body is not worth reading: answer, then drop the connection.
    res.setHeader("Connection", "close");
    if (declared === undefined) {
      sendProblem(req, res, 411, {
        title: "Length required",
        detail: "Please send the request with a Content-Length header.",
      });
      return;
    }
    const length = Number(declared);
    if (!Number.isSafeInteger(length) || length < 0) {
      sendProblem(req, res, 400, {
        title: "Bad request",
        detail: "The Content-Length header is not a number.",
      });
      return;
    }
    if (length > maxBytes) {
      sendProblem(req, res, 413, {
        title: "Request too large",
        detail: `Requests to this site are limited to ${Math.round(maxBytes / 1024)} KB. Please shorten what you are sending.`,
      });
      return;
    }
    res.removeHeader("Connection");
    next();
  };
}

export interface RateLimitOptions {
  db: Database;
  logger: Logger;
  /** Posts allowed per client and path within one window. */
  limit: number;
  windowMs: number;
}

export interface Count {
  count: number;
  /** When the current window ends. */
  resetAt: Date;
}

const windowInterval = (windowMs: number) =>
  sql`${`${Math.round(windowMs)} milliseconds`}::interval`;

/** The counting statement, built once per database (every POST runs it). */
function prepareCount(db: Database) {
  const window = sql`${sql.placeholder("window")}::interval`;
  const expired = sql`${requestLimits.windowStart} <= now() - ${window}`;
  return db
    .insert(requestLimits)
    .values({ key: sql.placeholder("key"), count: 1, windowStart: sql`now()` })
    .onConflictDoUpdate({
      target: requestLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${requestLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${requestLimits.windowStart} end`,
      },
    })
    .returning({
      count: requestLimits.count,
      windowStart: requestLimits.windowStart,
    })
    .prepare("count_request");
}

const preparedCounts = new WeakMap<Database, ReturnType<typeof prepareCount>>();

/** Counts one request against `key` in a fixed window; one atomic statement, safe across instances. */
export async function countRequest(
  db: Database,
  key: string,
  windowMs: number,
): Promise<Count> {
  let count = preparedCounts.get(db);
  if (!count) {
    count = prepareCount(db);
    preparedCounts.set(db, count);
  }
  const [row] = await count.execute({
    key,
    window: `${Math.round(windowMs)} milliseconds`,
  });
  if (!row) throw new Error("the request counter was not returned");
  return {
    count: row.count,
    resetAt: new Date(row.windowStart.getTime() + windowMs),
  };
}

/** Forgets windows that ended; keeps the table as small as the set of recent clients. */
export async function sweepRequestCounts(db: Database, windowMs: number) {
  await db
    .delete(requestLimits)
    .where(
      lt(requestLimits.windowStart, sql`now() - ${windowInterval(windowMs)}`),
    );
}

/**
 * Who a request comes from: the address Express reports (which honours
 * TRUST_PROXY), with IPv6 clients grouped by their /64 network, since one
 * host can use a whole /64.
 */
export function clientKey(ip: string | undefined): string {
  if (!ip) return "unknown";
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!ip.includes(":")) return ip;
  const [head = "", tail = ""] = ip.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const groups = ip.includes("::")
    ? [
        ...headGroups,
        ...Array<string>(8 - headGroups.length - tailGroups.length).fill("0"),
        ...tailGroups,
      ]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** The path a counter is kept for: a data request counts with its page. */
export function pathKey(path: string): string {
  const page = path.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
  return page.toLowerCase().slice(0, 200);
}

/**
 * Limits how often one client may post to one path. Counts live in the
 * database; should it be unreachable the request goes on (and fails there
 * with its own clear error) rather than the limiter failing the site.
 */
export function postRateLimit(options: RateLimitOptions): RequestHandler {
  const { db, logger, limit, windowMs } = options;
  let lastSweep = Date.now();
  return async (req, res, next) => {
    if (READ_ONLY_METHODS.has(req.method)) return next();
    const key = `post:${clientKey(req.ip)}:${pathKey(req.path)}`;
    let counted: Count;
    try {
      counted = await countRequest(db, key, windowMs);
    } catch (error) {
      logger.warn("rate limit unavailable; letting the request through", {
        error: errorMessage(error),
      });
      return next();
    }
    if (Date.now() - lastSweep > windowMs) {
      lastSweep = Date.now();
      sweepRequestCounts(db, windowMs).catch((error: unknown) =>
        logger.warn("could not sweep old request counts", {
          error: errorMessage(error),
        }),
      );
    }
    if (counted.count <= limit) return next();
    const seconds = Math.max(
      1,
      Math.ceil((counted.resetAt.getTime() - Date.now()) / 1000),
    );
    res.setHeader("Retry-After", String(seconds));
    logger.info("rate limited", { key, count: counted.count });
    sendProblem(req, res, 429, {
      title: "Too many requests",
      detail: `You have sent too many requests in a short time. Please wait ${seconds === 1 ? "a second" : `${seconds} seconds`} and try again.`,
    });
  };
}
