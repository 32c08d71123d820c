// A post that keeps its reader (issue 28): reading time, contents, where
// next, sharing, and coming back to the card that was left.
import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";

import { serverUrl } from "../../playwright.config";
import { gotoHydrated, notices } from "./support/journeys";

const seeded = serverUrl("seeded");
const LONG_POST = "/post/leading-across-generations";
const phone = { width: 390, height: 844 };

/** Follows a contents link and expects its heading at the top of the screen, under the header. */
async function jumpTo(page: Page, section: string, id: string) {
  const contents = page.getByRole("navigation", { name: "Contents" });
  await contents.getByRole("link", { name: section }).click();
  await expect(page).toHaveURL(`${seeded}${LONG_POST}#${id}`);
  const heading = page.locator(`[id="${id}"]`);
  await expect(heading).toBeInViewport();
  await expect
    .poll(() => heading.evaluate((node) => node.getBoundingClientRect().top))
    .toBeLessThan(200);
}

test("a long post lists its headings before the body on a phone, and each jumps to its heading", async ({
  page,
}) => {
  await page.setViewportSize(phone);
  await gotoHydrated(page, seeded + LONG_POST);
  const contents = page.getByRole("navigation", { name: "Contents" });
  await expect(contents.getByRole("link")).toHaveText([
    "Feedback, faster",
    "Patience, longer",
    "Listening across the table",
    "Questions before answers",
    "Silence is an answer too",
    "Making it a two-way street",
    "What I would tell a new manager",
  ]);
  // Before the body: above its first paragraph.
  const listBottom = await contents.evaluate(
    (node) => node.getBoundingClientRect().bottom,
  );
  const bodyTop = await page
    .getByText("At the Leadership Breakfast this morning")
    .evaluate((node) => node.getBoundingClientRect().top);
  expect(listBottom).toBeLessThan(bodyTop);

  await jumpTo(
    page,
    "Making it a two-way street",
    "making-it-a-two-way-street",
  );
  // Each heading carries a link to itself, for a reader to copy.
  const heading = page.getByRole("heading", {
    name: "Silence is an answer too",
  });
  await expect(
    heading.getByRole("link", { name: "Link to this section" }),
  ).toHaveAttribute("href", "#silence-is-an-answer-too");
});

test("the contents sit beside the body on a wide screen", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoHydrated(page, seeded + LONG_POST);
  const contents = page.getByRole("navigation", { name: "Contents" });
  const list = await contents.boundingBox();
  const body = await page
    .getByText("At the Leadership Breakfast this morning")
    .boundingBox();
  expect(list && body && list.x).toBeGreaterThanOrEqual(
    (body?.x ?? 0) + (body?.width ?? 0),
  );
  await jumpTo(
    page,
    "What I would tell a new manager",
    "what-i-would-tell-a-new-manager",
  );
  // It stays in view beside the section being read.
  await expect(contents).toBeInViewport();
});

test("without JavaScript the contents and heading links still jump", async ({
  browser,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: phone,
  });
  const page = await context.newPage();
  try {
    await page.goto(seeded + LONG_POST);
    await jumpTo(page, "Questions before answers", "questions-before-answers");
    await page
      .getByRole("heading", { name: "Patience, longer" })
      .getByRole("link", { name: "Link to this section" })
      .click();
    await expect(page).toHaveURL(`${seeded}${LONG_POST}#patience-longer`);
    await expect(page.locator("#patience-longer")).toBeInViewport();
  } finally {
    await context.close();
  }
});

test("a short post shows no contents list", async ({ page }) => {
  await page.goto(seeded + "/post/basement-jazz-quartet");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Contents" })).toHaveCount(
    0,
  );
});

test("reading time shows on the post and on its card", async ({ page }) => {
  await page.goto(seeded + "/content-hub");
  const card = page
    .getByRole("main")
    .getByRole("article")
    .filter({ hasText: "Leading Across Generations" });
  await expect(card).toContainText("July 25, 2025 · 3 min read");
  const short = page
    .getByRole("main")
    .getByRole("article")
    .filter({ has: page.locator('a[href="/post/basement-jazz-quartet"]') });
  await expect(short).toContainText("1 min read");

  await page.goto(seeded + LONG_POST);
  await expect(
    page
      .getByRole("article", { name: "Leading Across Generations" })
      .getByText("3 min read", { exact: true }),
  ).toBeVisible();
});

