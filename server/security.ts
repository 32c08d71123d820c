import type { Request, RequestHandler } from "express";

import type { Env } from "~shared/env";
import { freshPerResponse } from "~shared/per-response";

import { pathKey } from "./limits";
import { sendProblem } from "./problem";

declare module "express-serve-static-core" {
  interface Locals {
    nonce: string;
    /** See per-response.ts. */
    formKey: string;
    /** This response's CSP with other inline sources (unset where no CSP is sent). */
    policyFor?: (inline: InlineCodeSources) => string;
    /** The hashes of the document's inline code, as its renderer reported them. */
    inlineSources?: InlineCodeSources;
  }
}

/** Served over TLS: directly, or behind a proxy Express trusts (TRUST_PROXY). */
function overTls(req: Request, env: Env): boolean {
  return req.secure || env.SITE_URL.startsWith("https://");
}

/** Where a document's inline scripts and styles may come from: its nonce, or their hashes. */
export interface InlineCodeSources {
  scripts: ReadonlyArray<string>;
  styles: ReadonlyArray<string>;
}

/**
 * The Content-Security-Policy, in one place. Inline scripts and style
 * elements run only when the header names them: by the response's nonce,
 * or, for a page the page cache sends again, by their hashes (decision 025);
 * style attributes (which React renders for a few dynamic values) are the one
 * inline allowance. Images may come from any https:// address (a post's
 * image from the web, the map's tiles); nothing else from another host.
 */
