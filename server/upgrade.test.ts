// Upgrades: a database that has lived through every migration, holding rows
// in every table at every step, reaches the latest schema and the site still
// reads what it held (through the data functions the pages use). The migrations are walked from drizzle/ itself, so each
// one added later is covered without a change here.
import { mkdtempSync, rmSync } from "node:fs";
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
import { readNewsletterSettings } from "~/data/newsletter-settings.server";
import {
  readMusicPhilosophies,
  readTrailPhilosophies,
} from "~/data/philosophies.server";
import { readContentHubPage } from "~/data/post-archives.server";
import { subscriberCounts } from "~database/newsletter";
import { appliedMigrations } from "~database/restore";
import type { DatabaseHandle } from "~database/client";
import { fillEmptyTables } from "~tests/support/sample-rows";
import { testDatabaseKinds } from "~tests/support/database";
import {
  firstMigrations,
  journal,
  unmigratedDatabase,
} from "~tests/support/migrations";

const scratch = mkdtempSync(path.join(tmpdir(), "upgrade-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

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
      // A database of this kind to walk through.
      const { open, dispose } = await unmigratedDatabase(kind, scratch);
      try {
        let before: Record<string, number> = {};
        for (let count = 1; count <= journal.entries.length; count++) {
          const handle = await open(firstMigrations(scratch, count));
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
          // The newsletter stays off after an upgrade; its rows are read.
          expect((await readNewsletterSettings(db)).enabled).toBe(false);
          expect((await subscriberCounts(db)).pending).toBe(1);
        } finally {
          await site.close();
        }
      } finally {
        await dispose();
      }
    });
  },
);
