// The browser's side of sessions (docs/AUTH.md): a
// small store over the few better-auth endpoints the site uses. better-auth's
// own client (better-auth/react) would add several times this module's size
// to every page for features the site does not use. Every page looks the session up; signing
// up, in and out (./auth-operations.ts) load when first asked for.
import { textField } from "./text-field";

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
   * Starts following the session: the first lookup in the next task, and another lookup
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

/** What the operations (./auth-operations.ts) use of a store. */
export interface SessionInternals {
  send: typeof fetch;
  basePath: string;
  refresh(): Promise<SessionState>;
  signedOut(): void;
  /** Tells the site's other tabs to look the session up again. */
  announce(): void;
}

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

  async function refresh(): Promise<SessionState> {
    // Any failure (offline, an error answer, a body that is not a session)
    // reads as signed out; the visitor sees nothing of it.
    const found = await send(`${basePath}/get-session`, {
      credentials: "same-origin",
      cache: "no-store",
    })
      .then((response) => (response.ok ? response.json() : null))
      .then(parseSession, () => null);
    update({
      user: found?.user ?? null,
      session: found?.session ?? null,
      loading: false,
    });
    return state;
  }

  const session: SessionInternals = {
    send,
    basePath,
    refresh,
    signedOut: () => update({ user: null, session: null, loading: false }),
    announce: () => tabs?.postMessage("changed"),
  };

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    connect() {
      // In a task of its own: a page's first fetch costs the browser more
      // than the other effects of its first render together, and they all
      // run in one task that cannot yield (decision 048). A lookup after a
      // stop only updates a store nobody follows.
      setTimeout(() => void refresh());
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
    // Signing up, in and out happen on a few screens only: their code loads
    // when first used, not with every page.
    async signUp(email, password, options) {
      const operations = await import("./auth-operations");
      return operations.signUp(session, email, password, options);
    },
    async signIn(email, password) {
      const operations = await import("./auth-operations");
      return operations.signIn(session, email, password);
    },
    async signOut() {
      const operations = await import("./auth-operations");
      return operations.signOut(session);
    },
  };
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
