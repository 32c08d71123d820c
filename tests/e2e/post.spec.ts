import { expect, test } from "@playwright/test";

import { site } from "~/config/site";

import { serverUrl } from "../../playwright.config";
import { signInAsOwner } from "./support/auth";
import { gotoHydrated, notices } from "./support/journeys";

test("a post shows its hero image, category, title, author, long date and content", async ({
  page,
}) => {
  await page.goto(serverUrl("seeded") + "/post/leading-across-generations");
  await expect(page).toHaveTitle(
    `Leading Across Generations | Live ${site.productName}`,
  );
  const article = page.getByRole("article", {
    name: "Leading Across Generations",
  });
  await expect(
    article.getByRole("heading", {
      level: 1,
      name: "Leading Across Generations",
    }),
  ).toBeVisible();
  await expect(article.getByText("Leadership", { exact: true })).toBeVisible();
  await expect(
    article.getByText(site.ownerName, { exact: true }),
  ).toBeVisible();
  await expect(article.locator("time")).toHaveText("July 25, 2025");
  await expect(
    article.getByRole("heading", { level: 2, name: "Feedback, faster" }),
  ).toBeVisible();
  await expect(
    article.getByText("Wisdom and innovation flow in both directions"),
  ).toBeVisible();

  // A hero of under 4 KB comes inside the page (inline-image.server.ts).
  const hero = article.locator("img").first();
  await expect(hero).toHaveAttribute("src", /^data:image\/svg\+xml,/);
  await expect(hero).toHaveJSProperty("naturalWidth", 1200);
  await expect(hero).toHaveAttribute("fetchpriority", "high");
  await expect(hero).toHaveAttribute("width", "1200");
  await expect(hero).toHaveAttribute("height", "675");

  await expect(article.getByRole("link", { name: "Edit" })).toHaveAttribute(
    "href",
    "/edit-post/leading-across-generations",
  );
  await expect(article.getByRole("button", { name: "Delete" })).toBeVisible();

  await page.getByRole("link", { name: "Back to All Posts" }).click();
  await expect(page).toHaveURL(serverUrl("seeded") + "/content-hub");
});

test("the post's response names its hero image, so the image starts before the HTML arrives; a small one comes inside the page", async ({
  page,
}) => {
  const url = serverUrl("seeded") + "/post/basement-jazz-quartet";
  const preload = await page.request.get(url);
  expect(preload.headers()["link"]).toBe(
    "</images/posts/basement-jazz-quartet.svg>; rel=preload; as=image; fetchpriority=high",
  );
  // The browser fetches it once: the preload and the <img> are one request.
  // (The cards under the post show other posts' images, lazily.)
  const heroes =
    /\/images\/posts\/(basement-jazz-quartet|leading-across-generations)\./;
  const images: string[] = [];
  page.on("request", (request) => {
    if (heroes.test(request.url())) images.push(request.url());
  });
  await page.goto(url, { waitUntil: "load" });
  const hero = page.locator("article > picture img, article > img").first();
  await expect(hero).toHaveJSProperty("complete", true);
  expect(images).toEqual([
    serverUrl("seeded") + "/images/posts/basement-jazz-quartet.svg",
  ]);

  // Under 4 KB, the hero is drawn from the page itself: no header, no request.
  images.length = 0;
  const small = serverUrl("seeded") + "/post/leading-across-generations";
  expect((await page.request.get(small)).headers()["link"]).toBeUndefined();
  await page.goto(small, { waitUntil: "load" });
  await expect(hero).toHaveJSProperty("naturalWidth", 1200);
  expect(images).toEqual([]);
});

test("the Edit link lands on the home page", async ({ page }) => {
  await page.goto(serverUrl("seeded") + "/post/first-light-on-the-ridge");
  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page).toHaveURL(serverUrl("seeded") + "/");
});

test("a missing post answers 404 with 'Post not found.' inside the layout", async ({
  page,
}) => {
  const response = await page.goto(serverUrl("seeded") + "/post/no-such-post");
  expect(response?.status()).toBe(404);
  await expect(
    page.getByRole("heading", { level: 1, name: "Post not found." }),
  ).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeAttached();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expect(
    page.getByRole("link", { name: "Back to All Posts" }),
  ).toHaveAttribute("href", "/content-hub");
});

test("a post's body comes once in its document, stays through hydration, and a client navigation brings the next one's", async ({
  page,
}) => {
  const url = serverUrl("seeded") + "/post/leading-across-generations";
  const sentence = "Wisdom and innovation flow in both directions";
  // Once: in the page's HTML, not again in the hydration data.
  const html = await (await page.request.get(url)).text();
  expect(html.split(sentence)).toHaveLength(2);
  await gotoHydrated(page, url);
  const body = page.locator(".post-content");
  await expect(body).toContainText(sentence);
  const first = await body.innerHTML();
  // A client navigation's data carries the body the page does not have yet.
  await page
    .getByRole("list", { name: "Previous and next posts" })
    .getByRole("link")
    .first()
    .click();
  await expect(page).not.toHaveURL(url);
  await expect(body).not.toContainText(sentence);
  await expect(body).not.toBeEmpty();
  await page.goBack();
  await expect(page).toHaveURL(url);
  await expect(body).toContainText(sentence);
  expect(await body.innerHTML()).toBe(first);
});

