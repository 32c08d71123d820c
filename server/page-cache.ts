// The server's own cache of rendered pages (docs/decisions/008-caching-content-and-pages.md).
// A page is the same for every anonymous visitor except for the CSP nonce
// and the contact form's key (shared/per-response.ts), so a stored page is
// sent with them swapped for this response's fresh ones: no two responses
// share either. A page lives as long as the content reads
// it was made from may (database/content-cache.ts: until a change while the
// database's notifications arrive, a short TTL while they do not) and dies
// with every content invalidation.
import { brotliCompress, constants as zlibConstants } from "node:zlib";

import type { Request, RequestHandler, Response } from "express";

import { ExpiringMap } from "~shared/expiring-map";
import { joinStamped, splitStamped } from "~shared/per-response";
import type { StampedParts } from "~shared/per-response";

import { pageKey, SEARCH_PATHS } from "./page-key";
import type { RouteIdsFor } from "./page-key";
import type { InlineCodeSources } from "./security";

export interface PageCacheOptions {
  /** How old a stored page may be right now (it shrinks while change notifications are not arriving); 0 turns the cache off. */
  maxAgeMs: () => number;
  /** Changes whenever content changes; a page stored under another version is stale. */
  contentVersion: () => number;
  maxEntries?: number;
  /** How many searches are kept, apart from the pages (SEARCH_PATHS). */
  maxSearchEntries?: number;
  /** Larger bodies are sent but not kept. */
  maxBodyBytes?: number;
  /** The ids of the routes a path matches, outermost first (routeMatcher); without it no `_routes` request is kept. */
  routesFor?: RouteIdsFor;
  now?: () => number;
}

/**
 * A document kept with no value of its own response in it (decision 025):
 * sent again as the same bytes, under a CSP that names its inline code by
 * hash instead of by the nonce it was rendered with.
 */
interface SealedPage {
  /** Its inline code's hashes: the policy is made per response, as whether it went over TLS is (upgrade-insecure-requests). */
  sources: InlineCodeSources;
  body: Buffer;
  /** The body at brotli's best quality, made once, after a hit asks for it. */
  brotli?: Buffer;
}

interface StoredPage {
  status: number;
  headers: Array<[string, string]>;
  /** The body, cut where the nonce and form key it was rendered with appear. */
  body: StampedParts;
  sealed?: SealedPage;
  version: number;
  storedAt: number;
}

// Documents and client-navigation data (turbo-stream) are the rendered pages;
// the sitemap and RSS feed are rendered from every post, as costly as a page
// (docs/decisions/020).
const CACHEABLE_TYPES =
  /^(text\/html|text\/x-script|application\/xml|application\/rss\+xml)\b/i;
// Headers that belong to one response, not to the page.
const PER_RESPONSE_HEADERS = new Set([
  "set-cookie",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-encoding",
  "content-security-policy",
  // Set by securityHeaders for a request over TLS only (a proxy's
  // X-Forwarded-Proto): one request's must never reach another's response.
  "strict-transport-security",
]);

/** A response showing a failure (a content read that failed) is sent but never kept. */
export function markPageIncomplete(res: Response) {
  res.locals.pageIncomplete = true;
}

/** Documents say how HTTP caches may keep them (see the decision record). */
export const DOCUMENT_CACHE_CONTROL = "private, no-cache";

export function pageCache(options: PageCacheOptions): RequestHandler {
  const maxBodyBytes = options.maxBodyBytes ?? 1_000_000;
  // One page is compressed at a time: at quality 11 a page takes tens of
  // milliseconds of a thread, and a flood of new searches must not queue them.
  let compressing = false;
  function compressSoon(page: SealedPage) {
    if (compressing || page.brotli) return;
    compressing = true;
    brotliCompress(
      page.body,
      {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: page.body.length,
        },
      },
      (error, compressed) => {
        compressing = false;
        if (!error) page.brotli = compressed;
      },
    );
  }
  const now = options.now ?? Date.now;
  const pages = new ExpiringMap<StoredPage>({
    maxEntries: options.maxEntries ?? 200,
    now: options.now,
  });
  const searches = new ExpiringMap<StoredPage>({
    maxEntries: options.maxSearchEntries ?? 100,
    now: options.now,
  });
  const isSearch = (key: string) =>
    SEARCH_PATHS.has(key.split("?", 1)[0] ?? key);
  const storeFor = (key: string) => (isSearch(key) ? searches : pages);

  function lookup(key: string): StoredPage | undefined {
    const store = storeFor(key);
    const page = store.get(key);
    if (
      page &&
      (page.version !== options.contentVersion() ||
        now() - page.storedAt > options.maxAgeMs())
    ) {
      store.delete(key);
      return undefined;
    }
    return page;
  }

  return (req, res, next) => {
    markDocumentsPrivate(res);
    if (options.maxAgeMs() <= 0 || !isShareable(req.method, req.headers)) {
      return next();
    }
    const key = pageKey(req.originalUrl, options.routesFor);
    if (key === undefined) return next();
    const stamp = { nonce: res.locals.nonce, formKey: res.locals.formKey };
    const hit = lookup(key);
    if (hit) {
      res.status(hit.status);
      // Headers already set belong to this response (security headers, its CSP).
      for (const [name, value] of hit.headers) {
        if (!res.hasHeader(name)) res.setHeader(name, value);
      }
      res.setHeader("X-Page-Cache", "hit");
      if (hit.sealed) {
        sendSealed(req, res, hit.sealed, compressSoon);
        return;
      }
      res.end(joinStamped(hit.body, stamp));
      return;
    }
    res.setHeader("X-Page-Cache", "miss");
    const version = options.contentVersion();
    captureBody(res, (status, body) => {
      const headers = res.getHeaders();
      const type = String(headers["content-type"] ?? "");
      if (
        status !== 200 ||
        res.locals.pageIncomplete === true ||
        !CACHEABLE_TYPES.test(type) ||
        headers["set-cookie"] !== undefined ||
        /private|no-store/i.test(String(headers["cache-control"] ?? "")) ||
        body.length > maxBodyBytes
      ) {
        return;
      }
      const parts = splitStamped(body, stamp);
      const sealed = sealedPage(res, type, parts, body);
      // A page of the site is compressed at once; a search (a visitor's own
      // words, most never asked again) only when it is asked again.
      if (sealed && !isSearch(key)) {
        compressSoon(sealed);
      }
      storeFor(key).set(
        key,
        {
          status,
          sealed,
          headers: Object.entries(headers).flatMap(([name, value]) =>
            PER_RESPONSE_HEADERS.has(name) || value === undefined
              ? []
              : [
                  [
                    name,
                    Array.isArray(value) ? value.join(", ") : String(value),
                  ],
                ],
          ),
          body: parts,
          version,
          storedAt: now(),
        },
        options.maxAgeMs(),
      );
    });
    next();
  };
}

