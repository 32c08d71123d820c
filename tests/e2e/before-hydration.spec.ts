// What a visitor can do in the first second, before React has loaded
// (docs/decisions/039-paint-first-as-it-stands.md): the page's scripts are
// held back, everything is clicked, then the scripts are let through.
import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";

import { site } from "~/config/site";
import {
  collectScriptErrors,
  gotoHydrated,
  holdRequests,
  notices,
} from "./support/journeys";

const notImplemented = "Feature Not Implemented";

/**
 * Opens `path` with every script held, once the page has painted and its
 * boot script has asked for them: React is not there, nothing hydrated.
 */
async function openWithScriptsHeld(page: Page, path: string) {
  const requested: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") requested.push(request.url());
  });
  const held = await holdRequests(page, "**/assets/*.js");
  await page.goto(path, { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The scripts start after the first frame; then they wait here.
  await expect.poll(() => requested.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => typeof window.__replayEarlyEvents)).toBe(
    "function",
  );
  return held;
}

test.describe("on a phone, before the scripts arrive", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the mobile menu opens, closes with its button and Escape, and its links navigate", async ({
    page,
  }) => {
    const errors = collectScriptErrors(page);
    await openWithScriptsHeld(page, "/about");
    const button = page.getByRole("button", { name: "Open menu" });
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeHidden();

    await button.click();
    await expect(menu).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(menu.getByRole("link", { name: "About Me" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await menu.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toBeFocused();

    await button.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();

    await button.click();
    await menu.getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page).toHaveTitle(`Contact | Live ${site.productName}`);
    expect(errors).toEqual([]);
  });

  for (const name of ["LinkedIn", "Twitter"]) {
    test(`the footer's ${name} button answers once React arrives`, async ({
      page,
    }) => {
      const errors = collectScriptErrors(page);
      const held = await openWithScriptsHeld(page, "/about");
      await page.getByRole("contentinfo").getByRole("button", { name }).click();
      await expect(notices(page)).toHaveCount(0);

      held.release();
      await expect(notices(page)).toHaveCount(1);
      await expect(notices(page)).toContainText(notImplemented);
      await expect(page).toHaveURL(/\/about$/);
      expect(errors).toEqual([]);
    });
  }

  test("the newsletter form answers once React arrives, without reloading or sending anything", async ({
    page,
  }) => {
    const errors = collectScriptErrors(page);
    const held = await openWithScriptsHeld(page, "/");
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(request.url());
    });
    const form = page.getByRole("form", { name: "Join the Newsletter" });
    await form
      .getByRole("textbox", { name: "Email address" })
      .fill("reader@example.com");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(notices(page)).toHaveCount(0);

    held.release();
    await expect(notices(page)).toHaveCount(1);
    await expect(notices(page)).toContainText(notImplemented);
    await expect(page).toHaveURL(/\/$/);
    expect(documents).toEqual([]);
    expect(errors).toEqual([]);
  });
});

test("a header link navigates before the scripts arrive", async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await openWithScriptsHeld(page, "/");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "About Me", exact: true })
    .click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page).toHaveTitle(`About Me | Live ${site.productName}`);
});

test("the first paint needs no stylesheet or script request; the app still hydrates", async ({
  page,
}) => {
  const response = await page.request.get("/");
  const html = await response.text();
  const head = html.slice(0, html.indexOf("</head>"));
  expect(head).not.toMatch(/<link[^>]+rel="stylesheet"/);
  expect(head).toMatch(/<style nonce="[^"]+" data-used-css>/);
  expect(html).not.toMatch(/<link[^>]+rel="modulepreload"/);
  expect(html).not.toMatch(/<script[^>]+src=/);

  const errors = collectScriptErrors(page);
  await gotoHydrated(page, "/");
  // The full stylesheet follows the first paint, adopted by React; it
  // applies once the page shows something the server did not send.
  const sheet = page.locator('head link[rel="stylesheet"][data-precedence]');
  await expect(sheet).toHaveCount(1);
  await expect(sheet).toHaveAttribute("media", "print");
  await page
    .getByRole("contentinfo")
    .getByRole("button", { name: "LinkedIn" })
    .click();
  await expect(notices(page)).toHaveCount(1);
  await expect(sheet).not.toHaveAttribute("media");
  // The notice's own rules (its red card) come from that sheet.
  await expect(notices(page)).toHaveCSS(
    "background-color",
    "oklch(0.505 0.213 27.518)",
  );
  expect(errors).toEqual([]);
});

test("hovering a header link fetches that screen's code ahead, within the CSP", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  const errors = collectScriptErrors(page);
  await gotoHydrated(page, "/");
  const link = page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Live Music", exact: true });
  const prefetched = page.waitForRequest(/\/assets\/music-[\w-]+\.js$/);
  await link.hover();
  await prefetched;
  await link.click();
  await expect(page).toHaveURL(/\/music$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
});

test.describe("the scripts wait for the page's largest paint", () => {
  test.use({ viewport: { width: 412, height: 823 } });

  // The pages whose largest paint is text, in the order a visitor might read them.
  for (const path of ["/", "/about", "/contact", "/community"]) {
    test(`${path}: no script is asked for until two frames have passed with no larger paint`, async ({
      page,
    }) => {
      await page.addInitScript(() => {
        const record = {
          frame: 0,
          paints: [] as Array<{ frame: number; at: number }>,
          firstScript: null as {
            frame: number;
            at: number;
            paintsSeen: number;
          } | null,
        };
        Object.assign(window, { __paintRecord: record });
        const tick = () => {
          record.frame += 1;
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            // Text only: an image may paint whenever it arrives, and is not waited for.
            if ((entry as LargestContentfulPaint).url) continue;
            record.paints.push({ frame: record.frame, at: entry.startTime });
          }
        }).observe({ type: "largest-contentful-paint", buffered: true });
        new MutationObserver(() => {
          if (
            !record.firstScript &&
            document.querySelector('link[rel="modulepreload"]')
          ) {
            record.firstScript = {
              frame: record.frame,
              at: performance.now(),
              paintsSeen: record.paints.length,
            };
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(path);
      const record = await page.waitForFunction(() => {
        const { __paintRecord: seen } = window as unknown as {
          __paintRecord: {
            frame: number;
            paints: Array<{ frame: number; at: number }>;
            firstScript: {
              frame: number;
              at: number;
              paintsSeen: number;
            } | null;
          };
        };
        return seen.firstScript
          ? { paints: seen.paints, firstScript: seen.firstScript }
          : null;
      });
      const seen = await record.jsonValue();
      if (!seen) throw new Error(`${path}: no script was asked for`);
      const { paints, firstScript } = seen;
      // What the page could know when it asked: the paints reported by then.
      const largest = paints[firstScript.paintsSeen - 1];
      if (!largest) throw new Error(`${path}: scripts before any paint`);
      expect(firstScript.frame - largest.frame).toBeGreaterThanOrEqual(2);
      expect(firstScript.at).toBeGreaterThan(largest.at);
    });
  }
});
