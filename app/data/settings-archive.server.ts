// The site settings in the content archive (docs/decisions/041):
// site-settings.yaml holds the fields the owner saved (those that differ
// from the demo defaults), under the keys of site_settings.settings. An
// archive without it leaves the settings as they are; one with it replaces
// them, each field checked by the settings screen's schema first.
import { parse as parseYaml, stringify } from "yaml";

import { settingsFields } from "~/studio/settings-schema";
import type { SettingsField } from "~/studio/settings-schema";
import type { Database } from "~database/client";
import type { ArchiveFile } from "~database/tar";

import { readStoredSettings } from "./site-settings.server";

export const SETTINGS_FILE = "site-settings.yaml";

/** The saved settings as a file of the archive; none while nothing is saved. */
export async function settingsFile(db: Database): Promise<ArchiveFile[]> {
  const stored = await readStoredSettings(db);
  const known = Object.fromEntries(
    Object.entries(stored).filter(([field]) => field in settingsFields),
  );
  if (Object.keys(known).length === 0) return [];
  return [
    {
      path: SETTINGS_FILE,
      data: new TextEncoder().encode(stringify(known, { lineWidth: 0 })),
    },
  ];
}

/**
 * The settings an archive carries, checked field by field (each problem goes
 * to `problems`); undefined when it has none.
 */
export function readSettingsFile(
  data: Uint8Array | undefined,
  problems: string[],
): Record<string, string> | undefined {
  if (!data) return undefined;
  let parsed: unknown;
  try {
    parsed = parseYaml(new TextDecoder().decode(data)) ?? {};
  } catch (error) {
    problems.push(
      `${SETTINGS_FILE}: not valid YAML: ${error instanceof Error ? error.message : String(error)}`,
    );
    return undefined;
  }
  if (typeof parsed !== "object" || Array.isArray(parsed) || !parsed) {
    problems.push(`${SETTINGS_FILE}: must be a map of setting names to values`);
    return undefined;
  }
  const settings: Record<string, string> = {};
  for (const [field, value] of Object.entries(parsed)) {
    if (!(field in settingsFields)) {
      problems.push(`${SETTINGS_FILE}: ${field}: not a setting`);
      continue;
    }
    const result = settingsFields[field as SettingsField].safeParse(value);
    if (result.success) settings[field] = result.data;
    else
      problems.push(
        `${SETTINGS_FILE}: ${field}: ${result.error.issues[0]?.message ?? "not valid"}`,
      );
  }
  return settings;
}
