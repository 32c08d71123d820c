// Shared steps for the section-page journeys.
import AxeBuilder from "@axe-core/playwright";
import { expect } from "@playwright/test";
import type { Locator, Page } from "@playwright/test";

import { serverUrl } from "../../../playwright.config";

/** The toast viewport (Radix names it after its hotkey). */
export function notices(page: Page): Locator {
  return page.getByRole("region", { name: "Notifications (F8)" });
}

/** Expects exactly one visible notice with this title and description. */
export async function expectNotice(
  page: Page,
  notice: { title: string; description: string; destructive: boolean },
) {
  const toast = notices(page).getByRole("listitem");
  await expect(toast).toHaveCount(1);
  await expect(toast.getByText(notice.title, { exact: true })).toBeVisible();
  await expect(
    toast.getByText(notice.description, { exact: true }),
  ).toBeVisible();
  await expect(toast).toHaveAttribute(
    "data-variant",
    notice.destructive ? "destructive" : "default",
  );
}

/**
 * Holds the client-navigation data request for `path` until the returned
 * function is called, so a journey can see the loading state for certain.
 */
export async function holdData(page: Page, path: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**${path}.data*`, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Answers this page's data requests from the `broken` server, whose content tables are unreadable. */
export async function answerDataFromBrokenServer(page: Page, path: string) {
  await page.route(`**${path}.data*`, async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({
      url: `${serverUrl("broken")}${url.pathname}${url.search}`,
    });
    await route.fulfill({ response });
  });
}

/** Opens a page through the header navigation (client-side), wide enough to show the navigation. */
export async function navigateByHeader(page: Page, linkName: string) {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: linkName, exact: true })
    .click();
}

/** The titles (h3) of the cards in a section, in the order shown. */
export function cardTitles(page: Page, sectionName: string): Locator {
  return page
    .getByRole("region", { name: sectionName, exact: true })
    .getByRole("heading", { level: 3 });
}

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
}

/** Collects script errors (hydration mismatches among them) while a journey runs. */
export function collectScriptErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    // A missing favicon or image is not a script error.
    if (message.type() !== "error") return;
    if (message.text().startsWith("Failed to load resource")) return;
    errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/**
 * Opens a section page from Home through the header while its data is held:
 * the spec's loading texts show (each as often as listed), then the content.
 */
export async function expectLoadingThenContent(
  page: Page,
  steps: { path: string; link: string; loadingTexts: string[]; loaded: string },
) {
  await page.goto(serverUrl("seeded") + "/");
  const release = await holdData(page, steps.path);
  await navigateByHeader(page, steps.link);
  const counts = new Map<string, number>();
  for (const text of steps.loadingTexts) {
    counts.set(text, (counts.get(text) ?? 0) + 1);
  }
  for (const [text, count] of counts) {
    await expect(page.getByText(text, { exact: true })).toHaveCount(count);
  }
  release();
  await expect(page.getByRole("heading", { name: steps.loaded })).toBeVisible();
  for (const text of counts.keys()) {
    await expect(page.getByText(text, { exact: true })).toHaveCount(0);
  }
}
