// What one request says about a page read (docs/PRIVACY.md, docs/decisions/
// 032): whether it counts at all, and the view it notes. Every value a
// visitor sends (path, query, referrer) is cleaned here of what the database
// refuses, before the view is buffered: one view that cannot be stored must
// not hold up its batch.
import type { Request, Response } from "express";
import { isbot } from "isbot";

import type { ViewRecord } from "~/data/reader-views.server";
import { storableText } from "~shared/storable-text";

import { clientAddressOf } from "./auth-route";
import { isStudioPage } from "./security";

/**
 * A view noted on the request, and the row its batch writes. Its visitor key
 * is made by its batch, just before the batch is written (empty until then).
 */
export interface NotedView extends ViewRecord {
  /** Held only until the view's key is made (emptied then), never stored. */
  address: string;
  userAgent: string;
}

/** Paths that are not the site's pages (the sign-in screen is the owner's way in). */
const UNCOUNTED_PATH = /^\/(?:api\/|sign-in(?:$|[/.]))/;
/** The session cookie's name, with or without the __Secure- prefix. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;
const MAX_TEXT = 200;
const PREFETCH = /prefetch|prerender/i;
/** Where browsers say a request is a prefetch or a prerender, not a read. */
const PURPOSE_HEADERS = ["sec-purpose", "purpose", "x-purpose", "x-moz"];
/** What a user agent says of its reader: a bot or not, the device and the browser. */
interface AgentFacts {
  bot: boolean;
  device: string;
  browser: string;
}

/**
 * Kept by user agent: a few browsers make most requests, and isbot's
 * pattern is long; a busy page should not test it on every request.
 */
const agentFacts = new Map<string, AgentFacts>();
const MAX_AGENTS = 1000;

function factsOf(userAgent: string): AgentFacts {
  let facts = agentFacts.get(userAgent);
  if (facts === undefined) {
    facts = {
      bot: userAgent === "" || isbot(userAgent),
      device: deviceClass(userAgent),
      browser: browserFamily(userAgent),
    };
    if (agentFacts.size >= MAX_AGENTS) agentFacts.clear();
    agentFacts.set(userAgent, facts);
  }
  return facts;
}

function header(req: Request, name: string): string {
  const value = req.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

/**
 * Why a request is not counted, whatever its response: not a page read, or
 * a read the visitor or the site asks not to count (`page`: its path as
 * pathKey reads it). undefined: it may count.
 */
export function exclusion(req: Request, page: string): string | undefined {
  if (req.method !== "GET") return "method";
  if (isStudioPage(page) || UNCOUNTED_PATH.test(page)) return "path";
  const headers = req.headers;
  for (const name of PURPOSE_HEADERS) {
    const purpose = headers[name];
    if (purpose !== undefined && PREFETCH.test(String(purpose))) {
      return "prefetch";
    }
  }
  if (headers.dnt === "1") return "dnt";
  if (headers["sec-gpc"] === "1") return "gpc";
  if (factsOf(header(req, "user-agent")).bot) return "bot";
  // Every account on this site is the owner's (or one the owner made).
  if (headers.cookie !== undefined && SESSION_COOKIE.test(headers.cookie)) {
    return "owner";
  }
  return undefined;
}

/** A finished response is a page read: a document, or a navigation's data, sent whole. */
export function isPageResponse(res: Response, data: boolean): boolean {
  if (res.statusCode !== 200) return false;
  const type = String(res.getHeader("content-type") ?? "");
  return data ? /^text\/x-script\b/i.test(type) : /^text\/html\b/i.test(type);
}

/** desktop, mobile or tablet, from the user agent. */
export function deviceClass(userAgent: string): string {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent))
    return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(userAgent))
    return "mobile";
  return "desktop";
}

/** Browser families by what their user agents say; the order matters: Edge and Opera say Chrome too. */
const BROWSER_FAMILIES: ReadonlyArray<readonly [RegExp, string]> = [
  [/Edg(?:e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
];

/** The browser's family, from the user agent. */
export function browserFamily(userAgent: string): string {
  return (
    BROWSER_FAMILIES.find(([pattern]) => pattern.test(userAgent))?.[1] ??
    "Other"
  );
}

function clip(value: string | null | undefined): string | undefined {
  const trimmed =
    value === null || value === undefined
      ? undefined
      : storableText(value).trim();
  return trimmed ? trimmed.slice(0, MAX_TEXT) : undefined;
}

/**
 * Everything a counted request says about its view (before its response is
 * known). `path` comes cleaned by pathKey; every other value a visitor sent
 * is cleaned here.
 */
export function noteView(
  req: Request,
  siteHosts: ReadonlySet<string>,
  now: Date,
  path: string,
): NotedView {
  const queryAt = req.originalUrl.indexOf("?");
  const query =
    queryAt === -1
      ? undefined
      : new URLSearchParams(req.originalUrl.slice(queryAt + 1));
  let referrerHost: string | undefined;
  try {
    const referrer = header(req, "referer");
    if (referrer) referrerHost = new URL(referrer).hostname.toLowerCase();
  } catch {
    referrerHost = undefined; // Not a URL: as if none was sent.
  }
  const userAgent = header(req, "user-agent");
  const facts = factsOf(userAgent);
  const post = /^\/post\/([^/]+)$/.exec(path);
  return {
    viewedAt: now,
    path,
    postSlug: post?.[1],
    referrerHost: clip(referrerHost),
    internal:
      referrerHost !== undefined &&
      (siteHosts.has(referrerHost) || referrerHost === req.hostname),
    utmSource: clip(query?.get("utm_source")),
    utmMedium: clip(query?.get("utm_medium")),
    utmCampaign: clip(query?.get("utm_campaign")),
    device: facts.device,
    browser: facts.browser,
    visitorKey: "",
    address: clientAddressOf(req),
    userAgent,
  };
}
