// axe over every route of the route table, the 404 page and a post,
// at desktop and mobile widths, a test each: zero violations.
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

import { firstPostPath, POST_PATH, publicPages } from "~scripts/lib/budgets";

import { serverUrl } from "../../playwright.config";

const base = serverUrl("seeded");
const viewports = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
] as const;

/** Each page on its own: one page's axe run, not all of them, is what a time limit should bound. */
const pages = [
  ...publicPages(),
  { name: "the 404 page", path: "/no-such-page" },
];

for (const viewport of viewports) {
  for (const { name, path } of pages) {
    test(`${name} has no axe violations at ${viewport.name} width`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const target = path === POST_PATH ? await firstPostPath(base) : path;
      await page.goto(base + target);
      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
        .analyze();
      const problems = results.violations.map((violation) => {
        const targets = violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(" "))
          .join("; ");
        return `${target}: ${violation.id} (${violation.impact}) ${violation.help} — ${targets}`;
      });
      expect(problems).toEqual([]);
    });
  }
}

test("the open mobile menu has no axe violations", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${base}/`);
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
});