test("where next: the previous and next posts by date and related posts, all published, never the post itself", async ({
  page,
}) => {
  await page.setViewportSize(phone);
  await page.goto(seeded + "/post/rain-day-on-the-payette");
  const next = page.getByRole("navigation", { name: "Keep reading" });
  const pair = next.getByRole("list", { name: "Previous and next posts" });
  await expect(pair.getByRole("listitem")).toHaveCount(2);
  const hrefs = await next
    .getByRole("article")
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  const related = next.getByRole("list", { name: "Related posts" });
  await expect(related.getByRole("listitem")).toHaveCount(3);
  // The same category first: a hiking post's related posts are hikes.
  for (const item of await related.getByRole("listitem").all()) {
    await expect(item).toContainText("Hiking & Nature");
  }
  expect(hrefs).not.toContain("/post/rain-day-on-the-payette");
  expect(hrefs).toHaveLength(5);
  for (const href of hrefs) {
    expect((await page.request.get(seeded + href)).status()).toBe(200);
  }

  // Previous is the post before it by date in the Content Hub, next the one after.
  await page.goto(seeded + "/content-hub");
  const order = await page
    .getByRole("main")
    .getByRole("article")
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  const here = order.indexOf("/post/rain-day-on-the-payette");
  expect(here).toBeGreaterThan(0);
  await page.goto(seeded + "/post/rain-day-on-the-payette");
  const items = pair.getByRole("listitem");
  await expect(items.first()).toContainText("Previous post");
  await expect(items.first().getByRole("link")).toHaveAttribute(
    "href",
    order[here + 1] ?? "",
  );
  await expect(items.last()).toContainText("Next post");
  await expect(items.last().getByRole("link")).toHaveAttribute(
    "href",
    order[here - 1] ?? "",
  );
});

test("share links carry the post's canonical address, load nothing of the networks, and Copy link copies it", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const foreign: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith(seeded)) foreign.push(request.url());
  });
  await gotoHydrated(page, seeded + LONG_POST);
  const canonical = await page
    .locator('link[rel="canonical"]')
    .getAttribute("href");
  expect(canonical).toMatch(/\/post\/leading-across-generations$/);
  const encoded = encodeURIComponent(canonical ?? "");
  const share = page.getByRole("region", { name: "Share this post" });
  const expected: Array<[string, string]> = [
    [
      "Share on LinkedIn",
      `https://www.linkedin.com/sharing/share-offsite/?url=${encoded}`,
    ],
    [
      "Share on X",
      `https://x.com/intent/post?url=${encoded}&text=Leading%20Across%20Generations`,
    ],
    [
      "Share on Facebook",
      `https://www.facebook.com/sharer/sharer.php?u=${encoded}`,
    ],
    [
      "Share by Email",
      `mailto:?subject=Leading%20Across%20Generations&body=${encoded}`,
    ],
  ];
  for (const [name, href] of expected) {
    await expect(share.getByRole("link", { name })).toHaveAttribute(
      "href",
      href,
    );
  }
  await share.getByRole("button", { name: "Copy link" }).click();
  await expect(notices(page).getByText("Link copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    canonical,
  );
  expect(foreign).toEqual([]);
});

test("back from a post lands on the card that was left, on page 2 of the Content Hub", async ({
  page,
}) => {
  const base = serverUrl("archive");
  await page.setViewportSize(phone);
  await gotoHydrated(page, base + "/content-hub?page=2");
  const cards = page.getByRole("main").getByRole("article");
  const card = cards.nth(17);
  const title = (await card.getByRole("heading").textContent()) ?? "";
  await card.scrollIntoViewIfNeeded();
  await card.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);

  await page.goBack();
  await expect(page).toHaveURL(base + "/content-hub?page=2");
  await expect(
    page.getByRole("main").getByRole("article").filter({ hasText: title }),
  ).toBeInViewport();
});
