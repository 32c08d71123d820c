// Archives a page at a time, on a database holding enough posts for three
// and more pages of every archive (the "archive" server: the demo content
// plus 100 generated posts).
import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";

import { serverUrl } from "../../playwright.config";
import {
  cardTitles,
  collectScriptErrors,
  expectNoAxeViolations,
  gotoHydrated,
} from "./support/journeys";

const base = serverUrl("archive");

async function cardDates(page: Page): Promise<string[]> {
  return page
    .getByRole("main")
    .getByRole("article")
    .locator("time")
    .evaluateAll((times) =>
      times.map((time) => time.getAttribute("datetime") ?? ""),
    );
}

test("the Content Hub pages through every post, newest first, by its page links", async ({
  page,
}) => {
  // Five page loads and an accessibility scan of a full page: slow on a busy machine.
  test.slow();
  const errors = collectScriptErrors(page);
  await gotoHydrated(page, base + "/content-hub");
  const pages = page.getByRole("navigation", { name: "Posts, pages" });
  await expect(pages.getByText("Page 1 of 5")).toBeVisible();
  await expect(page.getByRole("main").getByRole("article")).toHaveCount(24);
  const first = await cardDates(page);
  // The demo's newest post opens the first page, as with the demo alone.
  await expect(
    page.getByRole("main").getByRole("article").first().getByRole("heading"),
  ).toHaveText("Leading Across Generations");

  await pages.getByRole("link", { name: "Older" }).click();
  await expect(page).toHaveURL(base + "/content-hub?page=2");
  await expect(pages.getByText("Page 2 of 5")).toBeVisible();
  await expect(pages.getByRole("link", { name: "Page 2" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const second = await cardDates(page);
  expect(second).toHaveLength(24);

  await pages.getByRole("link", { name: "Page 5" }).click();
  await expect(page).toHaveURL(base + "/content-hub?page=5");
  await expect(pages.getByText("Page 5 of 5")).toBeVisible();
  // 116 posts: 4 full pages of 24 and 20 on the last.
  await expect(page.getByRole("main").getByRole("article")).toHaveCount(20);
  await expect(pages.getByRole("link", { name: "Older" })).toHaveCount(0);
  const last = await cardDates(page);

  // Newest first across the pages, without a post shown twice.
  const all = [...first, ...second];
  expect(all).toEqual([...all].sort().reverse());
  expect((second.at(-1) ?? "") >= (last[0] ?? "")).toBe(true);

  await pages.getByRole("link", { name: "Newer" }).click();
  await expect(page).toHaveURL(base + "/content-hub?page=4");
  await pages.getByRole("link", { name: "Page 1" }).click();
  await expect(page).toHaveURL(base + "/content-hub");
  await expect(pages.getByText("Page 1 of 5")).toBeVisible();
  expect(await cardDates(page)).toEqual(first);
  await expectNoAxeViolations(page);
  expect(errors).toEqual([]);
});

test("each category page features its newest post on every page, and pages through the rest", async ({
  page,
}) => {
  await gotoHydrated(page, base + "/hiking?page=3");
  await expect(
    page.getByRole("region", { name: "Latest Adventure" }),
  ).toContainText("Seven Lakes in One Long Day");
  const trails = page.getByRole("navigation", {
    name: "Trail adventures, pages",
  });
  await expect(trails.getByText("Page 3 of 3")).toBeVisible();
  // 29 hikes: 12, 12, then 5.
  await expect(cardTitles(page, "Recent Trail Adventures")).toHaveCount(5);
  await expect(
    cardTitles(page, "Recent Trail Adventures").first(),
  ).not.toHaveText("Seven Lakes in One Long Day");

  await trails.getByRole("link", { name: "Page 1" }).click();
  await expect(page).toHaveURL(base + "/hiking#recent-trails-heading");
  await expect(cardTitles(page, "Recent Trail Adventures")).toHaveCount(12);
  await expect(cardTitles(page, "Recent Trail Adventures").first()).toHaveText(
    "Seven Lakes in One Long Day",
  );

  await gotoHydrated(page, base + "/music?page=2");
  await expect(
    page.getByRole("region", { name: "Latest Discovery" }),
  ).toBeVisible();
  await expect(cardTitles(page, "Recent Concert Experiences")).toHaveCount(12);

  await gotoHydrated(page, base + "/travel?page=4");
  await expect(
    page.getByRole("region", { name: "Latest Adventure" }),
  ).toBeVisible();
  // 29 journeys: three pages of 8, then 5.
  await expect(
    page
      .getByRole("region", { name: "Recent Adventures", exact: true })
      .getByRole("article"),
  ).toHaveCount(5);
});

test("a page past the last, or not a page, is not found", async ({
  request,
}) => {
  for (const path of [
    "/content-hub?page=6",
    "/hiking?page=0",
    "/music?page=two",
    "/travel?page=02",
  ]) {
    const response = await request.get(base + path);
    expect(response.status(), path).toBe(404);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("page 2 is a complete page whose links lead on", async ({ page }) => {
    await page.goto(base + "/music?page=2");
    await expect(page).toHaveTitle("Live Music, Page 2 | Live Seasoned");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      /\/music\?page=2$/,
    );
    await expect(page.locator('head link[rel="prev"]')).toHaveAttribute(
      "href",
      /\/music$/,
    );
    await expect(page.locator('head link[rel="next"]')).toHaveAttribute(
      "href",
      /\/music\?page=3$/,
    );
    await expect(cardTitles(page, "Recent Concert Experiences")).toHaveCount(
      12,
    );
    await page
      .getByRole("navigation", { name: "Concert experiences, pages" })
      .getByRole("link", { name: "Older" })
      .click();
    await expect(page).toHaveURL(
      base + "/music?page=3#recent-concerts-heading",
    );
    // 30 concerts: 12, 12, then 6.
    await expect(cardTitles(page, "Recent Concert Experiences")).toHaveCount(6);
  });
});

test("the sitemap lists every archive page and every post; the feed carries the newest 20", async ({
  request,
}) => {
  const sitemap = await (await request.get(base + "/sitemap.xml")).text();
  for (const path of [
    "/content-hub?page=5",
    "/hiking?page=3",
    "/music?page=3",
    "/travel?page=4",
  ]) {
    expect(sitemap, path).toContain(
      `<loc>${base}${path.replace("&", "&amp;")}</loc>`,
    );
  }
  expect(sitemap).not.toContain("/content-hub?page=6");
  expect(sitemap.match(/\/post\//g)).toHaveLength(116);

  const rss = await (await request.get(base + "/rss.xml")).text();
  expect(rss.match(/<item>/g)).toHaveLength(20);
  expect(rss).toContain(`<link>${base}/post/leading-across-generations</link>`);
});
