// The site settings (docs/decisions/041): one schema, checked by the
// settings screen as the owner types and by its action before anything is
// stored, and again field by field when stored settings are read (a value
// edited in PostgreSQL that no longer fits falls back to its default).
import { z } from "zod";

import { defaultSettings } from "~/config/default-settings";
import type { SiteSettings } from "~/config/site";

// A line break in a name reaches every feed and header it is written into
// (an iCal line of its own); none of these fields has use for one.
// eslint-disable-next-line no-control-regex -- control characters are what is refused
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${label} cannot be empty.`)
    .max(max, `${label} is at most ${max} characters.`)
    .refine(
      (value) => !CONTROL_CHARACTER.test(value),
      `${label} is one line: it cannot hold a line break, a tab or another control character.`,
    );

const httpsAddress = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} cannot be empty.`)
    .max(300, `${label} is at most 300 characters.`)
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === "https:" && url.hostname.includes(".");
      } catch {
        return false;
      }
    }, `${label} must be a full https:// address, like https://example.com/you.`);

const mailAddress = (label: string) =>
  z
    .string()
    .trim()
    .max(254, `${label} is at most 254 characters.`)
    .pipe(z.email(`${label} must be a mail address, like you@example.com.`));

/** Whether the runtime knows the zone (the browser's list and the server's agree on IANA names). */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

function isLocale(value: string): boolean {
  if (!/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(value)) return false;
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
}

/** A library image's largest JPEG, as the media library names it (app/lib/media.ts). */
const PORTRAIT_PATTERN = /^\/media\/[0-9a-f]{16,64}-\d{1,4}x\d{1,5}\.jpg$/;

/** The user part of a fediverse handle, as Mastodon accepts it. */
export const SOCIAL_HANDLE = /^[A-Za-z0-9_]{1,30}$/;

export const settingsFields = {
  ownerName: text("The owner's name", 80),
  productName: text("The product name", 40),
  headline: text("The headline", 120),
  tagline: text("The tagline", 160),
  footerTagline: text("The footer tagline", 200),
  description: text("The site description", 300),
  locale: z
    .string()
    .trim()
    .refine(isLocale, "The locale must be a language tag, like en-US."),
  timeZone: z
    .string()
    .trim()
    .refine(
      isTimeZone,
      "Choose a time zone from the list, like America/Boise.",
    ),
  professionalUrl: httpsAddress("The professional site"),
  projectDeliveryUrl: httpsAddress("The project-delivery site"),
  linkedInUrl: httpsAddress("The LinkedIn address"),
  gitHubUrl: httpsAddress("The GitHub address"),
  twitterUrl: httpsAddress("The Twitter address"),
  email: mailAddress("The public mail address"),
  contactRecipient: mailAddress("The contact recipient"),
  themeColor: z
    .string()
    .trim()
    .regex(
      /^#[0-9a-fA-F]{6}$/,
      "The theme colour must be a colour like #0f172a.",
    )
    .transform((value) => value.toLowerCase()),
  portrait: z
    .string()
    .trim()
    .refine(
      (value) => value === "" || PORTRAIT_PATTERN.test(value),
      "Choose a picture from the media library.",
    ),
  readerCounting: z
    .string()
    .refine(
      (value) => value === "on" || value === "off",
      "Choose whether readers are counted.",
    ),
  socialWeb: z
    .string()
    .refine(
      (value) => value === "on" || value === "off",
      "Choose whether the site is followed from the social web.",
    ),
  socialHandle: z
    .string()
    .trim()
    .transform((value) => value.replace(/^@/, ""))
    .pipe(
      z
        .string()
        .regex(
          SOCIAL_HANDLE,
          "The handle is 1 to 30 letters, digits or underscores, like jordan.",
        ),
    ),
} satisfies Record<keyof SiteSettings, z.ZodType<string, string>>;

export type SettingsField = keyof SiteSettings;

export const SETTINGS_FIELDS = Object.keys(settingsFields) as SettingsField[];

/** The settings form: every field at once. */
export const settingsSchema = z.object(settingsFields);

/** What one failed save says, field by field (the first problem of each). */
export function settingsErrors(
  error: z.ZodError,
): Partial<Record<SettingsField, string>> {
  const errors: Partial<Record<SettingsField, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (
      typeof field === "string" &&
      field in settingsFields &&
      !errors[field as SettingsField]
    )
      errors[field as SettingsField] = issue.message;
  }
  return errors;
}

/**
 * Stored settings (a JSON object) over the defaults: each saved field that
 * still fits the schema wins; anything missing or unfit is the default.
 */
export function settingsWithDefaults(stored: unknown): SiteSettings {
  const settings: SiteSettings = { ...defaultSettings };
  if (!stored || typeof stored !== "object") return settings;
  const record = stored as Record<string, unknown>;
  for (const field of SETTINGS_FIELDS) {
    const parsed = settingsFields[field].safeParse(record[field]);
    if (parsed.success) settings[field] = parsed.data;
  }
  return settings;
}
