// The browser's side of sessions (docs/AUTH.md): a
// small store over the few better-auth endpoints the site uses. better-auth's
// own client (better-auth/react) would add about 12 KB gzip to every page for
// features the site does not use; this is well under 1 KB.
import { toast } from "~/lib/toast";

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: string;
}

export interface ClientSession {
  id: string;
  userId: string;
  /** ISO 8601. */
  expiresAt: string;
}

export interface AuthError {
  message: string;
  /** The HTTP status; 0 when the request never got an answer. */
  status: number;
  code?: string;
}

export interface SessionState {
  user: SessionUser | null;
  session: ClientSession | null;
  /** True until the first session lookup ends. */
  loading: boolean;
}

export interface AuthResult {
  error: AuthError | null;
  user: SessionUser | null;
  session: ClientSession | null;
}

export interface SignUpOptions {
  /** The account's display name; the email's local part when omitted. */
  name?: string;
}

export interface SessionStore {
  getSnapshot(): SessionState;
  subscribe(listener: () => void): () => void;
  /**
   * Starts following the session: the first lookup now, and another lookup
   * whenever another tab of the site signs in or out. Returns the stop function.
   */
  connect(): () => void;
  /** Looks the session up again. */
  refresh(): Promise<SessionState>;
  signUp(
    email: string,
    password: string,
    options?: SignUpOptions,
  ): Promise<AuthResult>;
  signIn(email: string, password: string): Promise<AuthResult>;
  signOut(): Promise<{ error: AuthError | null }>;
}

export interface SessionStoreOptions {
  fetch?: typeof fetch;
  basePath?: string;
}

export const AUTH_FALLBACK_MESSAGE = "Something went wrong";

/** Tabs of the site tell each other when someone signs in or out. */
const TABS_CHANNEL = "site-auth";

export const initialSessionState: SessionState = {
  user: null,
  session: null,
  loading: true,
};

export function createSessionStore({
  fetch: send = (...args) => fetch(...args),
  basePath = "/api/auth",
}: SessionStoreOptions = {}): SessionStore {
  let state = initialSessionState;
  const listeners = new Set<() => void>();
  let tabs: BroadcastChannel | null = null;

  function update(next: SessionState) {
    state = next;
    for (const listener of listeners) listener();
  }

  async function call(
    path: string,
    body?: Record<string, string>,
  ): Promise<{ response: Response | null; error: AuthError | null }> {
    try {
      const response = await send(`${basePath}${path}`, {
        method: body ? "POST" : "GET",
        headers: body ? { "content-type": "application/json" } : undefined,
        body: body ? JSON.stringify(body) : undefined,
        credentials: "same-origin",
        cache: "no-store",
      });
      return response.ok
        ? { response, error: null }
        : { response, error: await readAuthError(response) };
    } catch (caught) {
      const message = caught instanceof Error ? caught.message : "";
      return {
        response: null,
        error: { message: message || AUTH_FALLBACK_MESSAGE, status: 0 },
      };
    }
  }

  function failed(title: string, error: AuthError): AuthResult {
    toast({ title, description: error.message, variant: "destructive" });
    return { error, user: null, session: null };
  }

  async function refresh(): Promise<SessionState> {
    const { response, error } = await call("/get-session");
    const found =
      response && !error
        ? parseSession(await response.json().catch(() => null))
        : null;
    update({
      user: found?.user ?? null,
      session: found?.session ?? null,
      loading: false,
    });
    return state;
  }

  async function signedIn(): Promise<AuthResult> {
    await refresh();
    tabs?.postMessage("changed");
    return { error: null, user: state.user, session: state.session };
  }

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    connect() {
      void refresh();
      if (typeof BroadcastChannel === "undefined") return () => {};
      const channel = new BroadcastChannel(TABS_CHANNEL);
      channel.addEventListener("message", () => void refresh());
      tabs = channel;
      return () => {
        if (tabs === channel) tabs = null;
        channel.close();
      };
    },
    refresh,
    async signUp(email, password, options = {}) {
      const name = options.name ?? email.split("@")[0] ?? email;
      const { error } = await call("/sign-up/email", { email, password, name });
      return error ? failed("Sign up Failed", error) : signedIn();
    },
    async signIn(email, password) {
      const { error } = await call("/sign-in/email", { email, password });
      return error ? failed("Sign in Failed", error) : signedIn();
    },
    async signOut() {
      const { error } = await call("/sign-out", {});
      if (error) return { error: failed("Sign out Failed", error).error };
      update({ user: null, session: null, loading: false });
      tabs?.postMessage("changed");
      return { error: null };
    },
  };
}

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

function textField(value: unknown, key: string): string | undefined {
  if (typeof value !== "object" || value === null || !(key in value)) {
    return undefined;
  }
  const field: unknown = (value as Record<string, unknown>)[key];
  return typeof field === "string" ? field : undefined;
}

/** Keeps only what the page needs from better-auth's answer (never the session token). */
function parseSession(
  body: unknown,
): { user: SessionUser; session: ClientSession } | null {
  if (typeof body !== "object" || body === null) return null;
  const { user, session } = body as Record<string, unknown>;
  const id = textField(user, "id");
  const email = textField(user, "email");
  const sessionId = textField(session, "id");
  const expiresAt = textField(session, "expiresAt");
  if (!id || !email || !sessionId || !expiresAt) return null;
  return {
    user: {
      id,
      email,
      name: textField(user, "name") ?? "",
      role: textField(user, "role") ?? "reader",
    },
    session: { id: sessionId, userId: id, expiresAt },
  };
}
