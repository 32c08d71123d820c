// better-auth's HTTP API at /api/auth/*, mounted on Express ahead of the React
// Router handler: it is an API, not a page (decision: docs/decisions/007-auth.md).
import type { IncomingHttpHeaders } from "node:http";

import express from "express";
import type { ErrorRequestHandler, RequestHandler } from "express";

import { handleAuthRequest } from "~/auth/auth-request.server";
import { AUTH_BASE_PATH, CLIENT_ADDRESS_HEADER } from "~/auth/auth.server";
import {
  busyResponse,
  HASHING_PATHS,
  hashingAtCapacity,
} from "~/auth/hash-slots.server";
import type { SiteAuth } from "~/auth/auth.server";

import { unmapped } from "./client-key";
import { pathKey } from "./limits";

/** Auth requests are a few small JSON fields; anything larger is refused. */
const BODY_LIMIT = "16kb";

/**
 * Replaces any client-sent address header with the address Express trusts
 * (the connection's, or the proxy's report under TRUST_PROXY), so a client
 * cannot pick its own rate-limit bucket.
 */
export function clientAddress(): RequestHandler {
  return (req, _res, next) => {
    req.headers[CLIENT_ADDRESS_HEADER] = unmapped(req.ip);
    next();
  };
}

/**
 * The client's address as clientAddress() noted it (read once per request:
 * with a trusted proxy, each reading of req.ip parses the forwarded header
 * again); the request's own, before that middleware has run.
 */
export function clientAddressOf(req: express.Request): string {
  const noted = req.headers[CLIENT_ADDRESS_HEADER];
  return typeof noted === "string" ? noted : unmapped(req.ip);
}

/**
 * A sign-in that would be refused for load (a password hash is running) is
 * refused first thing, before the rate limiter's database write: a flood of
 * sign-ins then costs the site almost nothing. handleAuthRequest() keeps the
 * exact bound; this is the cheap early answer.
 */
export function signInLoadShedding(auth: SiteAuth): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== "POST" || !hashingAtCapacity(auth)) return next();
    const path = pathKey(req.path);
    if (
      !path.startsWith(`${AUTH_BASE_PATH}/`) ||
      !HASHING_PATHS.has(path.slice(AUTH_BASE_PATH.length))
    )
      return next();
    const busy = busyResponse();
    res.status(busy.status);
    busy.headers.forEach((value, name) => res.setHeader(name, value));
    res.end(Buffer.from(await busy.arrayBuffer()));
  };
}

export function authRoutes(auth: SiteAuth, siteUrl: string): express.Router {
  const router = express.Router();
  router.all(
    `${AUTH_BASE_PATH}/*splat`,
    express.raw({ type: () => true, limit: BODY_LIMIT }),
    async (req, res) => {
      const body =
        Buffer.isBuffer(req.body) && req.body.length > 0
          ? new Uint8Array(req.body)
          : undefined;
      // The URL comes from SITE_URL, never from the Host header.
      const request = new Request(new URL(req.originalUrl, siteUrl), {
        method: req.method,
        headers: toFetchHeaders(req.headers),
        body: req.method === "GET" || req.method === "HEAD" ? undefined : body,
      });
      const response = await handleAuthRequest(auth, request);
      res.status(response.status);
      response.headers.forEach((value, name) => {
        // The body may change below (withoutSessionToken); its length is set as sent.
        if (name !== "set-cookie" && name !== "content-length")
          res.setHeader(name, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
      res.setHeader("Cache-Control", "no-store");
      const answer = Buffer.from(await response.arrayBuffer());
      res.end(withoutSessionToken(response, answer));
    },
  );
  router.use(AUTH_BASE_PATH, clientErrors);
  return router;
}

/**
 * better-auth's JSON answers carry the session token (the session's `token`,
 * a sign-in's `token`), which the HttpOnly cookie keeps from script; no page
 * needs it, so it is taken out before it reaches script at all.
 */
export function withoutSessionToken(response: Response, body: Buffer): Buffer {
  if (!/^application\/json\b/i.test(response.headers.get("content-type") ?? ""))
    return body;
  let value: unknown;
  try {
    value = JSON.parse(body.toString("utf8"));
  } catch {
    return body;
  }
  if (typeof value !== "object" || value === null) return body;
  const record = value as { token?: unknown; session?: unknown };
  const session =
    typeof record.session === "object" && record.session !== null
      ? (record.session as { token?: unknown })
      : undefined;
  if (!("token" in record) && !(session && "token" in session)) return body;
  delete record.token;
  if (session) delete session.token;
  return Buffer.from(JSON.stringify(record));
}

/** A body that is too large or malformed is the client's error: a JSON answer, no stack trace in the log. */
const clientErrors: ErrorRequestHandler = (error: unknown, _req, res, next) => {
  const status =
    typeof error === "object" && error !== null && "status" in error
      ? Number(error.status)
      : 500;
  if (status < 400 || status >= 500 || res.headersSent) {
    next(error);
    return;
  }
  const message = error instanceof Error ? error.message : "Bad request";
  res.status(status).json({ message });
};

function toFetchHeaders(source: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(source)) {
    if (name.startsWith(":") || value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      headers.append(name, item);
    }
  }
  return headers;
}
