// The newsletter's settings row (docs/decisions/060): kept apart from the
// site settings every studio page loads, read by the pages that show the join
// form and by the Settings screen's loader.
import { sql } from "drizzle-orm";

import { defaultNewsletterSettings } from "~/lib/newsletter-schema";
import type {
  NewsletterSettings,
  NewsletterSettingsInput,
} from "~/lib/newsletter-schema";
import type { Database } from "~database/client";
import { newsletterSettings } from "~database/schema";

/** The settings as saved; no row (a new or upgraded site): off. */
export async function readNewsletterSettings(
  db: Database,
): Promise<NewsletterSettings> {
  const [row] = await db
    .select({
      enabled: newsletterSettings.enabled,
      listName: newsletterSettings.listName,
      promise: newsletterSettings.promise,
    })
    .from(newsletterSettings);
  return row ?? defaultNewsletterSettings;
}

/** Saves the owner's choice; turning it off deletes nothing. */
export async function saveNewsletterSettings(
  db: Database,
  input: NewsletterSettingsInput,
): Promise<void> {
  const values = {
    enabled: input.newsletter === "on",
    listName: input.listName,
    promise: input.promise,
  };
  await db
    .insert(newsletterSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({
      target: newsletterSettings.id,
      set: { ...values, updatedAt: sql`now()` },
    });
}

/** The words of the join form a reader saw, kept as their consent's wording. */
export function consentWording(settings: NewsletterSettings): string {
  return `Join the Newsletter (${settings.listName}): ${settings.promise} [Subscribe]`;
}
