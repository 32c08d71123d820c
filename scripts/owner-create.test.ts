// The command's own behaviour: what it refuses before touching a database.
// (Creating and promoting the owner is tested in app/auth/owner.server.test.ts.)
import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import { expect, test } from "vitest";

const run = promisify(execFile);

async function ownerCreate(args: string[], env: NodeJS.ProcessEnv = {}) {
  const result = await run(
    path.resolve("node_modules/.bin/tsx"),
    ["scripts/owner-create.ts", ...args],
    { env: { ...process.env, DATABASE_URL: "", ...env } },
  ).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
  return { code: result.code, output: result.stdout + result.stderr };
}

test("without a terminal, missing values are an error with the usage", async () => {
  const { code, output } = await ownerCreate(["--email", "owner@example.test"]);
  expect(code).toBe(2);
  expect(output).toContain("Usage: npm run owner:create");
  expect(output).toContain("Missing --email or --password.");
});

test("a fake email or a short password is refused, field by field", async () => {
  const { code, output } = await ownerCreate([
    "--email",
    "owner-at-example",
    "--password",
    "too-short",
  ]);
  expect(code).toBe(1);
  expect(output).toContain("email: must be a real email address");
  expect(output).toContain("password: must be at least 12 characters");
});

test("an embedded database that the site holds open is left alone, with a clear message", async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "owner-create-"));
  // What PGlite writes into a data directory while a process has it open.
  await writeFile(path.join(dataDir, "postmaster.pid"), "-42\n");
  const { code, output } = await ownerCreate(
    ["--email", "owner@example.test", "--password", "a long enough secret"],
    { DATA_DIR: dataDir },
  );
  expect(code).toBe(1);
  expect(output).toContain(`The embedded database in ${dataDir} is in use`);
  expect(output).toContain("Stop the site");
});
