// Request limits: the size of a request body, and how often one client may
// post. The counters live in the database, so the limit holds across every
// instance behind a load balancer.
import type { Request, RequestHandler, Response } from "express";

import type { Database } from "~database/client";
import { countRequests, sweepRequestCounts } from "~database/request-counts";
import type { Count } from "~database/request-counts";
import { isRefusedValue } from "~database/refused-value";
import { errorMessage } from "~shared/error-message";
import { storableText } from "~shared/storable-text";
import type { Logger } from "~shared/logger";

import { clientKey } from "./client-key";
import { sendProblem } from "./problem";

export { clientKey };

export const BODY_LIMIT_BYTES = 64 * 1024;

const READ_ONLY_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * How fast a body must arrive (decision 027): the deadline for a body
 * grows with its size, so a large upload on a slow uplink arrives, while a
 * client that stops sending is cut off within seconds whatever its size.
 */
export interface BodyTiming {
  /** The slowest steady rate a body may come at (a poor mobile uplink). */
  minBytesPerSecond: number;
  /** Every body gets this on top of its size's share. */
  baseMs: number;
  /** A body on which no byte arrives for this long is cut off. */
  stallMs: number;
  /** How often a body's progress is looked at. */
  checkMs: number;
}

export const BODY_TIMING: BodyTiming = {
  minBytesPerSecond: 64 * 1024,
  baseMs: 10_000,
  stallMs: 10_000,
  checkMs: 1_000,
};

/** The time a body of `bytes` may take to arrive. */
export function bodyDeadlineMs(
  bytes: number,
  timing: BodyTiming = BODY_TIMING,
): number {
  return timing.baseMs + Math.ceil((bytes / timing.minBytesPerSecond) * 1000);
}

/**
 * Bodies must say how long they are and stay under the limit. Node's HTTP
 * parser never reads past a declared Content-Length, so checking the header
 * bounds what any handler can read; a body without one (chunked) is refused.
 * A body that is allowed is then timed (watchBody).
 */
export function bodyLimit(
  /** The limit for a path as the router matches it (pathKey), asked only of requests with a body. */
  maxBytesFor: (path: string) => number = () => BODY_LIMIT_BYTES,
  timing: BodyTiming = BODY_TIMING,
): RequestHandler {
  return (req, res, next) => {
    const declared = req.headers["content-length"];
    const chunked = req.headers["transfer-encoding"] !== undefined;
    if (declared === undefined && !chunked) return next();
    const maxBytes = maxBytesFor(pathKey(req.path));
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
        detail: `Requests to this site are limited to ${formatLimit(maxBytes)}. Please shorten what you are sending.`,
      });
      return;
    }
    res.removeHeader("Connection");
    if (length > 0) {
      closeIfAnsweredEarly(req, res);
      watchBody(req, res, length, timing);
    }
    next();
  };
}

/**
 * A route may answer before it reads its body (a redirect, 405, 429). Node
 * would then read and discard the rest to keep the connection, for as long
 * as the client cares to trickle it; instead the answer says the connection
 * closes, and Node closes it once the answer is sent.
 */
function closeIfAnsweredEarly(req: Request, res: Response) {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
  res.writeHead = ((...args: unknown[]) => {
    if (!req.complete) res.setHeader("Connection", "close");
    return writeHead(...args);
  }) as Response["writeHead"];
}

