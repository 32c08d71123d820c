// The steps browser journeys share: opening a page ready for the visitor,
// holding requests to see loading states, reading notices, and the
// accessibility and script-error checks.
import AxeBuilder from "@axe-core/playwright";
import pg from "pg";
import { expect } from "@playwright/test";
import type { Browser, Locator, Page } from "@playwright/test";

import { isAppPath } from "~/lib/app-or-document";

import { heldDatabaseUrl, serverUrl } from "../../../playwright.config";

import { visitorAddress } from "./auth";

/**
 * Opens a page ready for the visitor: a public page is a document whose
 * inline page script has run once it has loaded, and whose islands started
 * after the first paint are in place (docs/decisions/058); a
 * page of the owner's app is ready once React has hydrated all of it, so a
 * click reaches the app's handlers rather than the bare server HTML, and
 * the effects of hydrating (notices carried by loader data) have run.
 */
export async function gotoHydrated(
  page: Page,
  url: string,
  options: { referer?: string } = {},
) {
  const response = await page.goto(url, options);
  if (!isAppPath(new URL(page.url()).pathname)) {
    // The islands a document starts once it has painted (app/islands/).
    await page.waitForFunction(
      () =>
        document.querySelector(
          '[data-island-when="idle"]:not([data-island-ready])',
        ) === null,
    );
    return response;
  }
  await page.waitForFunction(() => {
    const hydrated = (node: Node) =>
      Object.keys(node).some((key) => key.startsWith("__reactFiber"));
    const main = document.querySelector("main");
    if (main === null || !hydrated(main)) return false;
    // React hydrates each server-rendered Suspense boundary (<!--$-->…<!--/$-->)
    // after the shell around it: wait until the first element of each has a fiber.
    const comments = document.createTreeWalker(main, NodeFilter.SHOW_COMMENT);
    for (
      let marker = comments.nextNode();
      marker;
      marker = comments.nextNode()
    ) {
      if (marker.nodeValue !== "$") continue;
      let node = marker.nextSibling;
      while (
        node !== null &&
        node.nodeType !== Node.ELEMENT_NODE &&
        node.nodeValue !== "/$"
      ) {
        node = node.nextSibling;
      }
      if (node?.nodeType === Node.ELEMENT_NODE && !hydrated(node)) return false;
    }
    return true;
  });
  // Effects run in a task React posts after committing; a message posted now runs after it.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );
  return response;
}

/** The notices (toasts) showing, one list item each. */
export function notices(page: Page): Locator {
  return page
    .getByRole("region", { name: "Notifications (F8)" })
    .getByRole("listitem");
}

/** Expects exactly one notice, with this title, description and variant. */
export async function expectNotice(
  page: Page,
  notice: { title: string; description: string; destructive: boolean },
) {
  const toast = notices(page);
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

/** Follows a header link (client-side), wide enough to show the navigation. */
export async function navigateByHeader(page: Page, linkName: string) {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: linkName, exact: true })
    .click();
}

/** Why the journeys on the held server are skipped: it needs PostgreSQL. */
export const NO_HELD_SERVER =
  heldDatabaseUrl() === undefined
    ? "the held server runs on PostgreSQL: set TEST_DATABASE_URL"
    : undefined;

/**
 * Holds every read of these tables on the held server until release(): a
 * transaction of the journey's own locks them, so the server's queries wait
 * on PostgreSQL as they would behind any slow read, with nothing of the
 * site's code told.
 */
export async function holdTables(tables: string[]) {
  const client = new pg.Client({ connectionString: heldDatabaseUrl() });
  await client.connect();
  await client.query("begin");
  await client.query(
    `lock table ${tables.join(", ")} in access exclusive mode`,
  );
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      await client.query("rollback");
      await client.end();
    },
  };
}

/**
 * Makes every read of a table on the held server fail until repair(): the
 * journey's own connection renames it, as a broken table would be.
 */
export async function breakTable(table: string) {
  const client = new pg.Client({ connectionString: heldDatabaseUrl() });
  await client.connect();
  await client.query(`alter table ${table} rename to ${table}_broken`);
  return {
    async repair() {
      await client.query(`alter table ${table}_broken rename to ${table}`);
      await client.end();
    },
  };
}

/**
 * Opens a page of the held server while the tables of its slow sections
 * are held: the document comes with each section's loading text (each as
 * often as listed), then React streams the sections in once the reads
 * go through (docs/decisions/062).
 */
export async function expectLoadingThenContent(
  page: Page,
  steps: {
    path: string;
    tables: string[];
    loadingTexts: string[];
    loaded: string;
  },
) {
  const counts = new Map<string, number>();
  for (const text of steps.loadingTexts) {
    counts.set(text, (counts.get(text) ?? 0) + 1);
  }
  const held = await holdTables(steps.tables);
  try {
    await page.goto(serverUrl("held") + steps.path, { waitUntil: "commit" });
    for (const [text, count] of counts) {
      await expect(page.getByText(text, { exact: true })).toHaveCount(count);
      await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByRole("heading", { name: steps.loaded })).toHaveCount(
      0,
    );
  } finally {
    await held.release();
  }
  await expect(page.getByRole("heading", { name: steps.loaded })).toBeVisible();
  for (const text of counts.keys()) {
    await expect(page.getByText(text, { exact: true })).toHaveCount(0);
  }
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
 * Sends a message through the public contact form as a visitor of its own
 * (its own address, so the form's rate limit is its own); returns its words.
 */
export async function sendContactMessage(
  browser: Browser,
  base: string,
  name: string,
  token: string,
): Promise<string> {
  const context = await browser.newContext({
    extraHTTPHeaders: { "X-Forwarded-For": visitorAddress() },
  });
  const page = await context.newPage();
  await gotoHydrated(page, `${base}/contact`);
  const message = `Could we talk about a workshop? (${token})\nThanks!`;
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await page
    .getByRole("textbox", { name: "Email", exact: true })
    .fill("quinn.harper@example.org");
  await page
    .getByRole("textbox", { name: "Message", exact: true })
    .fill(message);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Message Sent!" }),
  ).toBeVisible();
  await context.close();
  return message;
}
