// Search: the header's box, the /search page with and without JavaScript,
// highlighted matches, pages of results and the empty state.
import { expect, test } from "@playwright/test";

import { serverUrl } from "../../playwright.config";
import {
  collectScriptErrors,
  expectNoAxeViolations,
  gotoHydrated,
} from "./support/journeys";

const base = serverUrl("archive");

test("the header's search finds a post by a word of its body and marks the word", async ({
  page,
}) => {
  const errors = collectScriptErrors(page);
  await gotoHydrated(page, base + "/hiking");
  const box = page.getByRole("searchbox", { name: "Search posts" }).first();
  await box.fill("Toxaway");
  await box.press("Enter");
  await expect(page).toHaveURL(base + "/search?q=Toxaway");
  await expect(
    page.getByRole("heading", { level: 1, name: "Search" }),
  ).toBeVisible();
  await expect(page.getByRole("status")).toHaveText(
    "1 post matches “Toxaway”.",
  );
  const result = page.getByRole("main").getByRole("article");
  await expect(result.getByRole("link")).toHaveText(
    "Seven Lakes in One Long Day",
  );
  await expect(result.locator("mark").first()).toHaveText("Toxaway");
  await result.getByRole("link").click();
  await expect(page).toHaveURL(base + "/post/alpine-lakes-loop");
  // The URL changes before the post has arrived (its loading state has no h1).
  await expect(
    page.getByRole("heading", {
      level: 1,
      name: "Seven Lakes in One Long Day",
    }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  expect(errors).toEqual([]);
});

test("a search finds posts by their concert details, and shows results a page at a time", async ({
  page,
}) => {
  // "Neurolux" is only ever a venue, in the posts' meta.
  await gotoHydrated(page, base + "/search?q=Neurolux");
  await expect(
    page.getByRole("main").getByRole("article").first(),
  ).toContainText("Live Music");

  await gotoHydrated(page, base + "/search?q=encore");
  const status = page.getByRole("status").first();
  await expect(status).toHaveText(/^\d+ posts match “encore”\.$/);
  const total = Number((await status.textContent())?.split(" ")[0]);
  expect(total).toBeGreaterThan(10);
  await expect(page.getByRole("main").getByRole("article")).toHaveCount(10);
  const pages = page.getByRole("navigation", { name: "Search results, pages" });
  await pages.getByRole("link", { name: "Older" }).click();
  await expect(page).toHaveURL(base + "/search?q=encore&page=2");
  await expect(
    page.getByRole("main").getByRole("article").first().locator("mark").first(),
  ).toHaveText(/encore/i);
  await expectNoAxeViolations(page);
});

test("a search with no match says so; an overlong one is refused with the reason", async ({
  page,
}) => {
  await gotoHydrated(page, base + "/search?q=zanzibarquux");
  await expect(page.getByText("No posts match “zanzibarquux”.")).toBeVisible();
  await expect(page.getByRole("main").getByRole("article")).toHaveCount(0);

  const response = await page.goto(base + `/search?q=${"long ".repeat(30)}`);
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("alert")).toHaveText(
    "Keep the search under 100 characters.",
  );
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the header's box submits to /search, whose results are marked", async ({
    page,
  }) => {
    await page.goto(base + "/content-hub");
    const box = page.getByRole("searchbox", { name: "Search posts" }).first();
    await box.fill("kyoto");
    await box.press("Enter");
    await expect(page).toHaveURL(base + "/search?q=kyoto");
    const results = page.getByRole("main").getByRole("article");
    await expect(results.first().locator("mark").first()).toHaveText(/kyoto/i);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute(
      "content",
      "noindex",
    );
  });
});
