// The two halves (docs/decisions/058): every public page is a document sent
// with no framework runtime, only its page script and speculation rules;
// the owner's app is React Router's, with its stock scripts.
import { expect, test } from "@playwright/test";

import { navigation } from "~/config/navigation";

import { serverUrl } from "../../playwright.config";
import { gotoHydrated } from "./support/journeys";

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
