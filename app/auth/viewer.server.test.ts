import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import { site } from "~/config/site";
import { sessions, users } from "~database/schema";
import {
  authDatabasePerFile,
  signInCookie,
  uniqueEmail,
} from "~tests/support/auth";
import { testDatabaseKinds } from "~tests/support/database";

import { createOwner } from "./owner.server";
import { checkOwner, getViewer, isOwner } from "./viewer.server";

const database = authDatabasePerFile();
const password = "a long enough secret";

function pageRequest(cookie?: string): Request {
  return new Request("http://localhost:5400/post/first-light-on-the-ridge", {
    method: "POST",
    headers: cookie ? { cookie } : {},
  });
}

describe.each(testDatabaseKinds)("the viewer on %s", (kind) => {
  test("a signed-in owner is the viewer and passes the role gate", async () => {
    const { db, auth } = await database(kind);
    const email = uniqueEmail();
    const { userId } = await createOwner(db, { email, password });
    const cookie = await signInCookie(auth, email, password);

    const viewer = await getViewer(pageRequest(cookie), auth);
    expect(viewer).toEqual({
      id: userId,
      email,
      name: site.ownerName,
      role: "owner",
    });
    expect(isOwner(viewer)).toBe(true);
    expect(await checkOwner(pageRequest(cookie), auth)).toEqual({
      ok: true,
      owner: viewer,
    });
  });

  test("a visitor without a session is anonymous and refused with 401", async () => {
    const { auth } = await database(kind);
    expect(await getViewer(pageRequest(), auth)).toBeNull();
    expect(isOwner(null)).toBe(false);
    expect(await checkOwner(pageRequest(), auth)).toEqual({
      ok: false,
      status: 401,
    });
  });

  test("a signed-in reader is not an owner and is refused with 403", async () => {
    const { db, auth } = await database(kind);
    const email = uniqueEmail("reader");
    const { userId } = await createOwner(db, { email, password });
    await db.update(users).set({ role: "reader" }).where(eq(users.id, userId));
    const cookie = await signInCookie(auth, email, password);

    const viewer = await getViewer(pageRequest(cookie), auth);
    expect(viewer?.role).toBe("reader");
    expect(isOwner(viewer)).toBe(false);
    expect(await checkOwner(pageRequest(cookie), auth)).toEqual({
      ok: false,
      status: 403,
    });
  });

  test("an unsigned or forged session cookie is no session", async () => {
    const { db, auth } = await database(kind);
    const email = uniqueEmail();
    const { userId } = await createOwner(db, { email, password });
    await signInCookie(auth, email, password);
    const [row] = await db
      .select({ token: sessions.token })
      .from(sessions)
      .where(eq(sessions.userId, userId));
    const token = row?.token ?? "";
    expect(token).not.toBe("");

    for (const value of [token, `${token}.forged-signature`]) {
      const cookie = `better-auth.session_token=${encodeURIComponent(value)}`;
      expect(await getViewer(pageRequest(cookie), auth), value).toBeNull();
    }
  });

  test("an expired or signed-out session is no session", async () => {
    const { db, auth } = await database(kind);
    const email = uniqueEmail();
    const { userId } = await createOwner(db, { email, password });

    const expiring = await signInCookie(auth, email, password);
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, userId));
    expect(await getViewer(pageRequest(expiring), auth)).toBeNull();

    const signedOut = await signInCookie(auth, email, password);
    await auth.api.signOut({ headers: new Headers({ cookie: signedOut }) });
    expect(await getViewer(pageRequest(signedOut), auth)).toBeNull();
  });
});
