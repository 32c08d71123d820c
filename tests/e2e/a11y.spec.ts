// axe over every route of the route table, the 404 page and a post,
// at desktop and mobile widths: zero violations.
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

import { firstPostPath, specRoutes } from "~scripts/lib/budgets";

import { serverUrl } from "../../playwright.config";

const base = serverUrl("seeded");
const viewports = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
] as const;

async function pagesToCheck(): Promise<string[]> {
  const post = await firstPostPath(base);
  return [
    ...specRoutes.map((route) =>
      route.routeId === "routes/post" ? post : route.path,
    ),
    "/no-such-page",
  ];
}

for (const viewport of viewports) {
  test(`every page has no axe violations at ${viewport.name} width`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize(viewport);
    const problems: string[] = [];
    for (const path of await pagesToCheck()) {
      await page.goto(base + path);
      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
        .analyze();
      for (const violation of results.violations) {
        const targets = violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(" "))
          .join("; ");
        problems.push(
          `${path}: ${violation.id} (${violation.impact}) ${violation.help} — ${targets}`,
        );
      }
    }
    expect(problems).toEqual([]);
  });
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
