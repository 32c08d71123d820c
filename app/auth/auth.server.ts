// The authentication backend: better-auth over our one drizzle database.
// Email and password only, sessions in the `sessions` table, public sign-up
// refused (one owner: see docs/decisions/001-auth.md and docs/AUTH.md).
import { randomBytes } from "node:crypto";

import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { betterAuth } from "better-auth/minimal";
import { eq } from "drizzle-orm";
import { z } from "zod";

import { site } from "~/config/site";
import type { Database } from "~database/client";
import {
  accounts,
  authRateLimits,
  sessions,
  siteSecrets,
  users,
  verifications,
} from "~database/schema";
import type { Logger } from "~shared/logger";

import { PASSWORD_LENGTH } from "./rules";

export const AUTH_BASE_PATH = "/api/auth";
/**
 * The client's address, as the HTTP server determined it (the connection, or
 * the trusted proxy's report). The server sets it on every request, replacing
 * whatever a client sent, and the rate limiter keys on it.
 */
export const CLIENT_ADDRESS_HEADER = "x-site-client-address";
/** Sign-in attempts allowed per client address and window (seconds). */
export const SIGN_IN_LIMIT = { window: 60, max: 5 } as const;

const SECRET_NAME = "auth_secret";

export interface AuthSettings {
  /** The public origin (SITE_URL): cookies are Secure when it is https. */
  siteUrl: string;
  /** Signs the session cookie; see resolveAuthSecret(). */
  secret: string;
  logger?: Logger;
}

/** Builds the auth instance for a database; the server puts it on every request's services. */
export function createAuth(db: Database, settings: AuthSettings) {
  const { logger } = settings;
  const auth = betterAuth({
    appName: `Live ${site.productName}`,
    baseURL: settings.siteUrl,
    basePath: AUTH_BASE_PATH,
    secret: settings.secret,
    trustedOrigins: [settings.siteUrl],
    database: drizzleAdapter(db, {
      provider: "pg",
      transaction: true,
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: authRateLimits,
      },
    }),
    emailAndPassword: {
      enabled: true,
      // The site has one owner, created with `npm run owner:create`.
      disableSignUp: true,
      minPasswordLength: PASSWORD_LENGTH.min,
      maxPasswordLength: PASSWORD_LENGTH.max,
      // better-auth's default hash is scrypt (N=16384, r=16: 32 MiB per hash), a memory-hard KDF.
    },
    user: {
      additionalFields: {
        // Never accepted from a request: only owner:create grants 'owner'.
        role: {
          type: "string",
          required: false,
          defaultValue: "reader",
          input: false,
        },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
      // No cookie cache: every lookup reads the sessions table, so signing out or
      // losing the owner role takes effect on the next request.
      cookieCache: { enabled: false },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { ...SIGN_IN_LIMIT },
        // Every page asks once after loading; a refusal would only look like a sign-out.
        "/get-session": false,
      },
    },
    // Endpoints the site has no use for (no profile editing, no mail flows, no social sign-in).
    disabledPaths: [
      "/update-user",
      "/change-email",
      "/delete-user",
      "/update-session",
      "/request-password-reset",
      "/reset-password",
      "/send-verification-email",
      "/verify-email",
      "/sign-in/social",
      "/link-social",
      "/unlink-account",
    ],
    advanced: {
      useSecureCookies: settings.siteUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    telemetry: { enabled: false },
    logger: logger
      ? {
          log(level, message, ...details: unknown[]) {
            logger[level](
              `auth: ${message}`,
              details.length ? { details } : {},
            );
          },
        }
      : { disabled: true },
  });
  return auth;
}

export type SiteAuth = ReturnType<typeof createAuth>;

/**
 * BETTER_AUTH_SECRET when it is set; otherwise a secret generated on first
 * start and kept in site_secrets, so every instance on one database agrees.
 */
export async function resolveAuthSecret(
  db: Database,
  configured: string | undefined,
): Promise<string> {
  if (configured) return configured;
  // Several instances may start at once: the first insert wins, everyone reads it.
  await db
    .insert(siteSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: siteSecrets.value })
    .from(siteSecrets)
    .where(eq(siteSecrets.name, SECRET_NAME));
  if (!row) throw new Error("The auth secret could not be stored");
  return row.value;
}

/** Runs one request through better-auth, answering a rate-limited one with a clearer message. */
export async function handleAuthRequest(
  auth: SiteAuth,
  request: Request,
): Promise<Response> {
  const response = await auth.handler(request);
  if (response.status !== 429) return response;
  const retryAfter =
    Number(response.headers.get("x-retry-after")) || SIGN_IN_LIMIT.window;
  return Response.json(
    {
      code: "TOO_MANY_REQUESTS",
      message: `Too many attempts. Please wait ${retryAfter} seconds and try again.`,
    },
    {
      status: 429,
      headers: {
        "Retry-After": String(retryAfter),
        "Cache-Control": "no-store",
      },
    },
  );
}

/**
 * Calls an auth endpoint on behalf of a page request (the sign-in page's form
 * without JavaScript), carrying its cookies, origin and client address, so the
 * same origin checks and rate limits apply as to the browser's own calls.
 */
export function callAuthEndpoint(
  auth: SiteAuth,
  request: Request,
  siteUrl: string,
  path: string,
  body: Record<string, string> = {},
): Promise<Response> {
  const headers = new Headers(request.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  return handleAuthRequest(
    auth,
    new Request(new URL(`${AUTH_BASE_PATH}${path}`, siteUrl), {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    }),
  );
}

/** The Set-Cookie headers of an auth response, to pass on with a redirect. */
export function authCookieHeaders(response: Response): Headers {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) {
    headers.append("set-cookie", cookie);
  }
  return headers;
}

/** The sign-in form, as the page's action reads it (the browser checks the same with required/maxLength). */
export const signInFormSchema = z.object({
  email: z.string().trim().min(1, "Enter your email address.").max(254),
  password: z.string().min(1, "Enter your password.").max(PASSWORD_LENGTH.max),
});
