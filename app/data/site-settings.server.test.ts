// The settings are read once and kept until a change is announced: a save on
// one instance shows on the next request of another over the same database,
// and requests between changes do not read the table.
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { defaultSettings } from "~/config/default-settings";
import { openDatabase } from "~database/client";
import { CONTENT_CHANNEL } from "~database/content-listener";
import type { DatabaseHandle } from "~database/client";
import { siteSettings } from "~database/schema";
import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";
import type { TestDatabase } from "~tests/support/database";

import {
  createSettingsStore,
  readStoredSettings,
  saveSettings,
} from "./site-settings.server";

const HOUR_MS = 3_600_000;
const visible = { timeout: 1_000, interval: 5 };

/**
 * The earlier test's saves announce themselves asynchronously; one arriving
 * after this test's first read would rightly drop the kept settings. The
 * database delivers notifications in commit order, so once a marker sent now
 * has arrived, every earlier one has too.
 */
async function settledNotifications(database: TestDatabase) {
  const version = database.contentCache.version;
  await database.db.execute(
    `select pg_notify('${CONTENT_CHANNEL}', 'test marker')`,
  );
  await expect
    .poll(() => database.contentCache.version, { timeout: 10_000 })
    .toBeGreaterThan(version);
}

describe.each(testDatabaseKinds)("on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { contentCacheTtlMs: HOUR_MS });
  });
  afterAll(() => database.dispose());

  test("until a setting is saved the demo defaults hold; only changed fields are stored", async () => {
    const store = createSettingsStore(database.db, database.contentCache);
    expect(await store.current()).toEqual(defaultSettings);
    await saveSettings(database.db, {
      ...defaultSettings,
      ownerName: "Sam Lee",
    });
    expect(await readStoredSettings(database.db)).toEqual({
      ownerName: "Sam Lee",
    });
    expect((await store.current()).ownerName).toBe("Sam Lee");
    await saveSettings(database.db, defaultSettings);
    expect(await store.current()).toEqual(defaultSettings);
  });

  test("between changes every request gets the kept settings; a change (however made) is read once", async () => {
    await settledNotifications(database);
    const store = createSettingsStore(database.db, database.contentCache);
    // Between changes every read is the kept one. The marker's arrival
    // shows only that some notification came: one of the earlier test's
    // still on its way may rightly drop the first read, and the next is kept.
    await expect
      .poll(async () => {
        const first = await store.current();
        return (
          (await store.current()) === first && (await store.current()) === first
        );
      }, visible)
      .toBe(true);
    // As in psql: the table's trigger announces it.
    await database.db.execute(
      `update site_settings set settings = '{"productName":"Boldly"}'`,
    );
    await expect
      .poll(async () => (await store.current()).productName, visible)
      .toBe("Boldly");
    const changed = await store.current();
    expect(await store.current()).toBe(changed);
    await database.db.delete(siteSettings);
    await expect
      .poll(async () => (await store.current()).productName, visible)
      .toBe(defaultSettings.productName);
  });

  test.runIf(kind === "postgres")(
    "a save on one instance shows on the next request of another",
    async () => {
      const other: DatabaseHandle = await openDatabase({
        databaseUrl: database.url,
        dataDir: "",
        contentCacheTtlMs: HOUR_MS,
      });
      try {
        const here = createSettingsStore(database.db, database.contentCache);
        const there = createSettingsStore(other.db, other.contentCache);
        expect((await there.current()).ownerName).toBe(
          defaultSettings.ownerName,
        );
        await saveSettings(database.db, {
          ...defaultSettings,
          ownerName: "Ana Souza",
          productName: "Forward",
        });
        expect((await here.current()).ownerName).toBe("Ana Souza");
        await expect
          .poll(async () => {
            const { ownerName, productName } = await there.current();
            return `${ownerName} / ${productName}`;
          }, visible)
          .toBe("Ana Souza / Forward");
      } finally {
        await other.close();
      }
    },
  );
});
