import { randomBytes } from "node:crypto";

import type { RequestHandler } from "express";

import { site } from "../app/config/site.ts";
import type { Env } from "./env.ts";

declare module "express-serve-static-core" {
  interface Locals {
    nonce: string;
  }
}

/**
 * Every response's security headers, in one place. Scripts run only with the
 * per-response nonce; the map tile hosts are the single third party, and only
 * for images.
 */
export function securityHeaders(env: Env): RequestHandler {
  const secure = env.SITE_URL.startsWith("https://");
  const tileHosts = site.map.tileHosts.join(" ");
  return (req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    const directives = [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
      "style-src 'self' 'unsafe-inline'",
      `img-src 'self' data: blob: ${tileHosts}`,
      "font-src 'self'",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      "manifest-src 'self'",
      "worker-src 'self'",
    ];
    if (secure) directives.push("upgrade-insecure-requests");
    // Vite's dev server injects inline scripts without a nonce; CSP is a production concern.
    if (env.NODE_ENV !== "development") {
      res.setHeader("Content-Security-Policy", directives.join("; "));
    }
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader(
      "Permissions-Policy",
      "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    );
    if (secure || req.secure) {
      res.setHeader(
        "Strict-Transport-Security",
        "max-age=63072000; includeSubDomains",
      );
    }
    next();
  };
}
