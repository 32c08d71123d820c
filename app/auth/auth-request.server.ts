// One request through better-auth, with the site's guards around it: JSON
// bodies only, the hash slots, the per-account failure count and clearer
// refusals (docs/AUTH.md).
import { countRequest, readCount } from "~database/request-counts";
import { errorMessage } from "~shared/error-message";

import { textField } from "./text-field";
import { AUTH_BASE_PATH, SIGN_IN_LIMIT } from "./auth.server";
import type { SiteAuth } from "./auth.server";
import {
  busyResponse,
  guardOf,
  HASHING_PATHS,
  releaseSlot,
  takeSlot,
} from "./hash-slots.server";
import type { Guard } from "./hash-slots.server";

/**
 * Failed sign-ins allowed per account (the email address tried, whether or
 * not it has an account) and window, from all addresses together: many
 * addresses guessing one password share this budget.
 */
export const ACCOUNT_FAILURE_LIMIT = {
  windowMs: 15 * 60_000,
  max: 10,
} as const;

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
  const guard = guardOf(auth);
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
