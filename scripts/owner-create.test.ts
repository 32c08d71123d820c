// The command's own behaviour: what it refuses before touching a database.
// (Creating and promoting the owner is tested in app/auth/owner.server.test.ts.)
import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import { verifyPassword } from "better-auth/crypto";
import { expect, test } from "vitest";

import { createOwner } from "~/auth/owner.server";
import { openDatabase } from "~database/client";
import { accounts } from "~database/schema";
import { createTestDatabase } from "~tests/support/database";

const run = promisify(execFile);

/** Runs the command with `input` as its standard input (not a terminal). */
async function ownerCreate(
  args: string[],
  input = "",
  env: NodeJS.ProcessEnv = {},
) {
  const running = run(
    path.resolve("node_modules/.bin/tsx"),
    ["scripts/owner-create.ts", ...args],
    { env: { ...process.env, DATABASE_URL: "", ...env } },
  );
  running.child.stdin?.end(input);
  const result = await running.then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
  return { code: result.code, output: result.stdout + result.stderr };
}

test("there is no --password option: a password on the command line shows in ps", async () => {
  const { code, output } = await ownerCreate([
    "--email",
    "owner@example.test",
    "--password",
    "a long enough secret",
  ]);
  expect(code).toBe(2);
  expect(output).toContain("There is no --password option");
  expect(output).not.toContain("a long enough secret");
  const joined = await ownerCreate([
    "--email",
    "owner@example.test",
    "--password=a long enough secret",
  ]);
  expect(joined.code).toBe(2);
});

test("without a terminal, a missing email or an empty standard input is an error with the usage", async () => {
  const noEmail = await ownerCreate([], "a long enough secret\n");
  expect(noEmail.code).toBe(2);
  expect(noEmail.output).toContain("Usage: npm run owner:create");
  expect(noEmail.output).toContain("Missing --email.");

  const noPassword = await ownerCreate(["--email", "owner@example.test"]);
  expect(noPassword.code).toBe(2);
  expect(noPassword.output).toContain("No password on standard input");
});

test("the password is read from standard input; a fake email or a short one is refused, field by field", async () => {
  const { code, output } = await ownerCreate(
    ["--email", "owner-at-example"],
    "too-short\n",
  );
  expect(code).toBe(1);
  expect(output).toContain("email: must be a real email address");
  expect(output).toContain("password: must be at least 12 characters");
});

test("an embedded database that the site holds open is left alone, with a clear message", async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "owner-create-"));
  // What PGlite writes into a data directory while a process has it open.
  await writeFile(path.join(dataDir, "postmaster.pid"), "-42\n");
  const { code, output } = await ownerCreate(
    ["--email", "owner@example.test"],
    "a long enough secret\n",
    { DATA_DIR: dataDir },
  );
  expect(code).toBe(1);
  expect(output).toContain(`The embedded database in ${dataDir} is in use`);
  expect(output).toContain("Stop the site");
});

test.skipIf(!process.env.TEST_DATABASE_URL)(
  "on PostgreSQL it sets a new password while the site holds the database open",
  { timeout: 60_000 },
  async () => {
    const database = await createTestDatabase("postgres");
    // The running site: its own pool, migrated, with an owner.
    const site = await openDatabase({ databaseUrl: database.url, dataDir: "" });
    try {
      await createOwner(site.db, {
        email: "owner@example.test",
        password: "the forgotten password",
      });
      const { code, output } = await ownerCreate(
        ["--email", "owner@example.test"],
        "a recovered password\n",
        { DATABASE_URL: database.url },
      );
      expect(code, output).toBe(0);
      expect(output).toContain("is now the owner, with the new password");
      const [account] = await site.db
        .select({ hash: accounts.password })
        .from(accounts);
      expect(
        await verifyPassword({
          hash: account?.hash ?? "",
          password: "a recovered password",
        }),
      ).toBe(true);
    } finally {
      await site.close();
      await database.dispose();
    }
  },
);
