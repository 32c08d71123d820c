// The site settings (docs/decisions/041), read once and kept until the
// database announces a change: site_settings notifies like the content
// tables, and the content cache's version moves on every change any instance
// makes (and on a reconnect of the listener, after which changes may have been
// missed). A request costs a comparison; only the first one after a change
// reads the row again.
import { sql } from "drizzle-orm";

import { defaultSettings } from "~/config/default-settings";
import type { SiteSettings } from "~/config/site";
import { settingsWithDefaults } from "~/studio/settings-schema";
import type { Database, Executor } from "~database/client";
import { siteSettings } from "~database/schema";

/** What the store needs of the content cache: its version and how long a read may live. */
export interface ChangeClock {
  readonly version: number;
  maxAgeMs(): number;
}

export interface SettingsStore {
  /** The settings as saved, over the defaults. */
  current(): Promise<SiteSettings>;
  /**
   * The settings last read, at once and without the database: for answers
   * that must not wait on it (the server's own error pages). A change not
   * read yet is read in the background, for the answers after this one.
   * The defaults until the first read, or while the row cannot be read.
   */
  known(): SiteSettings;
}

/** The saved fields (only those the owner changed from the defaults). */
export async function readStoredSettings(
  db: Database,
): Promise<Record<string, unknown>> {
  const [row] = await db
    .select({ settings: siteSettings.settings })
    .from(siteSettings);
  return row?.settings ?? {};
}

export async function readSettings(db: Database): Promise<SiteSettings> {
  return settingsWithDefaults(await readStoredSettings(db));
}

/**
 * Keeps what differs from the defaults, so a field the owner never changed
 * keeps following app/config/site.ts.
 */
export function changedFromDefaults(
  settings: SiteSettings,
): Record<string, string> {
  const changed: Record<string, string> = {};
  for (const [field, value] of Object.entries(settings)) {
    if (value !== defaultSettings[field as keyof SiteSettings])
      changed[field] = value;
  }
  return changed;
}

/** Replaces the saved settings (the schema has checked them). */
export async function saveSettings(
  db: Database,
  settings: SiteSettings,
): Promise<void> {
  await writeStoredSettings(db, changedFromDefaults(settings));
}

/** Replaces the stored object as it is (an import; its fields are checked on every read). */
export async function writeStoredSettings(
  db: Executor,
  stored: Record<string, unknown>,
): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ id: 1, settings: stored })
    .onConflictDoUpdate({
      target: siteSettings.id,
      set: { settings: stored, updatedAt: sql`now()` },
    });
}

export function createSettingsStore(
  db: Database,
  clock: ChangeClock,
  options: {
    now?: () => number;
    onReadFailure?: (error: unknown) => void;
  } = {},
): SettingsStore {
  const now = options.now ?? Date.now;
  let kept: { settings: SiteSettings; version: number; at: number } | undefined;
  let reading: Promise<SiteSettings> | undefined;

  function read(): Promise<SiteSettings> {
    const version = clock.version;
    const at = now();
    return readSettings(db).then(
      (settings) => {
        // A change announced while the row was read may not be in it.
        if (clock.version === version) kept = { settings, version, at };
        return settings;
      },
      (error: unknown) => {
        // The page's own reads report the database's failure; the settings
        // last known (or the defaults) keep the page whole meanwhile.
        options.onReadFailure?.(error);
        return kept?.settings ?? defaultSettings;
      },
    );
  }

  const fresh = (): SiteSettings | undefined =>
    kept &&
    kept.version === clock.version &&
    now() - kept.at <= clock.maxAgeMs()
      ? kept.settings
      : undefined;

  function current(): Promise<SiteSettings> {
    const settings = fresh();
    if (settings) return Promise.resolve(settings);
    reading ??= read().finally(() => {
      reading = undefined;
    });
    return reading;
  }

  return {
    current,
    known() {
      // A failed read is reported by read() and falls back there.
      if (!fresh()) void current();
      return kept?.settings ?? defaultSettings;
    },
  };
}
