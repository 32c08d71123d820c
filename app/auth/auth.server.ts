// The authentication backend: better-auth over our one drizzle database.
// Email and password only, sessions in the `sessions` table, public sign-up
// refused (one owner: see docs/decisions/007-auth.md and docs/AUTH.md).
import { randomBytes } from "node:crypto";

import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { betterAuth } from "better-auth/minimal";
import { eq } from "drizzle-orm";
import { z } from "zod";

import { defaultSettings } from "~/config/default-settings";
import type { SiteSettings } from "~/config/site";
import type { Database } from "~database/client";
import {
  accounts,
  authRateLimits,
  mailOutbox,
  sessions,
  siteSecrets,
  users,
  verifications,
} from "~database/schema";
import { countRequest, readCount } from "~database/request-counts";
import { errorMessage } from "~shared/error-message";
import type { Logger } from "~shared/logger";

import { textField } from "./auth-client";
import { PASSWORD_LENGTH, RESET_LINK_MINUTES } from "./rules";

export const AUTH_BASE_PATH = "/api/auth";
/** The site's page a mailed reset link opens (`?token=…`). */
export const RESET_PASSWORD_PATH = "/reset-password";
/**
 * The client's address, as the HTTP server determined it (the connection, or
 * the trusted proxy's report). The server sets it on every request, replacing
 * whatever a client sent, and the rate limiter keys on it.
 */
export const CLIENT_ADDRESS_HEADER = "x-site-client-address";
/** Sign-in attempts allowed per client address and window (seconds). */
export const SIGN_IN_LIMIT = { window: 60, max: 5 } as const;
/**
 * Failed sign-ins allowed per account (the email address tried, whether or
 * not it has an account) and window, from all addresses together: many
 * addresses guessing one password share this budget.
 */
export const ACCOUNT_FAILURE_LIMIT = {
  windowMs: 15 * 60_000,
  max: 10,
} as const;
/**
 * Password hashes (scrypt, 32 MiB and tens of milliseconds of a CPU each)
 * running at once in one process. A hash runs on Node's thread pool, beside
 * the main thread that serves every page: one at a time leaves a small
 * machine's other core to the visitors (the sign-in-load drill shows
 * pages slowing sharply with two on two cores). Past the bound a sign-in is
 * answered 503 at once rather than queued; one owner signing in never
 * notices.
 */
export const HASHES_AT_ONCE = 1;
/**
 * Sign-ins that may wait for a hash to finish (a few people, or test
 * workers, signing in at the same moment); past them, 503 at once.
 */
export const SIGN_INS_WAITING = 4;
/** Endpoints that hash a password. */
export const HASHING_PATHS: ReadonlySet<string> = new Set([
  "/sign-in/email",
  "/sign-up/email",
  "/change-password",
  "/set-password",
  "/reset-password",
]);

/** The mail outbox, and the settings as saved, which the reset mail's subject names. */
export interface ResetMail {
  nudge(): void;
  settings(): Promise<Pick<SiteSettings, "productName">>;
}

/** Reset mails one account may be sent per window, whoever asks. */
const RESET_MAILS = { windowMs: 60 * 60_000, max: 3 } as const;

/**
 * Queues the reset link for the owner (nobody else has a password to
 * reset), at most RESET_MAILS an hour, through the mail outbox.
 */
async function queueResetMail(
  db: Database,
  mail: ResetMail,
  siteUrl: string,
  userId: string,
  token: string,
) {
  const [user] = await db
    .select({ email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, userId));
  if (user?.role !== "owner") return;
  const sent = await countRequest(
    db,
    `reset-mail:${user.email}`,
    RESET_MAILS.windowMs,
  );
  if (sent.count > RESET_MAILS.max) return;
  const { productName } = await mail.settings();
  await db.insert(mailOutbox).values({
    recipient: user.email,
    subject: `Choose a new password for Live ${productName}`,
    body: [
      `Someone (we hope you) asked to reset the owner's password at ${siteUrl}.`,
      "",
      `To choose a new one, open this link within ${RESET_LINK_MINUTES} minutes. It works once:`,
      `${siteUrl}${RESET_PASSWORD_PATH}?token=${token}`,
      "",
      "If it was not you, ignore this mail: your password stays as it is.",
    ].join("\n"),
  });
  mail.nudge();
}

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
  guards.set(auth, {
    db,
    logger,
    siteUrl: settings.siteUrl,
    hashing: 0,
    waiting: [],
  });
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