export function contentSecurityPolicy(
  inline: InlineCodeSources,
  secure: boolean,
): string {
  const directives = [
    "default-src 'self'",
    `script-src ${["'self'", ...inline.scripts].join(" ")}`,
    `style-src ${["'self'", ...inline.styles].join(" ")}`,
    "style-src-attr 'unsafe-inline'",
    // Images from any https:// address: a post may show one from the web
    // (the sanitiser lets them through, decision 027), as the map shows its
    // tiles. An image cannot run code; over TLS, http:// ones are upgraded.
    "img-src 'self' data: https:",
    // Fonts, fetches, media, the manifest and workers fall back to
    // default-src 'self': not named again, as the headers share the
    // document's first ~14 KB (decision 039).
    "object-src 'none'",
    "frame-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (secure) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** Every response's security headers, in one place (see contentSecurityPolicy). */
export function securityHeaders(env: Env): RequestHandler {
  return (req, res, next) => {
    const { nonce, formKey } = freshPerResponse();
    res.locals.nonce = nonce;
    res.locals.formKey = formKey;
    const secure = overTls(req, env);
    // Vite's dev server injects inline scripts without a nonce; CSP is a production concern.
    if (env.NODE_ENV !== "development") {
      res.locals.policyFor = (inline) => contentSecurityPolicy(inline, secure);
      res.setHeader(
        "Content-Security-Policy",
        // 'strict-dynamic' lets the nonced entry load the route chunks; 'self' is the fallback for older browsers.
        res.locals.policyFor({
          scripts: [`'nonce-${nonce}'`, "'strict-dynamic'"],
          styles: [`'nonce-${nonce}'`],
        }),
      );
    }
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
    res.setHeader(
      "Permissions-Policy",
      "accelerometer=(), browsing-topics=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=()",
    );
    if (secure) {
      res.setHeader(
        "Strict-Transport-Security",
        "max-age=63072000; includeSubDomains",
      );
    }
    next();
  };
}

/** Adds what a cookie must carry here: HttpOnly, SameSite=Lax (Strict stays), Secure over TLS. */
export function hardenCookie(cookie: string, secure: boolean): string {
  const [pair = "", ...attributes] = cookie
    .split(";")
    .map((part) => part.trim());
  const name = (attribute: string) =>
    attribute.split("=")[0]?.trim().toLowerCase();
  const strict = attributes.some((attribute) =>
    /^samesite=strict$/i.test(attribute),
  );
  const kept = attributes.filter(
    (attribute) =>
      !["httponly", "secure", "samesite"].includes(name(attribute) ?? ""),
  );
  return [
    pair,
    ...kept,
    "HttpOnly",
    strict ? "SameSite=Strict" : "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/** The session cookie better-auth sets (with its prefix over TLS). */
const SESSION_COOKIE = /^(?:__Secure-)?better-auth\.session_token$/;

/**
 * The one cookie script may read: `signed_in=1` while the browser holds a
 * session cookie, so a public page's script asks for the session (to show
 * the owner's Studio link) only then, and a reader's page view sends no
 * request. A hint, not a proof: it says nothing the session lookup does not
 * check, and a stale one costs one lookup.
 */
export const SIGNED_IN_HINT = "signed_in";

/** The hint a session cookie brings along: set for as long as it lives, cleared with it; undefined for any other cookie. */
export function signedInHint(
  cookie: string,
  secure: boolean,
): string | undefined {
  const [pair = "", ...attributes] = cookie
    .split(";")
    .map((part) => part.trim());
  const [name = "", value = ""] = pair.split("=");
  if (!SESSION_COOKIE.test(name)) return undefined;
  const lifetime = attributes.filter((attribute) =>
    /^(max-age|expires)=/i.test(attribute),
  );
  const cleared =
    value === "" ||
    lifetime.some((attribute) => /^max-age=0$/i.test(attribute));
  return [
    `${SIGNED_IN_HINT}=${cleared ? "" : "1"}`,
    "Path=/",
    ...(cleared ? ["Max-Age=0"] : lifetime),
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/**
 * The cookie policy in one place, whoever sets the cookie (sign-in, the
 * framework): every Set-Cookie is hardened on its way out, and a session
 * cookie brings its signed-in hint, the one cookie script reads.
 */
export function cookiePolicy(env: Env): RequestHandler {
  return (req, res, next) => {
    const secure = overTls(req, env);
    // Idempotent: Express appends a cookie by setting them all again.
    const harden = (value: unknown) => {
      const cookies = (Array.isArray(value) ? value : [value])
        .map(String)
        .filter((cookie) => !cookie.startsWith(`${SIGNED_IN_HINT}=`));
      return [
        ...cookies.map((cookie) => hardenCookie(cookie, secure)),
        ...cookies.flatMap((cookie) => signedInHint(cookie, secure) ?? []),
      ];
    };
    const setHeader = res.setHeader.bind(res);
    res.setHeader = (name, value) =>
      setHeader(
        name,
        name.toLowerCase() === "set-cookie" ? harden(value) : value,
      );
    const appendHeader = res.appendHeader.bind(res);
    res.appendHeader = (name, value) =>
      appendHeader(
        name,
        name.toLowerCase() === "set-cookie" ? harden(value) : value,
      );
    next();
  };
}

/**
 * Behind a trusted proxy that names the public host in X-Forwarded-Host, that
 * host becomes the request's Host, so every layer (React Router's own origin
 * check builds the request URL from Host's port) sees the address the
 * visitor used. Only registered when TRUST_PROXY says there is a proxy.
 */
export function forwardedHost(): RequestHandler {
  return (req, _res, next) => {
    const forwarded = req.get("x-forwarded-host")?.split(",")[0]?.trim();
    if (forwarded) req.headers.host = forwarded;
    next();
  };
}

/** The origins a write may come from: the one the request reached, and the configured public one. */
function ownOrigins(req: Request, env: Env): Set<string> {
  return new Set([
    `${req.protocol}://${req.host}`,
    new URL(env.SITE_URL).origin,
  ]);
}

const READ_ONLY_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** A Referer's origin; "null" for one that is not a URL. */
function originOf(address: string): string {
  return URL.parse(address)?.origin ?? "null";
}

/**
 * Writes only from this site's own pages: a browser names the page's origin
 * on every POST, so a post from another site (or an opaque "null" origin) is
 * refused before any action runs. Browsers send Origin with every cross-site
 * POST, so a request without one is a tool or script, not a forged visit
 * (Sec-Fetch-Site still catches an older browser's cross-site post, and,
 * without either, a Referer naming another site). Behind a
 * TLS proxy, TRUST_PROXY makes req.protocol and req.host the public ones.
 */
export function sameOriginWrites(env: Env): RequestHandler {
  return (req, res, next) => {
    if (READ_ONLY_METHODS.has(req.method)) return next();
    const origin = req.get("origin");
    const fetchSite = req.get("sec-fetch-site");
    const referer = req.get("referer");
    const foreign = origin
      ? !ownOrigins(req, env).has(origin)
      : fetchSite
        ? fetchSite === "cross-site" || fetchSite === "same-site"
        : referer !== undefined && !ownOrigins(req, env).has(originOf(referer));
    if (!foreign) return next();
    sendProblem(req, res, 403, {
      title: "Forbidden",
      detail:
        "This site only accepts forms sent from its own pages. Please open the page on this site and send it from there.",
    });
  };
}

/**
 * The owner's studio: `/studio`, everything under it, and its client data
 * requests (`/studio.data`, `/studio/posts.data`).
 */
export function isStudioPath(path: string): boolean {
  // As the router matches it: '/STUDIO', '/%73tudio', '/studio/../contact'
  // are not what they seem (limits.ts).
  return isStudioPage(pathKey(path));
}

/** isStudioPath for a path already made a key by pathKey. */
export function isStudioPage(key: string): boolean {
  return /^\/studio(?:$|\/)/.test(key);
}

/**
 * Studio responses are never stored by any cache nor indexed, whatever the
 * screen (and before the gate decides: a refusal is no-store too).
 */
export function studioHeaders(): RequestHandler {
  return (req, res, next) => {
    if (isStudioPath(req.path)) {
      res.setHeader("Cache-Control", "no-store");
      res.setHeader("X-Robots-Tag", "noindex, nofollow");
    }
    next();
  };
}
