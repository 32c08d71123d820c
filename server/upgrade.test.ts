// Upgrades: a database that has lived through every migration, holding rows
// in every table at every step, reaches the latest schema and the site still
// reads what it held (through the data functions the pages use). The migrations are walked from drizzle/ itself, so each
// one added later is covered without a change here.
import {
  cpSync,
  mkdtempSync,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { sql } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";

import { readCoreValues, readJourneySections } from "~/data/about.server";
import {
  readCommunityEvents,
  readCommunityValues,
} from "~/data/community.server";
import { readRecentMessages } from "~/data/messages.server";
import { readMotivationalSections } from "~/data/motivational.server";
import {
  readMusicPhilosophies,
  readTrailPhilosophies,
} from "~/data/philosophies.server";
import { readContentHubPage } from "~/data/post-archives.server";
import { appliedMigrations } from "~database/restore";
import { openDatabase } from "~database/client";
import type { DatabaseHandle } from "~database/client";
import { fillEmptyTables } from "~tests/support/sample-rows";
import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

const migrationsDir = path.resolve("drizzle");
const journal = JSON.parse(
  readFileSync(path.join(migrationsDir, "meta", "_journal.json"), "utf8"),
) as { entries: JournalEntry[] } & Record<string, unknown>;

const scratch = mkdtempSync(path.join(tmpdir(), "upgrade-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A migrations folder holding only the first `count` migrations. */
function firstMigrations(count: number): string {
  const folder = path.join(scratch, `first-${count}`);
  mkdirSync(path.join(folder, "meta"), { recursive: true });
  const entries = journal.entries.slice(0, count);
  for (const entry of entries)
    cpSync(
      path.join(migrationsDir, `${entry.tag}.sql`),
      path.join(folder, `${entry.tag}.sql`),
    );
  writeFileSync(
    path.join(folder, "meta", "_journal.json"),
    JSON.stringify({ ...journal, entries }),
  );
  return folder;
}

async function rowCounts(handle: DatabaseHandle) {
  const tables = (
    (await handle.db.execute(
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r' order by 1`,
    )) as unknown as { rows: Array<{ name: string }> }
  ).rows;
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = (
      (await handle.db.execute(
        sql.raw(`select count(*)::int as n from "${name}"`),
      )) as unknown as { rows: Array<{ n: number }> }
    ).rows;
    counts[name] = row?.n ?? 0;
  }
  return counts;
}

describe.each(testDatabaseKinds)(
  "upgrading on %s",
  { timeout: 180_000 },
  (kind) => {
    test("every migration in turn, with rows in every table, and the site reads them after", async () => {
      // A database of this kind to walk through: an embedded directory, or a
      // fresh PostgreSQL database (its first migration undone by dropping everything).
      const dataDir = path.join(scratch, `data-${kind}`);
      let databaseUrl: string | undefined;
      let dispose = async () => {};
      if (kind === "postgres") {
        const fresh = await createTestDatabase("postgres");
        await fresh.db.execute(sql`drop schema public cascade`);
        await fresh.db.execute(sql`create schema public`);
        await fresh.db.execute(sql`drop schema drizzle cascade`);
        databaseUrl = fresh.url;
        dispose = fresh.dispose;
      }
      try {
        const open = (migrationsDir?: string) =>
          openDatabase({ databaseUrl, dataDir, migrationsDir });
        let before: Record<string, number> = {};
        for (let count = 1; count <= journal.entries.length; count++) {
          const handle = await open(firstMigrations(count));
          try {
            await handle.migrate();
            expect(await appliedMigrations(handle.db)).toEqual(
              journal.entries.slice(0, count).map((entry) => entry.when),
            );
            // Tables this migration added get their first row.
            await fillEmptyTables(handle.db);
            before = await rowCounts(handle);
          } finally {
            await handle.close();
          }
        }
        expect(Object.values(before).every((n) => n > 0)).toBe(true);

        // The site starts on it: migrations at start are a no-op now, and nothing is lost.
        const site = await open();
        try {
          await site.migrate();
          expect(await rowCounts(site)).toEqual(before);
          const db = site.db;
          const reads: Array<[string, unknown]> = [
            ["core_values", await readCoreValues(db)],
            ["personal_journey_sections", await readJourneySections(db)],
            ["posts", (await readContentHubPage(db, 1)).items],
            ["trail_philosophies", await readTrailPhilosophies(db)],
            ["music_philosophies", await readMusicPhilosophies(db)],
            ["community_values", await readCommunityValues(db)],
            ["community_events", await readCommunityEvents(db)],
            ["motivational_sections", await readMotivationalSections(db)],
          ];
          for (const [table, read] of reads)
            expect(JSON.stringify(read), table).toContain(
              `Sample ${table} title`,
            );
          const [message] = await readRecentMessages(db, 1);
          expect(message?.name).toBe("Sample messages name");
        } finally {
          await site.close();
        }
      } finally {
        await dispose();
      }
    });
  },
);