test("a failed read shows 'Post not found.' and the error notice", async ({
  page,
}) => {
  const response = await page.goto(
    serverUrl("broken") + "/post/leading-across-generations",
  );
  expect(response?.status()).toBe(503);
  await expect(
    page.getByRole("heading", { level: 1, name: "Post not found." }),
  ).toBeVisible();
  const notice = notices(page);
  await expect(notice).toContainText("Error");
  await expect(notice).toContainText("Could not fetch the post.");
});

test("stored scripts, event handlers and javascript: links never run", async ({
  page,
}) => {
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await gotoHydrated(page, serverUrl("mutable") + "/post/sanitiser-check");
  const content = page.locator(".post-content");
  await expect(content).toContainText("Before the payload.");
  await expect(content).toContainText("After the payload.");
  // Removed on the server, not merely blocked by the browser.
  await expect(content.locator("script")).toHaveCount(0);
  await expect(content.locator("[onerror], [onclick], [onload]")).toHaveCount(
    0,
  );
  const link = content.getByText("Payload link");
  expect(await link.getAttribute("href")).toBeNull();
  await link.click();
  // The excerpt's </script> stays text inside the structured data.
  const structured = await page
    .locator('script[type="application/ld+json"]')
    .allTextContents();
  expect(structured.map((text) => JSON.parse(text) as unknown)).toContainEqual(
    expect.objectContaining({
      "@type": "BlogPosting",
      description:
        "Stored HTML that must never run. </script><script>window.__xss=4</script>",
    }),
  );
  expect(await page.evaluate(() => "__xss" in window)).toBe(false);
  expect(dialogs).toEqual([]);
});

test("an anonymous visitor is asked to confirm, then refused, and the post stays", async ({
  page,
}) => {
  const url = serverUrl("mutable") + "/post/wildflowers-at-table-rock";
  await gotoHydrated(page, url);
  const deleteButton = page.getByRole("button", { name: "Delete" });

  await deleteButton.click();
  const dialog = page.getByRole("dialog", {
    name: "Are you sure you want to delete this post?",
  });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(deleteButton).toBeFocused();

  await deleteButton.click();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await deleteButton.click();
  await dialog.getByRole("button", { name: "Delete Post" }).click();
  const notice = notices(page);
  await expect(notice).toContainText("Error Deleting Post");
  await expect(notice).toContainText(
    "Only the site owner can delete posts. Please sign in.",
  );
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(url);

  await page.reload();
  await expect(
    page.getByRole("heading", { level: 1, name: "Wildflowers at Table Rock" }),
  ).toBeVisible();
  await page.goto(serverUrl("mutable") + "/content-hub");
  await expect(
    page.getByRole("link", { name: "Wildflowers at Table Rock" }),
  ).toBeVisible();
});

test("a plain form post of the delete (no JavaScript) is refused too", async ({
  page,
  request,
}) => {
  const url = serverUrl("mutable") + "/post/lisbon-on-tram-28";
  await gotoHydrated(page, url);
  await page.getByRole("button", { name: "Delete" }).click();
  const id = await page.locator('input[name="id"]').getAttribute("value");
  expect(id).toMatch(/^[0-9a-f-]{36}$/);

  const response = await request.post(url, {
    form: { intent: "delete", id: id ?? "" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
  await page.goto(url);
  await expect(
    page.getByRole("heading", { level: 1, name: "Lisbon on Tram 28" }),
  ).toBeVisible();
});

test("the signed-in owner deletes a post and lands on the Content Hub", async ({
  page,
}) => {
  const base = serverUrl("mutable");
  await signInAsOwner(page, base);
  await gotoHydrated(page, `${base}/post/rain-day-on-the-payette`);

  await page.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog", {
    name: "Are you sure you want to delete this post?",
  });
  await dialog.getByRole("button", { name: "Delete Post" }).click();

  await expect(page).toHaveURL(`${base}/content-hub`);
  const notice = notices(page);
  await expect(notice).toContainText("Post Deleted!");
  await expect(notice).toContainText("The post has been successfully deleted.");
  await expect(
    page.getByRole("link", { name: "A Rain Day on the Payette" }),
  ).toHaveCount(0);

  const gone = await page.goto(`${base}/post/rain-day-on-the-payette`);
  expect(gone?.status()).toBe(404);
  await expect(page.getByText("Post not found.")).toBeVisible();
});
