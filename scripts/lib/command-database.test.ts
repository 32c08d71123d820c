// Every command that opens the embedded database refuses while a process
// (the running site) holds its directory, before touching it. (`npm run
// backup` asks the running site instead: server/backups.test.ts.)
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { openDatabase } from "~database/client";
import type { DatabaseHandle } from "~database/client";
import { posts } from "~database/schema";
import { importContent } from "~database/seed";

const run = promisify(execFile);

let dataDir: string;
let site: DatabaseHandle;
beforeAll(async () => {
  dataDir = path.join(await mkdtemp(path.join(tmpdir(), "held-")), "data");
  // The site's own hold on the directory: an open PGlite.
  site = await openDatabase({ dataDir });
  await site.migrate();
  await importContent(site.db, path.resolve("content"));
}, 120_000);
afterAll(async () => {
  await site.close();
  await rm(path.dirname(dataDir), { recursive: true, force: true });
});

const commands: Array<[string, string[], RegExp?]> = [
  ["messages", ["scripts/messages.ts"], /studio's inbox/],
  ["restore", ["scripts/restore.ts", "/tmp/never.sql.gz"]],
  ["db:seed", ["scripts/seed.ts"]],
  ["db:seed -- FILE", ["scripts/seed.ts", "/tmp/never.tar.gz"], /import/],
  [
    "content:export",
    ["scripts/content-export.ts", "--out", "/tmp/never.tar.gz"],
    /Export everything/,
  ],
  ["db:migrate", ["scripts/migrate.ts"], /applies the migrations itself/],
  ["db:fixture", ["scripts/seed-fixture.ts", "--posts", "1"]],
];

describe("a command on an embedded database the site holds open", () => {
  test.each(commands)(
    "npm run %s refuses, says what to do, and changes nothing",
    async (_name, args, instead) => {
      const result = await run(path.resolve("node_modules/.bin/tsx"), args, {
        env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir },
      }).then(
        ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
        (error: { code: number; stdout: string; stderr: string }) => ({
          code: error.code,
          output: error.stdout + error.stderr,
        }),
      );
      expect(result.code).toBe(1);
      expect(result.output).toContain(
        `The embedded database in ${dataDir} is in use`,
      );
      expect(result.output).toContain("Stop the site");
      if (instead) expect(result.output).toMatch(instead);
      // The site's database still answers, with its content.
      expect(await site.db.$count(posts)).toBeGreaterThan(0);
    },
    60_000,
  );
});
