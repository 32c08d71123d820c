// The auth API called from a page's action: the sign-in, first-day, reset
// and account forms sent without JavaScript go through the same handler.
import { z } from "zod";

import { handleAuthRequest } from "./auth-request.server";
import { AUTH_BASE_PATH } from "./auth.server";
import type { SiteAuth } from "./auth.server";
import { PASSWORD_LENGTH } from "./rules";

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
