import type { AddressInfo } from "node:net";

import express from "express";
import { expect, test } from "vitest";

import { CLIENT_ADDRESS_HEADER, SIGN_IN_LIMIT } from "~/auth/auth.server";
import { createOwner } from "~/auth/owner.server";
import {
  authDatabasePerFile,
  TEST_SITE_URL,
  uniqueEmail,
} from "~tests/support/auth";

import { authRoutes, clientAddress } from "./auth-route";

const database = authDatabasePerFile();
const password = "a long enough secret";
// This project's port range for servers a test starts itself.
const PORT = 5411;

/** The auth API as the site mounts it, listening until the journey is done. */
async function withAuthServer(
  journey: (url: string, email: string) => Promise<void>,
) {
  const { db, auth } = await database("pglite");
  const email = uniqueEmail();
  await createOwner(db, { email, password });
  const app = express();
  app.use(clientAddress());
  app.use(authRoutes(auth, TEST_SITE_URL));
  const server = app.listen(PORT, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    await journey(`http://127.0.0.1:${port}`, email);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

test("sign-in through the mounted route sets the session cookie", async () => {
  await withAuthServer(async (url, email) => {
    const response = await fetch(`${url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_SITE_URL },
      body: JSON.stringify({ email, password }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.getSetCookie()).toEqual([
      expect.stringMatching(/^better-auth\.session_token=.+; HttpOnly/),
    ]);
  });
});

test("no answer hands the session token to script: sign-in and get-session leave it out", async () => {
  await withAuthServer(async (url, email) => {
    const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_SITE_URL },
      body: JSON.stringify({ email, password }),
    });
    const cookie = signIn.headers.getSetCookie()[0]?.split(";")[0] ?? "";
    const token = decodeURIComponent(cookie.split("=")[1] ?? "").split(".")[0];
    expect(token).not.toBe("");
    const signedIn = await signIn.text();
    expect(JSON.parse(signedIn)).toMatchObject({ user: { email } });
    expect(signedIn).not.toContain(token);

    const session = await fetch(`${url}/api/auth/get-session`, {
      headers: { cookie, origin: TEST_SITE_URL },
    });
    const text = await session.text();
    const body = JSON.parse(text) as { session: object; user: object };
    expect(body.user).toMatchObject({ email });
    expect(body.session).not.toHaveProperty("token");
    expect(text).not.toContain(token);
    expect(Number(session.headers.get("content-length"))).toBe(
      Buffer.byteLength(text),
    );
  });
});

test("a client cannot pick its own rate-limit address", async () => {
  await withAuthServer(async (url, email) => {
    const statuses: number[] = [];
    for (let count = 0; count <= SIGN_IN_LIMIT.max; count += 1) {
      const response = await fetch(`${url}/api/auth/sign-in/email`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          [CLIENT_ADDRESS_HEADER]: `203.0.113.${count}`,
          "x-forwarded-for": `203.0.114.${count}`,
        },
        body: JSON.stringify({ email, password: "guessing wrong" }),
      });
      statuses.push(response.status);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});

test("an oversized body is refused with 413 before better-auth reads it", async () => {
  await withAuthServer(async (url) => {
    const response = await fetch(`${url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "x".repeat(20_000), password }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      message: "request entity too large",
    });
  });
});
