import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from "react";
import type { ReactNode } from "react";

import { createSessionStore, initialSessionState } from "./auth-client";
import type { SessionState, SessionStore } from "./auth-client";

export type {
  AuthError,
  AuthResult,
  ClientSession,
  SessionUser,
  SignUpOptions,
} from "./auth-client";

export interface SessionContextValue extends SessionState {
  signUp: SessionStore["signUp"];
  signIn: SessionStore["signIn"];
  signOut: SessionStore["signOut"];
}

const SessionContext = createContext<SessionStore | null>(null);

const serverSnapshot = () => initialSessionState;

/**
 * The session state (docs/AUTH.md): `loading` stays true until the first lookup,
 * one small request made after hydration (nothing during server rendering).
 * Every sign up, sign in and sign out, here or in another tab, updates it.
 * The context holds the store, which never changes: a lookup's answer
 * re-renders only the parts that read the session, not the page around them.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => createSessionStore());
  useEffect(() => store.connect(), [store]);
  return <SessionContext value={store}>{children}</SessionContext>;
}

/** The session state and the three operations; each failure shows its toast and returns the error. */
export function useSession(): SessionContextValue {
  const store = useContext(SessionContext);
  if (!store) {
    throw new Error("useSession must be used inside <SessionProvider>");
  }
  const state = useSyncExternalStore(
    store.subscribe,
    store.getSnapshot,
    serverSnapshot,
  );
  return useMemo(
    () => ({
      ...state,
      signUp: store.signUp,
      signIn: store.signIn,
      signOut: store.signOut,
    }),
    [state, store],
  );
}