/** Per auth instance: its database (for the per-account counts) and the hashes running now. */
interface Guard {
  db: Database;
  logger: Logger | undefined;
  siteUrl: string;
  /** Hashes running now. */
  hashing: number;
  /** Sign-ins waiting for a slot, first come first served. */
  waiting: Array<() => void>;
}
const guards = new WeakMap<SiteAuth, Guard>();

/** A slot to hash in, now or after those waiting; undefined when the queue is full too. */
function takeSlot(guard: Guard): Promise<void> | undefined {
  if (guard.hashing < HASHES_AT_ONCE) {
    guard.hashing += 1;
    return Promise.resolve();
  }
  if (guard.waiting.length >= SIGN_INS_WAITING) return undefined;
  // The slot passes straight from the one finishing (releaseSlot) to this one.
  return new Promise((resolve) => guard.waiting.push(resolve));
}

function releaseSlot(guard: Guard) {
  const next = guard.waiting.shift();
  if (next) next();
  else guard.hashing -= 1;
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

/** True while this auth instance already runs as many password hashes as it may: another sign-in would be refused. */
export function hashingAtCapacity(auth: SiteAuth): boolean {
  const guard = guards.get(auth);
  return (
    guard !== undefined &&
    guard.hashing >= HASHES_AT_ONCE &&
    guard.waiting.length >= SIGN_INS_WAITING
  );
}

/** Endpoints where a wrong password counts against the account. */
const PASSWORD_CHECKING_PATHS: ReadonlySet<string> = new Set([
  "/sign-in/email",
  "/change-password",
]);

/**
 * Runs one request through better-auth: bodies in JSON only (415 otherwise),
 * at most HASHES_AT_ONCE password hashes at a time and SIGN_INS_WAITING
 * waiting (503 with Retry-After past that), at most ACCOUNT_FAILURE_LIMIT
 * wrong passwords per account, and a rate-limited answer with a clearer
 * message.
 */
export async function handleAuthRequest(
  auth: SiteAuth,
  request: Request,
): Promise<Response> {
  // better-auth also reads form and multipart bodies; the site sends JSON
  // only, and one encoding means the account counted below is the account
  // better-auth signs in.
  if (request.body !== null && !isJson(request.headers.get("content-type")))
    return notJson();
  const path = new URL(request.url).pathname.slice(AUTH_BASE_PATH.length);
  const guard = guards.get(auth);
  if (!guard || request.method !== "POST" || !HASHING_PATHS.has(path))
    return clearerLimit(await answer(auth, request, guard));
  // Taken before anything is awaited, so the bound is exact.
  const slot = takeSlot(guard);
  if (!slot) return busyResponse();
  await slot;
  try {
    const account = PASSWORD_CHECKING_PATHS.has(path)
      ? await accountOf(auth, request, path)
      : undefined;
    const key = account && `sign-in-failures:${account}`;
    if (key) {
      const failures = await readCount(guard.db, key);
      if (failures && failures.count >= ACCOUNT_FAILURE_LIMIT.max)
        return tooManyAttempts(
          Math.ceil((failures.resetAt.getTime() - Date.now()) / 1000),
        );
    }
    const response = await answer(auth, request, guard);
    if (key && (await wrongPassword(response)))
      await countRequest(guard.db, key, ACCOUNT_FAILURE_LIMIT.windowMs);
    return clearerLimit(response);
  } finally {
    releaseSlot(guard);
  }
}

/** better-auth's answer; an unexpected error is logged by its reason only and answered 500. */
async function answer(
  auth: SiteAuth,
  request: Request,
  guard: Guard | undefined,
): Promise<Response> {
  try {
    return elsewhere(await auth.handler(request), guard);
  } catch (error) {
    guard?.logger?.error("auth: request failed", {
      path: new URL(request.url).pathname,
      error: errorMessage(error),
    });
    return Response.json(
      {
        code: "INTERNAL_SERVER_ERROR",
        message: "Something went wrong. Please try again in a moment.",
      },
      { status: 500, headers: { "Cache-Control": "no-store" } },
    );
  }
}

/** better-auth's "Invalid origin" says where to sign in instead. */
async function elsewhere(
  response: Response,
  guard: Guard | undefined,
): Promise<Response> {
  if (response.status !== 403 || !guard) return response;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  if (textField(body, "code") !== "INVALID_ORIGIN") return response;
  return Response.json(
    { code: "INVALID_ORIGIN", message: signInElsewhere(guard.siteUrl) },
    { status: 403, headers: response.headers },
  );
}

/** What a sign-in from an address the site does not sign in at is told. */
export function signInElsewhere(siteUrl: string): string {
  return `This site signs in at ${siteUrl}. Please open ${siteUrl}/sign-in and sign in there.`;
}

/** A JSON media type, as better-call reads one (application/json, application/x+json). */
function isJson(contentType: string | null): boolean {
  const type = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  return /^application\/([a-z0-9.+-]*\+)?json$/.test(type);
}

function notJson(): Response {
  return Response.json(
    {
      code: "UNSUPPORTED_MEDIA_TYPE",
      message:
        "Please send the request as JSON (Content-Type: application/json).",
    },
    { status: 415, headers: { "Cache-Control": "no-store" } },
  );
}

/** Whether better-auth refused the password: 401 for a sign-in, 400 INVALID_PASSWORD for a change. */
async function wrongPassword(response: Response): Promise<boolean> {
  if (response.status === 401) return true;
  if (response.status !== 400) return false;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  return textField(body, "code") === "INVALID_PASSWORD";
}

/**
 * The account a password is checked for, trimmed and in lower case: the
 * email a sign-in names (whether or not it has an account), or the signed-in
 * account's for a password change; undefined when there is none.
 */
async function accountOf(
  auth: SiteAuth,
  request: Request,
  path: string,
): Promise<string | undefined> {
  let email: string | undefined;
  if (path === "/sign-in/email") {
    const body: unknown = await request
      .clone()
      .json()
      .catch(() => null);
    email = textField(body, "email");
  } else {
    const session = await auth.api
      .getSession({ headers: request.headers })
      .catch(() => null);
    email = session?.user.email;
  }
  return email?.trim().toLowerCase().slice(0, 254) || undefined;
}

function clearerLimit(response: Response): Response {
  if (response.status !== 429) return response;
  return tooManyAttempts(
    Number(response.headers.get("x-retry-after")) || SIGN_IN_LIMIT.window,
  );
}

function tooManyAttempts(retryAfter: number): Response {
  const seconds = Math.max(1, retryAfter);
  return Response.json(
    {
      code: "TOO_MANY_REQUESTS",
      message: `Too many attempts. Please wait ${seconds} seconds and try again.`,
    },
    {
      status: 429,
      headers: {
        "Retry-After": String(seconds),
        "Cache-Control": "no-store",
      },
    },
  );
}

/** Seconds a sign-in refused for load is told to wait: a hash takes well under one. */
const BUSY_RETRY_SECONDS = 2;

export function busyResponse(): Response {
  return Response.json(
    {
      code: "BUSY",
      message: `The server is busy with other sign-ins. Please try again in ${BUSY_RETRY_SECONDS} seconds.`,
    },
    {
      status: 503,
      headers: {
        "Retry-After": String(BUSY_RETRY_SECONDS),
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
  body: Record<string, string | boolean> = {},
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
