/**
 * The site's identity as the owner sets it in the studio (/studio/settings,
 * docs/decisions/041). What is never saved there comes from defaultSettings
 * (app/config/default-settings.ts).
 */
export interface SiteSettings {
  ownerName: string;
  /** Titles read "{Page} | Live {productName}". */
  productName: string;
  headline: string;
  tagline: string;
  footerTagline: string;
  /** What search engines and feeds show of the site. */
  description: string;
  locale: string;
  /** Where the owner's events happen; event times are local to it. */
  timeZone: string;
  professionalUrl: string;
  projectDeliveryUrl: string;
  linkedInUrl: string;
  gitHubUrl: string;
  twitterUrl: string;
  /** The public mail address (the footer, JSON-LD, the mail's sender). */
  email: string;
  /** Who receives contact messages unless CONTACT_TO says otherwise; never sent to a page. */
  contactRecipient: string;
  themeColor: string;
  /** A library image's largest JPEG (/media/…jpg) standing for the owner, or "" for the initials. */
  portrait: string;
  /** "on": public page views are counted (docs/PRIVACY.md); "off": nothing is recorded. Never sent to a page. */
  readerCounting: string;
  /** "on": the site is an account the fediverse follows (docs/decisions/061); "off" (default): nothing about it answers. */
  socialWeb: string;
  /** The user part of the site's fediverse handle (@handle@host). */
  socialHandle: string;
}

/** What the pages may carry: everything but who receives the mail and whether readers are counted. */
export type PublicSettings = Omit<
  SiteSettings,
  "contactRecipient" | "readerCounting" | "socialWeb" | "socialHandle"
>;

/** The demo identity a page may carry (fictional), used for every setting the owner has not saved. */
export const defaultPublicSettings: PublicSettings = {
  ownerName: "Jordan Avery",
  productName: "Seasoned",
  headline: "Seasoned Perspective. Modern Approach",
  tagline: "Humble Start. Miraculous Career. Transformative Purpose.",
  footerTagline:
    "Building relationships with all through integrity, leadership and meaningful connections.",
  description:
    "Leadership, mentoring and a life lived fully: the personal site of Jordan Avery.",
  locale: "en-US",
  timeZone: "America/Boise",
  professionalUrl: "https://jordanavery-consulting.example",
  projectDeliveryUrl: "https://delivery.jordanavery.example",
  linkedInUrl: "https://www.linkedin.com/in/jordan-avery-example",
  gitHubUrl: "https://github.com/jordan-avery-example",
  twitterUrl: "https://twitter.com/jordanavery_example",
  email: "hello@jordanavery.example",
  themeColor: "#0f172a",
  portrait: "",
};

/**
 * What the root loader sends of the settings: the fields a page may show
 * that differ from the demo defaults (which the pages' code has), so a
 * document grows only by what the owner changed.
 */
export function publicSettings(
  settings: SiteSettings,
): Partial<PublicSettings> {
  const changed: Partial<Record<keyof PublicSettings, string>> = {};
  for (const field of Object.keys(defaultPublicSettings) as Array<
    keyof PublicSettings
  >) {
    if (settings[field] !== defaultPublicSettings[field])
      changed[field] = settings[field];
  }
  return changed;
}

/** The settings a page was rendered with, from what the root loader sent. */
export function withPublicDefaults(
  changed: Partial<PublicSettings> | undefined,
): PublicSettings {
  return changed
    ? { ...defaultPublicSettings, ...changed }
    : defaultPublicSettings;
}

/**
 * The demo identity in a short shape, for what only ever shows the demo
 * site (the tests and journeys check it against this). Whatever a visitor or
 * the owner sees takes the saved settings instead (docs/decisions/044).
 */
export const site = {
  ownerName: defaultPublicSettings.ownerName,
  productName: defaultPublicSettings.productName,
  headline: defaultPublicSettings.headline,
  themeColor: defaultPublicSettings.themeColor,
  email: defaultPublicSettings.email,
} as const;

/** The owner's initials, the header's mark and the favicon's. */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0] ?? "")
    .join("")
    .slice(0, 3)
    .toUpperCase();
}

/** "{Page} | Live {product}", the title rule of every page: the product name as saved. */
export function pageTitle(page: string, productName: string): string {
  return `${page} | Live ${productName}`;
}
