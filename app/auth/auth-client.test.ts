// The session context's store against the real auth backend: requests go
// straight to better-auth's handler, with a small cookie jar standing in for
// the browser's.
import { beforeEach, expect, test, vi } from "vitest";

import { toast } from "~/lib/toast";
import {
  authDatabasePerFile,
  TEST_SITE_URL,
  uniqueEmail,
} from "~tests/support/auth";

import { createSessionStore } from "./auth-client";
import { handleAuthRequest } from "./auth-request.server";
import type { SiteAuth } from "./auth.server";
import { createOwner } from "./owner.server";

vi.mock("~/lib/toast", () => ({ toast: vi.fn() }));
// The toast mock records calls across tests; each test reads only its own.
beforeEach(() => vi.mocked(toast).mockClear());

const database = authDatabasePerFile();
const password = "a long enough secret";

/** fetch as a browser on the site would do it: same origin, cookies kept. */
function browserFetch(auth: SiteAuth): typeof fetch {
  const jar = new Map<string, string>();
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set("origin", TEST_SITE_URL);
    if (jar.size > 0) {
      headers.set(
        "cookie",
        [...jar].map(([name, value]) => `${name}=${value}`).join("; "),
      );
    }
    const url = new URL(String(input), TEST_SITE_URL);
    const response = await handleAuthRequest(
      auth,
      new Request(url, { ...init, headers }),
    );
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = cookie.split(";");
      const [name = "", value = ""] = pair.split(/=(.*)/s);
      const expired = attributes.some((part) => /max-age=0\b/i.test(part));
      if (expired || value === "") jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  };
}

test("loading lasts until the first lookup; then a visitor has no user or session", async () => {
  const { auth } = await database("pglite");
  const store = createSessionStore({ fetch: browserFetch(auth) });
  expect(store.getSnapshot()).toEqual({
    user: null,
    session: null,
    loading: true,
  });
  const listener = vi.fn();
  store.subscribe(listener);
  await store.refresh();
  expect(store.getSnapshot()).toEqual({
    user: null,
    session: null,
    loading: false,
  });
  expect(listener).toHaveBeenCalled();
});

test("sign in fills user and session, sign out clears them, and other tabs follow", async () => {
  const { db, auth } = await database("pglite");
  const email = uniqueEmail();
  const { userId } = await createOwner(db, { email, password });
  // Two tabs of one browser: one cookie jar, one BroadcastChannel name.
  const browser = browserFetch(auth);
  const tab = createSessionStore({ fetch: browser });
  const otherTab = createSessionStore({ fetch: browser });
  const disconnect = [tab.connect(), otherTab.connect()];
  try {
    await expect.poll(() => otherTab.getSnapshot().loading).toBe(false);

    const signedIn = await tab.signIn(email, password);
    expect(signedIn.error).toBeNull();
    expect(signedIn.user).toMatchObject({ id: userId, email, role: "owner" });
    expect(signedIn.session).toMatchObject({ userId });
    expect(tab.getSnapshot()).toMatchObject({
      user: { email },
      loading: false,
    });
    expect(
      JSON.stringify(tab.getSnapshot()),
      "the session token stays in its httpOnly cookie",
    ).not.toMatch(/token/i);
    await expect.poll(() => otherTab.getSnapshot().user?.email).toBe(email);

    expect(await tab.signOut()).toEqual({ error: null });
    expect(tab.getSnapshot()).toEqual({
      user: null,
      session: null,
      loading: false,
    });
    await expect.poll(() => otherTab.getSnapshot().user).toBeNull();
    await tab.refresh();
    expect(tab.getSnapshot().user, "the server agrees").toBeNull();
    expect(toast).not.toHaveBeenCalled();
  } finally {
    for (const stop of disconnect) stop();
  }
});

test("a failed sign in shows 'Sign in Failed' with the server's message and returns the error", async () => {
  const { db, auth } = await database("pglite");
  const email = uniqueEmail();
  await createOwner(db, { email, password });
  const store = createSessionStore({ fetch: browserFetch(auth) });

  const result = await store.signIn(email, "not the password");
  expect(result).toEqual({
    error: {
      message: "Invalid email or password",
      status: 401,
      code: "INVALID_EMAIL_OR_PASSWORD",
    },
    user: null,
    session: null,
  });
  expect(toast).toHaveBeenCalledExactlyOnceWith({
    title: "Sign in Failed",
    description: "Invalid email or password",
    variant: "destructive",
  });
});

test("sign up is offered but refused by the server: 'Sign up Failed' with its message", async () => {
  const { auth } = await database("pglite");
  const store = createSessionStore({ fetch: browserFetch(auth) });

  const result = await store.signUp(uniqueEmail("visitor"), password, {
    name: "Visitor",
  });
  expect(result.error).toMatchObject({
    message: "Email and password sign up is not enabled",
    status: 400,
  });
  expect(result.user).toBeNull();
  expect(toast).toHaveBeenCalledExactlyOnceWith({
    title: "Sign up Failed",
    description: "Email and password sign up is not enabled",
    variant: "destructive",
  });
  expect(store.getSnapshot().user).toBeNull();
});

test("a failure without a message falls back to 'Something went wrong'", async () => {
  const offline: typeof fetch = () => Promise.reject(new Error(""));
  const store = createSessionStore({ fetch: offline });
  expect(await store.signOut()).toEqual({
    error: { message: "Something went wrong", status: 0 },
  });
  expect(toast).toHaveBeenCalledExactlyOnceWith({
    title: "Sign out Failed",
    description: "Something went wrong",
    variant: "destructive",
  });

  const failing: typeof fetch = () =>
    Promise.resolve(new Response("Internal Server Error", { status: 500 }));
  const result = await createSessionStore({ fetch: failing }).signIn(
    "owner@example.test",
    password,
  );
  expect(result.error).toEqual({
    message: "Something went wrong",
    status: 500,
  });
});
