// The small Express 5 adapter (decision 061): an Express request becomes a
// fetch Request for federation.fetch, and its Response goes back through
// Express; whatever Fedify does not answer (a page asked for as HTML, a path
// it does not know) falls through to the site. While the owner has the social
// web off, nothing here answers: WebFinger, the actor and the inboxes are the
// site's ordinary 404.
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";

import type { Request as ExpressRequest, RequestHandler } from "express";

import { errorMessage } from "~shared/error-message";
import type { Logger } from "~shared/logger";

import { ACTOR_ID } from "./federation";
import type { SiteFederation } from "./federation";

export interface FediverseHandlerOptions {
  federation: SiteFederation;
  /** Whether the owner has the social web on (read per request; cached by the settings store). */
  enabled: () => Promise<boolean>;
  /** SITE_URL: requests are rebuilt on it, whatever Host they came with. */
  siteUrl: string;
  logger: Logger;
  /** Run before an inbox POST: the fediverse's own rate limit. */
  inboxLimit?: RequestHandler;
}

const FEDIVERSE_PATH =
  /^\/(?:\.well-known\/(?:webfinger|nodeinfo)|nodeinfo\/|fediverse(?:\/|$))/;
const ACTIVITY_TYPES = /application\/(?:activity\+json|ld\+json)/i;

/** Whether the request asks for activity JSON rather than a page. */
export function asksForActivity(accept: string | undefined): boolean {
  return accept !== undefined && ACTIVITY_TYPES.test(accept);
}

/** A page that answers activity JSON too, by content negotiation: the home page and each post. */
function isNegotiatedPage(req: ExpressRequest): boolean {
  return (
    (req.method === "GET" || req.method === "HEAD") &&
    (req.path === "/" || req.path.startsWith("/post/"))
  );
}

/**
 * The Express request as a fetch Request at the address its sender used
 * (the Host it came with: a signature covers it; the proxy keeps it,
 * docs/DEPLOY.md). The ids Fedify writes are on SITE_URL whatever it is.
 */
export function toFetchRequest(req: ExpressRequest, siteUrl: string): Request {
  // The home page asked for as activity JSON is the actor.
  const path = req.path === "/" ? `/fediverse/${ACTOR_ID}` : req.originalUrl;
  const host = req.get("host");
  const base = host ? `${req.protocol}://${host}` : siteUrl;
  let url: URL;
  try {
    url = new URL(path, base);
  } catch {
    url = new URL(path, siteUrl);
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value])
      headers.append(name, item);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(url, {
    method: req.method,
    headers,
    ...(hasBody
      ? {
          body: Readable.toWeb(req) as ReadableStream<Uint8Array>,
          duplex: "half",
        }
      : {}),
  });
}

const FALL_THROUGH = new Response(null, { status: 599 });

/** The middleware: Fedify's answer, or the site's. */
export function fediverseHandler(
  options: FediverseHandlerOptions,
): RequestHandler {
  const { federation, enabled, siteUrl, logger, inboxLimit } = options;
  const answer: RequestHandler = async (req, res, next) => {
    try {
      const response = await federation.fetch(toFetchRequest(req, siteUrl), {
        contextData: null,
        onNotFound: () => FALL_THROUGH,
        onNotAcceptable: () => FALL_THROUGH,
      });
      if (response === FALL_THROUGH) return next();
      res.status(response.status);
      response.headers.forEach((value, name) => {
        res.append(name, value);
      });
      // Activity JSON differs from the page at the same address.
      res.vary("Accept");
      if (!response.body || req.method === "HEAD") {
        res.end();
        return;
      }
      await pipeline(
        Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>),
        res,
      );
    } catch (error) {
      logger.warn("fediverse request failed", {
        path: req.path,
        error: errorMessage(error),
      });
      next(error);
    }
  };
  return async (req, res, next) => {
    const negotiated = isNegotiatedPage(req);
    if (!negotiated && !FEDIVERSE_PATH.test(req.path)) return next();
    if (!(await enabled())) return next();
    if (negotiated) {
      // The same address is a page or activity JSON by the Accept header: a
      // shared cache must keep them apart, the page too.
      res.vary("Accept");
      if (!asksForActivity(req.get("accept"))) return next();
    }
    if (inboxLimit && req.method === "POST")
      return inboxLimit(req, res, (error?: unknown) =>
        error ? next(error) : answer(req, res, next),
      );
    return answer(req, res, next);
  };
}
