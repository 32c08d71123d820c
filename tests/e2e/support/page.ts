import type { Page } from "@playwright/test";

/**
 * Opens a page and waits until React has hydrated it, so a click reaches the
 * app's handlers rather than the bare server HTML.
 */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await page.waitForFunction(() =>
    Object.keys(document.querySelector("main") ?? {}).some((key) =>
      key.startsWith("__reactFiber"),
    ),
  );
  return response;
}