function formatLimit(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Math.round(bytes / (1024 * 1024))} MB`
    : `${Math.round(bytes / 1024)} KB`;
}

/**
 * Cuts a body off (408, then the socket closed) when no byte of it has
 * arrived for `stallMs`, or when it is not whole by its deadline. Progress
 * is read from the socket's byte count, since listening to the body itself
 * would consume it before its handler does.
 */
function watchBody(
  req: Request,
  res: Response,
  length: number,
  timing: BodyTiming,
) {
  const deadline = Date.now() + bodyDeadlineMs(length, timing);
  let bytes = req.socket.bytesRead;
  let movedAt = Date.now();
  const timer = setInterval(() => {
    if (req.complete) return clearInterval(timer);
    const now = Date.now();
    if (req.socket.bytesRead !== bytes) {
      bytes = req.socket.bytesRead;
      movedAt = now;
    }
    const stalled = now - movedAt >= timing.stallMs;
    if (!stalled && now < deadline) return;
    clearInterval(timer);
    if (res.headersSent) {
      req.socket.destroy();
      return;
    }
    res.setHeader("Connection", "close");
    res.once("finish", () => req.socket.destroy());
    sendProblem(req, res, 408, {
      title: "Request timeout",
      detail: stalled
        ? "What you were sending stopped arriving. Please check your connection and try again."
        : "What you were sending took too long to arrive. Please try again on a faster connection.",
    });
  }, timing.checkMs);
  timer.unref();
  res.once("close", () => clearInterval(timer));
}

export interface RateLimitOptions {
  db: Database;
  logger: Logger;
  /** Posts allowed per client and path within one window. */
  limit: number;
  /** Posts allowed per client within one window, all paths together. */
  overallLimit: number;
  /** Names the all-paths counter, for limiters that count apart (the studio's). */
  overallScope?: string;
  windowMs: number;
}

const PLAIN_PATH = /^(?=\/)(?:\/[a-z0-9_-]+)*\/?(?:\.data)?$/;

/**
 * The path a counter is kept for: the path as the router matches it. React
 * Router resolves dot segments, decodes percent-escapes and matches without
 * regard to case or a trailing slash, so '/%63ontact', '/CONTACT/',
 * '/x/../contact' and '/contact.data' all reach the contact action and must
 * all count against one key.
 */
export function pathKey(path: string): string {
  // The plain spelling the site links to (lower case, no escapes, no dot
  // segments) needs none of the URL parser's work, and every request asks.
  // Each segment starts with its slash, so a path that does not match fails
  // in one pass (an optional slash between repeated segments backtracked
  // exponentially: one long image path held the event loop for minutes).
  const pathname =
    path.length <= 200 && PLAIN_PATH.test(path) ? path : routerPath(path);
  const page =
    pathname.replace(/(\/_root|\/_)?\.data$/, "").replace(/\/+$/, "") || "/";
  return page.slice(0, 200);
}

/** A path as the router reads it: dot segments resolved, escapes decoded, lower case. */
function routerPath(path: string): string {
  let pathname = path.replaceAll("\\", "/");
  try {
    // As the router's URL parser sees it: dot segments (also encoded) resolved.
    pathname = new URL(`http://site${pathname}`).pathname;
  } catch {
    // Not a URL path at all: counted as it came.
  }
  try {
    pathname = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: the router will not match it either.
  }
  // Cleaned of what the database refuses ('/post/a%00' decodes to a NUL):
  // a key no counter could be stored under would count nothing.
  return storableText(pathname)
    .toLowerCase()
    .replace(/\/{2,}/g, "/");
}

/**
 * Limits how often one client may post to one path. Counts live in the
 * database; should it be unreachable the request goes on (and fails there
 * with its own clear error) rather than the limiter failing the site. A key
 * the database refuses to store fails closed.
 */
export function postRateLimit(options: RateLimitOptions): RequestHandler {
  const { db, logger, limit, overallLimit, windowMs } = options;
  const scope = options.overallScope ?? "";
  let lastSweep = Date.now();
  return async (req, res, next) => {
    if (READ_ONLY_METHODS.has(req.method)) return next();
    const client = clientKey(req.ip);
    const key = `post:${client}:${pathKey(req.path)}`;
    // Paths begin with '/', so no path key can be this one.
    const overallKey = `post:${client}:*${scope}`;
    let refused: { key: string; counted: Count } | undefined;
    try {
      const [path, overall] = await countRequests(
        db,
        [key, overallKey],
        windowMs,
      );
      if (path.count > limit) refused = { key, counted: path };
      else if (overall.count > overallLimit)
        refused = { key: overallKey, counted: overall };
    } catch (error) {
      // Input the counter cannot store is refused: letting it through would
      // let it past the limit every time.
      if (isRefusedValue(error)) {
        logger.warn("rate limit refused a key it cannot store", {
          error: errorMessage(error),
        });
        sendProblem(req, res, 400, {
          title: "Bad request",
          detail:
            "The address of this request cannot be read. Please check it and try again.",
        });
        return;
      }
      logger.warn("rate limit unavailable; letting the request through", {
        error: errorMessage(error),
      });
      return next();
    }
    if (Date.now() - lastSweep > windowMs) {
      lastSweep = Date.now();
      sweepRequestCounts(db).catch((error: unknown) =>
        logger.warn("could not sweep old request counts", {
          error: errorMessage(error),
        }),
      );
    }
    if (!refused) return next();
    const seconds = Math.max(
      1,
      Math.ceil((refused.counted.resetAt.getTime() - Date.now()) / 1000),
    );
    res.setHeader("Retry-After", String(seconds));
    logger.info("rate limited", {
      key: refused.key,
      count: refused.counted.count,
    });
    sendProblem(req, res, 429, {
      title: "Too many requests",
      detail: `You have sent too many requests in a short time. Please wait ${seconds === 1 ? "a second" : `${seconds} seconds`} and try again.`,
    });
  };
}
