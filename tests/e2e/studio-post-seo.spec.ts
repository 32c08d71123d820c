// A post's search and sharing fields (decision 043): the owner gives a post a
// search title, a description, a canonical address and a social image from
// the media library, sees the previews, publishes, and visitors' search
// engines and link previews get them; cleared, the post shows as before.
import { expect, test } from "@playwright/test";
import type { Browser, Page } from "@playwright/test";

import { serverUrl } from "../../playwright.config";
import { signInAsOwner, visitorAddress } from "./support/auth";
import { expectSaved, newPost, uniqueTitle } from "./support/editor";
import { expectNoAxeViolations, gotoHydrated } from "./support/journeys";

const base = serverUrl("mutable");

test.beforeEach(async ({ context, page }) => {
  // A whole journey of several screens, on a shared, busy machine.
  test.slow();
  await context.setExtraHTTPHeaders({ "x-forwarded-for": visitorAddress() });
  await signInAsOwner(page, base);
});

/** What a visitor's browser (and a crawler) finds in the public post's head, once hydrated. */
async function publicHead(browser: Browser, path: string) {
  const context = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-for": visitorAddress() },
  });
  try {
    const page = await context.newPage();
    await gotoHydrated(page, `${base}${path}`);
    const head = page.locator("head");
    const meta = (selector: string) =>
      head.locator(`meta[${selector}]`).getAttribute("content");
    const structured = (
      await page.locator('script[type="application/ld+json"]').allTextContents()
    ).flatMap((text) => {
      const value: unknown = JSON.parse(text);
      return Array.isArray(value) ? value : [value];
    }) as Array<Record<string, unknown>>;
    const posting = structured.find((item) => item["@type"] === "BlogPosting");
    return {
      title: await page.title(),
      description: await meta('name="description"'),
      ogTitle: await meta('property="og:title"'),
      ogDescription: await meta('property="og:description"'),
      ogImage: await meta('property="og:image"'),
      ogUrl: await meta('property="og:url"'),
      twitterCard: await meta('name="twitter:card"'),
      canonical: await head
        .locator('link[rel="canonical"]')
        .getAttribute("href"),
      headline: posting?.headline,
      jsonDescription: posting?.description,
      jsonImage: posting?.image,
      jsonUrl: posting?.url,
    };
  } finally {
    await context.close();
  }
}

const searchFields = (page: Page) =>
  page.getByRole("group", { name: "Search and sharing" });

test("a post's search title, description, canonical address and social image reach its head, its cards and its JSON-LD; cleared, they fall back", async ({
  page,
  browser,
}) => {
  const title = uniqueTitle("Sunrise on the Ridge");
  const excerpt = "Up before the sun on the ridge trail.";
  await newPost(page, base, title);
  await page.getByLabel("Excerpt").fill(excerpt);
  await page.getByLabel("Category").fill("Hiking & Nature");
  await page.getByRole("textbox", { name: "Body" }).click();
  await page.keyboard.type("The trail was quiet at dawn.");
  await expectSaved(page);
  const slug = title.toLowerCase().replaceAll(" ", "-");
  const own = `${base}/post/${slug}`;

  const fields = searchFields(page);
  const searchResult = fields.getByRole("figure", {
    name: "As a search result",
  });
  const card = fields.getByRole("figure", { name: "As a shared card" });
  // Empty, the previews show what the post shows today.
  await expect(fields.getByLabel("Search title")).toHaveAccessibleDescription(
    `Empty: “${title} | Live Seasoned”. Search results show about 60 characters.`,
  );
  await expect(searchResult).toContainText(`${title} | Live Seasoned`);
  await expect(searchResult).toContainText(excerpt);
  // The card the server draws for the working copy, before it is public.
  const drawn = card.getByRole("img", {
    name: "The card the site draws for this post (as last saved)",
  });
  await expect(drawn).toHaveJSProperty("complete", true);
  expect(
    await drawn.evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBe(1200);

  const searchTitle = `Sunrise hikes: why start at five ${slug.slice(-6)}`;
  const searchDescription =
    "The ridge trail at dawn: what an early start gives a leader.";
  await fields.getByLabel("Search title").fill(searchTitle);
  await expect(fields.getByLabel("Search title")).toHaveAccessibleDescription(
    `${searchTitle.length} characters; search results show about 60.`,
  );
  await fields.getByLabel("Search description").fill(searchDescription);
  await expect(searchResult).toContainText(searchTitle);
  await expect(searchResult).toContainText(searchDescription);
  await expect(card).toContainText(searchTitle);

  // A canonical address must be a secure one; the form says so and saves nothing.
  const canonical = fields.getByLabel("Canonical address");
  await canonical.fill("http://elsewhere.example.com/sunrise");
  await page.keyboard.press("ControlOrMeta+s");
  await expect(canonical).toHaveAccessibleDescription(
    /Give the full secure address of the original \(https:\/\/…\), or leave it empty\./,
  );
  await expect(canonical).toHaveAttribute("aria-invalid", "true");
  const elsewhere = "https://elsewhere.example.com/sunrise";
  await canonical.fill(elsewhere);
  await expect(searchResult).toContainText("elsewhere.example.com/sunrise");

  // The social image comes from the media library.
  await fields
    .getByRole("button", { name: "Choose or upload a social image" })
    .click();
  const picker = page.getByRole("dialog", { name: "Social image" });
  await picker
    .locator("label", { has: page.getByRole("radio") })
    .first()
    .click();
  await picker.getByRole("button", { name: "Use as social image" }).click();
  await expect(picker).toBeHidden();
  const imageField = fields.getByLabel("Social image address");
  await expect(imageField).toHaveValue(/^\/media\/[0-9a-f]{20}-.+\.jpg$/);
  const socialImage = await imageField.inputValue();
  await expect(
    card.getByRole("img", { name: "The post's picture for shared cards" }),
  ).toHaveAttribute("src", socialImage);
  await expectSaved(page);
  // The fields and previews pass axe, and fit a phone without scrolling sideways.
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await fields.scrollIntoViewIfNeeded();
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    ),
  ).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("button", { name: "Update" })).toBeVisible();

  expect(await publicHead(browser, `/post/${slug}`)).toEqual({
    title: searchTitle,
    description: searchDescription,
    ogTitle: searchTitle,
    ogDescription: searchDescription,
    ogImage: `${base}${socialImage}`,
    ogUrl: elsewhere,
    twitterCard: "summary_large_image",
    canonical: elsewhere,
    headline: searchTitle,
    jsonDescription: searchDescription,
    jsonImage: `${base}${socialImage}`,
    jsonUrl: elsewhere,
  });

  // Cleared, each field falls back to what the post shows without it.
  await fields.getByLabel("Search title").fill("");
  await fields.getByLabel("Search description").fill("");
  await canonical.fill("");
  await imageField.fill("");
  await expectSaved(page);
  const unpublished = page.getByText("Unpublished changes", { exact: true });
  await expect(unpublished).toBeVisible();
  await page.getByRole("button", { name: "Update" }).click();
  await expect(unpublished).toBeHidden();

  const drawnCard = `${base}/social/post/${slug}.png`;
  expect(await publicHead(browser, `/post/${slug}`)).toEqual({
    title: `${title} | Live Seasoned`,
    description: excerpt,
    ogTitle: `${title} | Live Seasoned`,
    ogDescription: excerpt,
    ogImage: drawnCard,
    ogUrl: own,
    twitterCard: "summary_large_image",
    canonical: own,
    headline: title,
    jsonDescription: excerpt,
    jsonImage: drawnCard,
    jsonUrl: own,
  });
});
