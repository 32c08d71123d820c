// The newsletter's settings row (docs/decisions/060): kept apart from the
// site settings every studio page loads, read by the pages that show the join
// form and by the Settings screen's loader.
import { sql } from "drizzle-orm";

import type { AppServices } from "~/context";
import { defaultNewsletterSettings } from "~/lib/newsletter-schema";
import type {
  NewsletterSettings,
  NewsletterSettingsInput,
} from "~/lib/newsletter-schema";
import type { Database } from "~database/client";
import { newsletterSettings } from "~database/schema";

import { reportReadFailure } from "./read-failure.server";

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

/** For a page's join form: a failed read shows the form as off (it sends nothing) and the page is not kept. */
export async function newsletterForPage(
  services: AppServices,
): Promise<NewsletterSettings> {
  try {
    return await readNewsletterSettings(services.db);
  } catch (error) {
    reportReadFailure(services, "newsletter settings").report(error);
    return defaultNewsletterSettings;
  }
}
