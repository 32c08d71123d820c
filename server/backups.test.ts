// Backups of the embedded database made by the running site: `npm run
// backup` gets a dump over the site's socket while the site keeps writing,
// and the schedule writes a daily dump into BACKUP_DIR, keeps the newest few,
// and only logs when it cannot.
import { execFile } from "node:child_process";
import { mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { openDatabase } from "~database/client";
import type { DatabaseHandle } from "~database/client";
import { newestJournalMigration, readDumpFile } from "~database/restore";
import { importContent } from "~database/seed";
import type { Logger } from "~shared/logger";
import { createTestDatabase } from "~tests/support/database";
import { tableRows } from "~tests/support/table-rows";

import { backupSocketPath, startBackupSchedule, startBackups } from "./backups";

const run = promisify(execFile);

function recordingLogger() {
  const lines: Array<{ level: string; msg: string }> = [];
  const record =
    (level: string) =>
    (msg: string): void => {
      lines.push({ level, msg });
    };
  const logger: Logger = {
    debug: record("debug"),
    info: record("info"),
    warn: record("warn"),
    error: record("error"),
  };
  return { logger, lines };
}

let root: string;
let dataDir: string;
let site: DatabaseHandle;
let backups: { stop(): Promise<void> };
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "site-backups-"));
  dataDir = path.join(root, "data");
  site = await openDatabase({ dataDir });
  await site.migrate();
  await importContent(site.db, path.resolve("content"));
  backups = await startBackups(
    site,
    { DATA_DIR: dataDir, BACKUP_DIR: undefined, BACKUP_KEEP: 14 },
    recordingLogger().logger,
  );
}, 180_000);
afterAll(async () => {
  await backups.stop();
  await site.close();
  await rm(root, { recursive: true, force: true });
});

const messageCount = async (db: DatabaseHandle["db"]) => {
  const result = await db.execute(sql`select count(*)::int as n from messages`);
  return (result as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0;
};

describe("npm run backup on the embedded database while the site runs", () => {
  test("the site makes the dump while it keeps taking messages, and the dump restores", async () => {
    const file = path.join(root, "running.sql.gz");
    let writing = true;
    const writes = (async () => {
      let written = 0;
      while (writing) {
        await site.db.execute(
          sql`insert into messages (name, email, message) values ('Sam', 'sam@example.org', ${`during the backup ${written}`})`,
        );
        written++;
        // Like requests, each write comes from the event loop, which must
        // also serve the backup socket.
        await new Promise((resolve) => setImmediate(resolve));
      }
      return written;
    })();
    const { stdout } = await run(
      path.resolve("node_modules/.bin/tsx"),
      ["scripts/backup.ts", "--out", file],
      { env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir } },
    );
    writing = false;
    expect(await writes).toBeGreaterThan(0);
    expect(stdout).toContain("Backed up the running site");

    const dump = await readDumpFile(file);
    const restored = await createTestDatabase("pglite", { migrate: false });
    try {
      await restored.restore(dump, {
        newestMigration: await newestJournalMigration(),
      });
      const after = await tableRows(restored.db);
      const now = await tableRows(site.db);
      expect(after.get("posts")).toEqual(now.get("posts"));
      // The messages up to the dump's snapshot: none half-written, none after.
      const inDump = await messageCount(restored.db);
      expect(inDump).toBeLessThanOrEqual(await messageCount(site.db));
      for (const row of after.get("messages") ?? [])
        expect(now.get("messages")).toContain(row);
    } finally {
      await restored.dispose();
    }
    // The site's session is as it was: it still writes.
    await site.db.execute(
      sql`insert into messages (name, email, message) values ('Sam', 'sam@example.org', 'after the backup')`,
    );
  }, 180_000);

  test("the socket is the owner's alone", async () => {
    const mode = (await stat(backupSocketPath(dataDir))).mode & 0o777;
    expect(mode).toBe(0o600);
  });
});

describe("scheduled backups (BACKUP_DIR)", () => {
  test("one dump a day, the newest BACKUP_KEEP kept, other files left alone", async () => {
    const dir = path.join(root, "scheduled");
    let clock = new Date("2026-11-01T03:00:00Z");
    const { logger } = recordingLogger();
    let dumps = 0;
    const schedule = startBackupSchedule({
      dir,
      keep: 2,
      logger,
      now: () => clock,
      intervalMs: 3_600_000,
      dump: async () => {
        dumps++;
        return site.dump();
      },
    });
    try {
      await schedule.runOnce();
      await writeFile(path.join(dir, "notes.txt"), "the owner's own file");
      clock = new Date("2026-11-01T20:00:00Z");
      await schedule.runOnce();
      expect(dumps).toBe(1);
      for (const day of ["02", "03", "04"]) {
        clock = new Date(`2026-11-${day}T04:00:00Z`);
        await schedule.runOnce();
      }
      expect(dumps).toBe(4);
      expect((await readdir(dir)).sort()).toEqual([
        "notes.txt",
        "site-20261103T040000Z.sql.gz",
        "site-20261104T040000Z.sql.gz",
      ]);
      const dump = await readDumpFile(
        path.join(dir, "site-20261104T040000Z.sql.gz"),
      );
      expect(dump).toContain("INSERT INTO public.posts");
    } finally {
      await schedule.stop();
    }
  }, 180_000);

  test("a failure is logged and tried again, never thrown", async () => {
    const blocked = path.join(root, "not-a-directory");
    await writeFile(blocked, "a file where the directory should be");
    const { logger, lines } = recordingLogger();
    const schedule = startBackupSchedule({
      dir: blocked,
      keep: 3,
      logger,
      dump: () => site.dump(),
    });
    // The check at start, then two more.
    await schedule.runOnce();
    await schedule.runOnce();
    await schedule.stop();
    expect(
      lines.filter((line) => line.msg.startsWith("scheduled backup failed")),
    ).toHaveLength(3);
  });
});
