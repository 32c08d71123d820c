// The two halves (docs/decisions/058): every public page is a document sent
// with no framework runtime, only its page script and speculation rules;
// the owner's app is React Router's, with its stock scripts.
import { expect, test } from "@playwright/test";

import { navigation } from "~/config/navigation";

import { serverUrl } from "../../playwright.config";
import { gotoHydrated, holdTables, NO_HELD_SERVER } from "./support/journeys";

const publicPaths = [
  ...navigation.map((item) => item.href),
  "/events-calendar",
  "/search?q=trail",
  "/privacy",
  "/no-such-page",
];

test("every public page is a document: no framework script, its page script and speculation rules", async ({
  request,
}) => {
  for (const path of publicPaths) {
    const html = await (await request.get(serverUrl("seeded") + path)).text();
    expect(html, path).not.toContain("__reactRouter");
    expect(html, path).not.toMatch(/<script[^>]*type="module"/);
    expect(html, path).not.toContain('rel="modulepreload"');
    expect(html, path).toContain('<script type="speculationrules"');
    expect(html, path).toContain('id="notices"');
  }
});

test("the owner's app starts with React Router's own scripts", async ({
  request,
}) => {
  const html = await (
    await request.get(serverUrl("seeded") + "/sign-in")
  ).text();
  expect(html).toContain("__reactRouterContext");
  expect(html).toMatch(/<script[^>]*type="module"/);
  expect(html).not.toContain('<script type="speculationrules"');
});

test("a public page loads no script file until an island is wanted", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await gotoHydrated(page, serverUrl("seeded") + "/about");
  await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
  expect(scripts).toEqual([]);
});

test("a document whose data comes in time is sent whole, with nothing left to stream", async ({
  request,
}) => {
  // Once to warm the server's content cache: a busy machine's first read
  // may be slow enough to stream, which is the rule working, not failing.
  await request.get(serverUrl("seeded") + "/about");
  const html = await (await request.get(serverUrl("seeded") + "/about")).text();
  expect(html).toContain("Integrity First");
  expect(html).not.toContain("Loading values...");
  expect(html).not.toContain('<template id="B:');
});

test.describe("with no script at all", () => {
  test.use({ javaScriptEnabled: false });

  // React puts a streamed section in place with an inline script; without
  // one it stays where it came, shown by the stylesheet above the footer
  // (decision 062).
  test("a slow section is still read, above the footer, and its loading text leaves", async ({
    page,
  }) => {
    test.skip(NO_HELD_SERVER !== undefined, NO_HELD_SERVER);
    const held = await holdTables(["motivational_sections"]);
    try {
      await page.goto(serverUrl("held") + "/motivational", {
        waitUntil: "commit",
      });
      await expect(page.getByText("Share Your Motivation")).toBeVisible();
    } finally {
      await held.release();
    }
    const card = page.getByRole("heading", { name: "Lead With Heart" });
    await expect(card).toBeVisible();
    await expect(page.getByText("Loading inspiration...")).toBeHidden();
    const cardBox = await card.boundingBox();
    const footerBox = await page.getByRole("contentinfo").boundingBox();
    expect(cardBox?.y).toBeLessThan(footerBox?.y ?? 0);
  });
});