/**
 * The page to send again as it is, when it is a document whose renderer
 * named its inline code (entry.server.tsx) and has no form key in it:
 * nothing in it need differ from one response to the next.
 */
function sealedPage(
  res: Response,
  type: string,
  parts: StampedParts,
  body: Buffer,
): SealedPage | undefined {
  const { policyFor, inlineSources } = res.locals;
  if (
    !/^text\/html\b/i.test(type) ||
    !policyFor ||
    !inlineSources ||
    parts.includes("formKey")
  ) {
    return undefined;
  }
  return { sources: inlineSources, body };
}

/**
 * A sealed page: under its own CSP (this response's nonce is in nothing it
 * sends), and as brotli at quality 11 when the browser takes brotli and that
 * is made; until then the compression middleware compresses it as any page.
 */
function sendSealed(
  req: Request,
  res: Response,
  page: SealedPage,
  compressSoon: (page: SealedPage) => void,
) {
  const { policyFor } = res.locals;
  if (policyFor) {
    res.setHeader("Content-Security-Policy", policyFor(page.sources));
  }
  if (req.acceptsEncodings("br") === "br") {
    if (page.brotli) {
      res.setHeader("Content-Encoding", "br");
      // Added to, not replaced: a page that is also activity JSON varies
      // by Accept as well (server/fediverse/express.ts).
      res.vary("Accept-Encoding");
      res.setHeader("Content-Length", page.brotli.length);
      res.end(page.brotli);
      return;
    }
    compressSoon(page);
  }
  res.end(page.body);
}

/** A visitor with cookies or credentials may see a page made for them; only the anonymous GET is shared. */
function isShareable(
  method: string,
  headers: Record<string, string | string[] | undefined>,
): boolean {
  return (
    method === "GET" &&
    headers.cookie === undefined &&
    headers.authorization === undefined
  );
}

// A document carries a nonce made for one response: an HTTP cache must not
// hand it to anyone else, and it must not be revalidated into a new CSP
// header (a 304 would pair the old body with a new nonce). The page's own
// Cache-Control, when a route sets one, wins.
function markDocumentsPrivate(res: Response) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    const type = String(res.getHeader("content-type") ?? "");
    if (/^text\/html\b/i.test(type) && !res.hasHeader("cache-control")) {
      res.setHeader("Cache-Control", DOCUMENT_CACHE_CONTROL);
    }
    return (writeHead as (...rest: unknown[]) => Response).apply(this, args);
  } as Response["writeHead"];
}

/**
 * Buffers what the downstream handler writes, then sends it as one piece and
 * hands it to `done`. Almost every document is rendered whole before it is
 * written (entry.server.tsx); one that streams its slow sections is marked
 * incomplete before its first write, and is passed through as it comes.
 */
function captureBody(
  res: Response,
  done: (status: number, body: Buffer) => void,
) {
  const chunks: Buffer[] = [];
  const write = res.write;
  const end = res.end;
  const toBuffer = (chunk: unknown, encoding: unknown) =>
    Buffer.isBuffer(chunk)
      ? chunk
      : chunk instanceof Uint8Array
        ? Buffer.from(chunk)
        : Buffer.from(
            String(chunk),
            typeof encoding === "string"
              ? (encoding as BufferEncoding)
              : "utf8",
          );

  res.write = function (
    this: Response,
    chunk: unknown,
    encoding?: unknown,
    callback?: unknown,
  ) {
    if (res.locals.pageIncomplete === true) {
      res.write = write;
      res.end = end;
      const send = write as (this: Response, ...args: unknown[]) => boolean;
      if (chunks.length > 0) send.call(this, Buffer.concat(chunks));
      return send.call(this, chunk, encoding, callback);
    }
    chunks.push(toBuffer(chunk, encoding));
    const cb = typeof encoding === "function" ? encoding : callback;
    if (typeof cb === "function") process.nextTick(cb as () => void);
    return true;
  } as Response["write"];

  res.end = function (
    this: Response,
    chunk?: unknown,
    encoding?: unknown,
    callback?: unknown,
  ) {
    if (chunk !== undefined && chunk !== null && typeof chunk !== "function") {
      chunks.push(toBuffer(chunk, encoding));
    }
    const cb = [chunk, encoding, callback].find(
      (arg) => typeof arg === "function",
    ) as (() => void) | undefined;
    res.write = write;
    res.end = end;
    const body = Buffer.concat(chunks);
    done(res.statusCode, body);
    const finish = end as (
      this: Response,
      chunk: Buffer,
      callback?: () => void,
    ) => Response;
    return finish.call(this, body, cb);
  } as Response["end"];
}
