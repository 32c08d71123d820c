// Small helpers the post-screen journeys share.
import type { Page } from "@playwright/test";

import { serverUrl } from "../../../playwright.config";

/** The notices (toasts) on the page. */
export function notices(page: Page) {
  return page
    .getByRole("region", { name: "Notifications (F8)" })
    .getByRole("listitem");
}

/**
 * Holds every request matching `url` until release() is called, so a journey
 * can see the page's loading state for as long as it needs, without timers.
 */
export async function holdRequests(page: Page, url: string) {
  const gate = Promise.withResolvers<undefined>();
  await page.route(url, async (route) => {
    await gate.promise;
    await route.continue();
  });
  return { release: () => gate.resolve(undefined) };
}

/** Resolves once the page has hydrated and its first requests have settled. */
export async function settled(page: Page) {
  await page.waitForLoadState("networkidle");
}

/**
 * Opens the seeded home page and follows a header link with the target's
 * data request held, so the target shows its loading texts until release().
 */
export async function navigateWithDataHeld(
  page: Page,
  linkName: string,
  dataUrl: string,
) {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(serverUrl("seeded") + "/");
  const held = await holdRequests(page, dataUrl);
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: linkName })
    .click();
  return held;
}
