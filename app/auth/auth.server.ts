// The authentication backend: better-auth over our one drizzle database.
// Email and password only, sessions in the `sessions` table, public sign-up
// refused (one owner: see docs/decisions/007-auth.md and docs/AUTH.md).
import { randomBytes } from "node:crypto";

import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { betterAuth } from "better-auth/minimal";
import { eq } from "drizzle-orm";

import { defaultSettings } from "~/config/default-settings";
import type { Database } from "~database/client";
import {
  accounts,
  authRateLimits,
  sessions,
  siteSecrets,
  users,
  verifications,
} from "~database/schema";
import { errorMessage } from "~shared/error-message";
import type { Logger } from "~shared/logger";

import { guardAuth } from "./hash-slots.server";
import { endResetLinks, queueResetMail } from "./reset.server";
import type { ResetMail } from "./reset.server";
import { PASSWORD_LENGTH, RESET_LINK_MINUTES } from "./rules";

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
  /** Where sign-in is accepted from (SIGN_IN_ORIGINS); SITE_URL's origin when not given. */
  trustedOrigins?: string[];
  /**
   * The mail outbox (set with SMTP_URL): "Forgot your password?" mails the
   * owner a reset link through it. Unset, reset by mail is off.
   */
  mail?: ResetMail;
  /** Signs the session cookie; see resolveAuthSecret(). */
  secret: string;
  logger?: Logger;
}

/** Builds the auth instance for a database; the server puts it on every request's services. */
export function createAuth(db: Database, settings: AuthSettings) {
  const { logger, mail } = settings;
  const auth = betterAuth({
    // Shown only by features this site leaves off (two-factor apps name it);
    // fixed when the instance starts, so the demo name does.
    appName: `Live ${defaultSettings.productName}`,
    baseURL: settings.siteUrl,
    basePath: AUTH_BASE_PATH,
    secret: settings.secret,
    trustedOrigins: settings.trustedOrigins ?? [settings.siteUrl],
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
      ...(mail && {
        resetPasswordTokenExpiresIn: RESET_LINK_MINUTES * 60,
        revokeSessionsOnPasswordReset: true,
        // The link used is spent; the others mailed with it end here too.
        onPasswordReset: ({ user }) => endResetLinks(db, user.id),
        // Not awaited: the answer is the same, as soon, whoever is asked for.
        sendResetPassword: ({ user, token }) => {
          queueResetMail(db, mail, settings.siteUrl, user.id, token).catch(
            (error: unknown) =>
              logger?.warn("could not queue a password reset mail", {
                error: errorMessage(error),
              }),
          );
          return Promise.resolve();
        },
      }),
      // better-auth's default hash is scrypt (N=16384, r=16: 32 MiB per hash), a memory-hard KDF.
    },
    databaseHooks: {
      account: {
        update: {
          // A password changed on the account screen ends every reset link
          // mailed before it (a reset itself is handled by onPasswordReset).
          after: async (account) => {
            if (account.password) await endResetLinks(db, account.userId);
          },
        },
      },
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
        "/request-password-reset": { window: 15 * 60, max: 3 },
        "/reset-password": { ...SIGN_IN_LIMIT },
      },
    },
    // Endpoints the site has no use for (no profile editing, no social sign-in, no mail but the reset link).
    disabledPaths: [
      "/update-user",
      "/change-email",
      "/delete-user",
      "/update-session",
      ...(mail ? [] : ["/request-password-reset", "/reset-password"]),
      "/send-verification-email",
      "/verify-email",
      "/sign-in/social",
      "/link-social",
      "/unlink-account",
      // Checks a password without a sign-in's limits; the site has no use for it.
      "/verify-password",
    ],
    advanced: {
      // better-auth turns its origin and CSRF checks off by itself when
      // NODE_ENV is 'test' or a TEST variable is set; a stray variable on a
      // server must not do that.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      useSecureCookies: settings.siteUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    // An unexpected error (a failed query) comes back to handleAuthRequest,
    // which logs its reason only: better-call would print the whole error,
    // and a failed query's error carries its parameters (a session token).
    onAPIError: { throw: true },
    telemetry: { enabled: false },
    logger: logger
      ? {
          log(level, message, ...details: unknown[]) {
            logger[level](
              `auth: ${message}`,
              details.length ? { details: details.map(loggable) } : {},
            );
          },
        }
      : { disabled: true },
  });
  guardAuth(auth, { db, logger, siteUrl: settings.siteUrl });
  return auth;
}

export type SiteAuth = ReturnType<typeof createAuth>;

/**
 * What of a better-auth log detail may be written: a failed query's error
 * carries the statement's parameters (a session token, a password hash), so
 * an error is logged by the driver's reason only and other objects not at all.
 */
function loggable(detail: unknown): unknown {
  if (detail instanceof Error) return errorMessage(detail);
  if (detail === null || typeof detail !== "object") return detail;
  return "[object not logged]";
}

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
