import { expect, test } from "@playwright/test";

test("client navigation shows the loading text, then the values", async ({
  page,
}) => {
  await page.goto("/");
  await page.route("**/about.data*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await page.setViewportSize({ width: 1400, height: 900 });
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "About Me" })
    .click();
  await expect(page.getByText("Loading values...")).toBeVisible();
  await expect(
    page.getByRole("heading", { name: "Integrity First" }),
  ).toBeVisible();
});
