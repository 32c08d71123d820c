// Small helpers the post-screen journeys share.
import type { Page } from "@playwright/test";

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
