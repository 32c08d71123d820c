// Signing up, in and out (docs/AUTH.md), loaded by the session store the
// first time one is asked for: only the sign-in screen and the studio use
// them. Each failure shows its toast and returns the error.
import { toast } from "~/lib/toast";

import { textField } from "./text-field";
import type {
  AuthError,
  AuthResult,
  SessionInternals,
  SignUpOptions,
} from "./auth-client";

export const AUTH_FALLBACK_MESSAGE = "Something went wrong";

/** The error of a failed auth response: its message, or a general fallback. */
export async function readAuthError(response: Response): Promise<AuthError> {
  const body: unknown = await response.json().catch(() => null);
  const message = textField(body, "message");
  const code = textField(body, "code");
  return {
    message: message || AUTH_FALLBACK_MESSAGE,
    status: response.status,
    ...(code ? { code } : {}),
  };
}

async function post(
  session: SessionInternals,
  path: string,
  body: Record<string, string>,
): Promise<AuthError | null> {
  try {
    const response = await session.send(`${session.basePath}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
      cache: "no-store",
    });
    return response.ok ? null : await readAuthError(response);
  } catch (caught) {
    const message = caught instanceof Error ? caught.message : "";
    return { message: message || AUTH_FALLBACK_MESSAGE, status: 0 };
  }
}

function failed(title: string, error: AuthError): AuthResult {
  toast({ title, description: error.message, variant: "destructive" });
  return { error, user: null, session: null };
}

async function signedIn(session: SessionInternals): Promise<AuthResult> {
  const state = await session.refresh();
  session.announce();
  return { error: null, user: state.user, session: state.session };
}

export async function signUp(
  session: SessionInternals,
  email: string,
  password: string,
  options: SignUpOptions = {},
): Promise<AuthResult> {
  const name = options.name ?? email.split("@")[0] ?? email;
  const error = await post(session, "/sign-up/email", {
    email,
    password,
    name,
  });
  return error ? failed("Sign up Failed", error) : signedIn(session);
}

export async function signIn(
  session: SessionInternals,
  email: string,
  password: string,
): Promise<AuthResult> {
  const error = await post(session, "/sign-in/email", { email, password });
  return error ? failed("Sign in Failed", error) : signedIn(session);
}

export async function signOut(
  session: SessionInternals,
): Promise<{ error: AuthError | null }> {
  const error = await post(session, "/sign-out", {});
  if (error) return { error: failed("Sign out Failed", error).error };
  session.signedOut();
  session.announce();
  return { error: null };
}
