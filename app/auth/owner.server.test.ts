import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import { site } from "~/config/site";
import { accounts, sessions, users } from "~database/schema";
import {
  authDatabasePerFile,
  signInCookie,
  uniqueEmail,
} from "~tests/support/auth";
import { testDatabaseKinds } from "~tests/support/database";

import { createOwner, ownerInputSchema } from "./owner.server";
import { getViewer } from "./viewer.server";

const database = authDatabasePerFile();
const password = "a long enough secret";

describe.each(testDatabaseKinds)("owner:create on %s", (kind) => {
  test("creates the owner, who can then sign in", async () => {
    const { db, auth } = await database(kind);
    const email = uniqueEmail();
    const result = await createOwner(db, {
      email: ` ${email.toUpperCase()} `,
      password,
    });
    expect(result).toMatchObject({ created: true, sessionsEnded: 0 });

    const [user] = await db
      .select()
      .from(users)
      .where(eq(users.id, result.userId));
    expect(user).toMatchObject({
      email,
      name: site.ownerName,
      role: "owner",
      emailVerified: true,
    });
    const [account] = await db
      .select()
      .from(accounts)
      .where(eq(accounts.userId, result.userId));
    expect(account).toMatchObject({
      providerId: "credential",
      accountId: result.userId,
    });
    expect(account?.password).not.toBe(password);

    const cookie = await signInCookie(auth, email, password);
    const viewer = await getViewer(
      new Request("http://localhost/", { headers: { cookie } }),
      auth,
    );
    expect(viewer).toMatchObject({ email, role: "owner" });
  });

  test("promotes an existing account, replaces its password and ends its sessions", async () => {
    const { db, auth } = await database(kind);
    const email = uniqueEmail("reader");
    const { userId } = await createOwner(db, {
      email,
      password,
      name: "Sam Reader",
    });
    await db.update(users).set({ role: "reader" }).where(eq(users.id, userId));
    await signInCookie(auth, email, password);

    const newPassword = "another long secret";
    const result = await createOwner(db, { email, password: newPassword });
    expect(result).toEqual({ userId, created: false, sessionsEnded: 1 });

    const [user] = await db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ role: "owner", name: "Sam Reader" });
    expect(
      await db.select().from(accounts).where(eq(accounts.userId, userId)),
    ).toHaveLength(1);
    expect(
      await db.select().from(sessions).where(eq(sessions.userId, userId)),
    ).toEqual([]);
    await expect(signInCookie(auth, email, password)).rejects.toThrow("401");
    await expect(signInCookie(auth, email, newPassword)).resolves.toContain(
      "better-auth.session_token=",
    );
  });
});

test("owner input must be a real email and a password of at least 12 characters", () => {
  const result = ownerInputSchema.safeParse({
    email: "not-an-email",
    password: "short",
  });
  expect(result.success).toBe(false);
  const problems = result.error?.issues.map(
    (issue) => `${issue.path.join(".")}: ${issue.message}`,
  );
  expect(problems).toEqual([
    "email: must be a real email address",
    "password: must be at least 12 characters",
  ]);
});
