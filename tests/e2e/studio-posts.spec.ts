// The owner's posts in the studio: write, preview, publish, edit without
// publishing, two tabs, trash and restore, slug changes, keyboard only.
import { randomBytes, randomInt } from "node:crypto";

import { expect, test } from "@playwright/test";
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";

import {
  GOOGLE_DOCS_HTML,
  WORD_HTML,
  WORD_PROCESSOR_LEFTOVERS,
} from "~tests/support/word-processor-html";
import { serverUrl } from "../../playwright.config";
import { signInAsOwner, visitorAddress } from "./support/auth";
import {
  expectSaved,
  newPost as startPost,
  saveStatus,
  uniqueTitle,
} from "./support/editor";
import {
  collectScriptErrors,
  expectNoAxeViolations,
  gotoHydrated,
} from "./support/journeys";

const base = serverUrl("mutable");

test.beforeEach(async ({ context, page }) => {
  // Whole journeys of several screens each, on a shared, busy machine.
  test.slow();
  await context.setExtraHTTPHeaders({ "x-forwarded-for": visitorAddress() });
  await signInAsOwner(page, base);
});

const newPost = (page: Page) => startPost(page, base);

async function writePost(
  page: Page,
  post: { title: string; excerpt: string; category: string; body: string },
) {
  await page.getByLabel("Title", { exact: true }).fill(post.title);
  await page.getByLabel("Excerpt").fill(post.excerpt);
  await page.getByLabel("Category").fill(post.category);
  const body = page.getByRole("textbox", { name: "Body" });
  await body.click();
  await page.keyboard.type(post.body);
  // Autosave: the status settles on "Saved" without a button.
  await expectSaved(page);
}

async function publicStatus(page: Page, path: string): Promise<number> {
  const response = await page.request.get(`${base}${path}`, {
    maxRedirects: 0,
    headers: { cookie: "" },
  });
  return response.status();
}

test("create, preview and publish a hiking post: it shows on the Content Hub and Hiking", async ({
  page,
}) => {
  const title = uniqueTitle("Sunrise on the Ridge");
  const editor = await newPost(page);
  await writePost(page, {
    title,
    excerpt: "Up before the sun on the ridge trail.",
    category: "Hiking & Nature",
    body: "The trail was quiet at dawn.",
  });
  // The hiking details show only for the hiking category.
  const details = page.getByRole("group", { name: "Hiking details" });
  await expect(details).toBeVisible();
  await details.getByLabel("Location").fill("Blue Ridge");
  await details.getByLabel("Difficulty").selectOption("Challenging");
  await expectSaved(page);
  const slug = title.toLowerCase().replaceAll(" ", "-");
  // The address field's hint (the search preview shows the address too).
  await expect(
    page.getByText(`/post/${slug} (follows the title`, { exact: false }),
  ).toBeVisible();

  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page).toHaveURL(`${editor}/preview`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByText("The trail was quiet at dawn.")).toBeVisible();
  await expect(page.getByRole("note", { name: "Preview" })).toContainText(
    "not published",
  );
  expect(await publicStatus(page, `/post/${slug}`)).toBe(404);

  await page.getByRole("link", { name: "Back to the editor" }).click();
  await expect(page.getByRole("button", { name: "Publish" })).toBeVisible();
  await gotoHydrated(page, editor);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("button", { name: "Update" })).toBeVisible();

  await page.goto(`${base}/content-hub`);
  await expect(page.getByRole("link", { name: title }).first()).toBeVisible();
  await page.goto(`${base}/hiking`);
  await expect(page.getByText(title).first()).toBeVisible();
  await expect(page.getByText("Blue Ridge").first()).toBeVisible();
  await page.goto(`${base}/post/${slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
});

test("edits to a published post stay in the working copy until Update", async ({
  page,
}) => {
  const title = uniqueTitle("Working Copy");
  const editor = await newPost(page);
  await writePost(page, {
    title,
    excerpt: "First words.",
    category: "Notes",
    body: "Version one.",
  });
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("button", { name: "Update" })).toBeVisible();
  const slug = title.toLowerCase().replaceAll(" ", "-");

  await page.getByLabel("Title", { exact: true }).fill(`${title} (revised)`);
  await page.keyboard.press("ControlOrMeta+s");
  await expectSaved(page);
  await expect(page.getByText("Unpublished changes")).toBeVisible();
  const visitor = await page.context().browser()?.newPage();
  if (!visitor) throw new Error("no browser");
  await visitor.goto(`${base}/post/${slug}`);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(title);

  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByText("Unpublished changes")).toHaveCount(0);
  await visitor.reload();
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(
    `${title} (revised)`,
  );
  await visitor.close();

  // The history keeps every save and publish, with what changed.
  await gotoHydrated(page, `${editor}/history`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(
    "History",
  );
  await expect(page.getByText(`${title} (revised)`).first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test("two tabs, one post: the outdated save is refused with both versions shown", async ({
  page,
  context,
}) => {
  const title = uniqueTitle("Two Tabs");
  const editor = await newPost(page);
  await writePost(page, {
    title,
    excerpt: "Shared start.",
    category: "Notes",
    body: "Both tabs start here.",
  });
  const other = await context.newPage();
  await gotoHydrated(other, editor);

  await page.getByLabel("Excerpt").fill("Written in the first tab.");
  await page.keyboard.press("ControlOrMeta+s");
  await expectSaved(page);

  await other.getByLabel("Excerpt").fill("Written in the second tab.");
  await other.keyboard.press("ControlOrMeta+s");
  const conflict = other.getByRole("heading", {
    name: "This post was changed somewhere else",
  });
  await expect(conflict).toBeVisible();
  await expect(conflict).toBeFocused();
  await expect(other.getByText("Written in the first tab.")).toBeVisible();
  await expect(other.getByText("Written in the second tab.")).toBeVisible();
  await expectNoAxeViolations(other);

  // Nothing was overwritten.
  await gotoHydrated(page, editor);
  await expect(page.getByLabel("Excerpt")).toHaveValue(
    "Written in the first tab.",
  );

  await other.getByRole("button", { name: "Keep my version" }).click();
  await expectSaved(other);
  await gotoHydrated(page, editor);
  await expect(page.getByLabel("Excerpt")).toHaveValue(
    "Written in the second tab.",
  );
});

test("trash takes a post off the site, restore brings it back at the same address", async ({
  page,
}) => {
  const title = uniqueTitle("Into the Trash");
  await newPost(page);
  await writePost(page, {
    title,
    excerpt: "Soon deleted.",
    category: "Notes",
    body: "Still here after a restore.",
  });
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("button", { name: "Update" })).toBeVisible();
  const slug = title.toLowerCase().replaceAll(" ", "-");
  expect(await publicStatus(page, `/post/${slug}`)).toBe(200);

  await page.getByRole("button", { name: "Move to trash" }).click();
  await expect(page).toHaveURL(`${base}/studio/posts`);
  expect(await publicStatus(page, `/post/${slug}`)).toBe(404);

  await gotoHydrated(page, `${base}/studio/posts?state=trash`);
  await page.getByRole("button", { name: `Restore ${title}` }).click();
  await expect(
    page.getByText(`“${title}” is back on the site.`).first(),
  ).toBeVisible();
  expect(await publicStatus(page, `/post/${slug}`)).toBe(200);
});

test("the owner's Delete on the public post page moves the post to the trash", async ({
  page,
}) => {
  const title = uniqueTitle("Deleted From The Page");
  await newPost(page);
  await writePost(page, {
    title,
    excerpt: "Deleted where visitors read it.",
    category: "Notes",
    body: "Body.",
  });
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("button", { name: "Update" })).toBeVisible();
  const slug = title.toLowerCase().replaceAll(" ", "-");

  await gotoHydrated(page, `${base}/post/${slug}`);
  await page.getByRole("button", { name: "Delete" }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(page).toHaveURL(`${base}/content-hub`);

  await gotoHydrated(
    page,
    `${base}/studio/posts?state=trash&q=${encodeURIComponent(title)}`,
  );
  await expect(
    page.getByRole("button", { name: `Restore ${title}` }),
  ).toBeVisible();
});

test("a changed address answers 301 from the old one", async ({ page }) => {
  const title = uniqueTitle("Old Address");
  await newPost(page);
  await writePost(page, {
    title,
    excerpt: "About to move.",
    category: "Notes",
    body: "Moved.",
  });
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("button", { name: "Update" })).toBeVisible();
  const oldSlug = title.toLowerCase().replaceAll(" ", "-");
  const newSlug = `${oldSlug}-moved`;

  await page.getByLabel("Address", { exact: true }).fill(newSlug);
  await page.getByRole("button", { name: "Update" }).click();
  await expect(
    page.getByRole("link", { name: "View the live post" }),
  ).toHaveAttribute("href", `/post/${newSlug}`);

  const response = await page.request.get(`${base}/post/${oldSlug}`, {
    maxRedirects: 0,
  });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe(`/post/${newSlug}`);
  expect(await publicStatus(page, `/post/${newSlug}`)).toBe(200);
});

test("schedule a minute ahead: the post waits, scheduled, off the public site", async ({
  page,
}) => {
  const title = uniqueTitle("Scheduled Post");
  await newPost(page);
  await writePost(page, {
    title,
    excerpt: "Later.",
    category: "Notes",
    body: "Appears on its own.",
  });
  await page.getByRole("button", { name: "Schedule..." }).click();
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(page.getByText(/^Publishes /)).toBeVisible();
  const slug = title.toLowerCase().replaceAll(" ", "-");
  expect(await publicStatus(page, `/post/${slug}`)).toBe(404);
  await gotoHydrated(page, `${base}/studio/posts?state=scheduled`);
  await expect(page.getByRole("link", { name: title })).toBeVisible();
});

/** A PNG of its own colour: its bytes differ from every other journey's. */
async function uniquePng(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: randomInt(256), g: randomInt(256), b: randomInt(256) },
    },
  })
    .png()
    .toBuffer();
}

test("an image uploaded from the editor goes into the body with its alt text and becomes the hero; the public post shows them responsively", async ({
  page,
}) => {
  const title = uniqueTitle("Ridge Photos");
  const filename = `ridge-${randomBytes(3).toString("hex")}.png`;
  await newPost(page);
  await writePost(page, {
    title,
    excerpt: "Pictures from the ridge.",
    category: "Notes",
    body: "The view from the top.",
  });

  await page.getByRole("button", { name: "Image", exact: true }).click();
  const picker = page.getByRole("dialog", { name: "Insert an image" });
  await expect(picker).toBeVisible();
  await picker.getByLabel("Choose images").setInputFiles({
    name: filename,
    mimeType: "image/png",
    buffer: await uniquePng(1200, 800),
  });
  await expect(
    picker.getByRole("list", { name: "Uploads" }).getByRole("listitem"),
  ).toContainText("Uploaded");
  await expectNoAxeViolations(page);
  // Alt text is required before the image goes in.
  await picker.getByRole("button", { name: "Insert image" }).click();
  await expect(picker.getByRole("alert")).toHaveText(
    "Please describe the image (alt text) before placing it in the post.",
  );
  await picker
    .getByLabel("Alt text (required)")
    .fill("Morning light over the ridge");
  await picker.getByRole("button", { name: "Insert image" }).click();
  await expect(picker).toBeHidden();
  await expect(
    page
      .getByRole("textbox", { name: "Body" })
      .getByRole("img", { name: "Morning light over the ridge" }),
  ).toBeVisible();
  await expectSaved(page);

  // The same image, picked from the library, as the hero.
  await page
    .getByRole("button", { name: "Choose or upload a hero image" })
    .click();
  const hero = page.getByRole("dialog", { name: "Hero image" });
  await hero.getByText(filename).click();
  await hero.getByRole("button", { name: "Use as hero image" }).click();
  await expect(hero).toBeHidden();
  await expect(page.getByLabel("Hero image address")).toHaveValue(
    /^\/media\/[0-9a-f]{20}-1200x800\.jpg$/,
  );
  await expectSaved(page);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("button", { name: "Update" })).toBeVisible();

  const slug = title.toLowerCase().replaceAll(" ", "-");
  await page.goto(`${base}/post/${slug}`);
  const heroImage = page.locator("article > picture img").first();
  await expect(heroImage).toHaveAttribute("fetchpriority", "high");
  const bodyImage = page.getByRole("img", {
    name: "Morning light over the ridge",
  });
  await expect(bodyImage).toHaveAttribute("width", "1200");
  await expect(bodyImage).toHaveAttribute("height", "800");
  await expect(bodyImage).toHaveAttribute("srcset", /\/media\/.+ 480w, /);
  await expect(
    page.locator("picture", { has: bodyImage }).locator("source"),
  ).toHaveCount(2);
  await expect
    .poll(() =>
      bodyImage.evaluate((image: HTMLImageElement) => {
        image.scrollIntoView();
        return image.naturalWidth;
      }),
    )
    .toBeGreaterThan(0);
});

test("a body image without alt text (pasted from elsewhere) is refused with a clear message, and nothing is stored", async ({
  page,
}) => {
  const title = uniqueTitle("Pasted Picture");
  const editor = await newPost(page);
  await writePost(page, {
    title,
    excerpt: "Pasted.",
    category: "Notes",
    body: "Before the paste.",
  });
  await page.getByRole("textbox", { name: "Body" }).evaluate((body) => {
    const data = new DataTransfer();
    data.setData(
      "text/html",
      '<p>From a word processor</p><img src="/images/undescribed-photo.jpg">',
    );
    body.dispatchEvent(
      new ClipboardEvent("paste", {
        clipboardData: data,
        bubbles: true,
        cancelable: true,
      }),
    );
  });
  await expect(saveStatus(page)).toHaveText(
    /^Not saved: Every image in the body needs alt text .*\/images\/undescribed-photo\.jpg\.$/,
  );
  await expect(
    page.getByText(/^Every image in the body needs alt text/),
  ).toBeVisible();
  const preview = await page.request.get(`${editor}/preview`);
  const html = await preview.text();
  expect(html).toContain("Before the paste.");
  expect(html).not.toContain("undescribed-photo");
});

test("paste from a word processor stays clean: the markup goes; text, emphasis, links and lists stay", async ({
  page,
}) => {
  await newPost(page);
  const body = page.getByRole("textbox", { name: "Body" });
  await body.click();
  /** Pastes HTML as the clipboard would; the autosave that follows: what the editor sent, and what was stored. */
  const paste = async (html: string) => {
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith("/save") &&
        response.request().method() === "POST",
    );
    await body.evaluate((node, pasted) => {
      const data = new DataTransfer();
      data.setData("text/html", pasted);
      node.dispatchEvent(
        new ClipboardEvent("paste", {
          clipboardData: data,
          bubbles: true,
          cancelable: true,
        }),
      );
    }, html);
    const response = await saved;
    type Saved = { post: { content: string } };
    return [
      (response.request().postDataJSON() as Saved).post.content,
      ((await response.json()) as Saved).post.content,
    ];
  };

  for (const html of await paste(WORD_HTML)) {
    expect(html).not.toMatch(WORD_PROCESSOR_LEFTOVERS);
    // Word's blank lines (a paragraph holding a no-break space) go too.
    expect(html).not.toMatch(/&nbsp;|\u00a0/);
    expect(html).toContain("<p><strong>Trail notes</strong></p>");
    expect(html).toMatch(
      /<p>We left at <em>dawn<\/em> and reached the <a [^>]*href="https:\/\/example\.com\/hut"[^>]*>hut<\/a> by noon\.<\/p>/,
    );
    expect(html).toContain(
      "<ul><li><p>Water</p></li><li><p>Rain shell</p></li></ul><p>Then, in order:</p>",
    );
    expect(html).toMatch(
      /<ol[^>]*><li><p>Boots on<\/p><\/li><li><p>Out the door<\/p><\/li><\/ol>/,
    );
  }

  await page.keyboard.press("ControlOrMeta+a");
  for (const html of await paste(GOOGLE_DOCS_HTML)) {
    expect(html).not.toMatch(WORD_PROCESSOR_LEFTOVERS);
    // Its bold wrapper does not make the whole text bold; its styled spans do.
    expect(html).toMatch(
      /^<p>A quiet <strong>summit<\/strong><em>, finally\.<\/em><\/p>/,
    );
    expect(html).toContain("<h2>Gear</h2>");
    expect(html).not.toContain("Trail notes");
  }
});

test("the editor's own base styles apply, within the CSP", async ({ page }) => {
  const errors = collectScriptErrors(page);
  await newPost(page);
  // Tiptap's inline <style>: ProseMirror keeps the spaces the owner types.
  await expect(page.getByRole("textbox", { name: "Body" })).toHaveCSS(
    "white-space",
    "break-spaces",
  );
  expect(errors).toEqual([]);
});

test("travel coordinates: a click on the map sets them, and they are saved", async ({
  page,
}) => {
  const editor = await newPost(page);
  await writePost(page, {
    title: uniqueTitle("Harbour Walk"),
    excerpt: "Along the water.",
    category: "Travel Log",
    body: "Boats and gulls.",
  });
  const details = page.getByRole("group", { name: "Travel details" });
  const latitude = details.getByLabel("Latitude");
  const longitude = details.getByLabel("Longitude");
  await expect(latitude).toHaveValue("40.7128");
  const map = details.getByRole("group", {
    name: "Map for choosing the coordinates",
  });
  await expect(map.locator(".leaflet-container")).toBeVisible();
  await expectNoAxeViolations(page);
  // Up and to the left of the centre (clear of the zoom buttons in the
  // corner): further north, further west.
  await map
    .locator(".leaflet-container")
    .click({ position: { x: 120, y: 60 } });
  await expect(latitude).not.toHaveValue("40.7128");
  const picked = [await latitude.inputValue(), await longitude.inputValue()];
  expect(Number(picked[0])).toBeGreaterThan(40.7128);
  expect(Number(picked[1])).toBeLessThan(-74.006);
  expect(picked[0]).toMatch(/^-?\d+(\.\d{1,5})?$/);
  await expectSaved(page);

  await gotoHydrated(page, editor);
  await expect(latitude).toHaveValue(picked[0] ?? "");
  await expect(longitude).toHaveValue(picked[1] ?? "");
  // The inputs stay the keyboard's way in.
  await latitude.fill("48.8566");
  await longitude.fill("2.3522");
  await expectSaved(page);
});

/** Presses Tab (or Shift+Tab) until `target` has the focus. */
async function tabTo(page: Page, target: Locator, key = "Tab") {
  for (let presses = 0; presses < 60; presses += 1) {
    if (await target.evaluate((node) => node === document.activeElement)) {
      return;
    }
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

test("keyboard only: write and publish a post without the mouse", async ({
  page,
}) => {
  const title = uniqueTitle("Keyboard Only");
  await gotoHydrated(page, `${base}/studio/posts`);
  await tabTo(page, page.getByRole("link", { name: "New post" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${base}/studio/posts/new`);
  await expect(page.getByRole("textbox", { name: "Body" })).toBeVisible();

  await tabTo(page, page.getByLabel("Title", { exact: true }));
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(title);
  await tabTo(page, page.getByLabel("Category"));
  await page.keyboard.type("Notes");
  // A post is published with its body (the import refuses an empty one).
  await tabTo(page, page.getByRole("textbox", { name: "Body" }));
  await page.keyboard.type("Written without the mouse.");
  await tabTo(page, page.getByRole("button", { name: "Publish" }), "Shift+Tab");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Update" })).toBeVisible();
  const slug = title.toLowerCase().replaceAll(" ", "-");
  expect(await publicStatus(page, `/post/${slug}`)).toBe(200);
});

test("every studio screen is axe-clean", async ({ page }) => {
  const editor = await newPost(page);
  await page.getByLabel("Category").fill("Travel Log");
  await page.getByRole("button", { name: "Add a highlight" }).click();
  await expectNoAxeViolations(page);
  for (const path of [
    "/studio",
    "/studio/posts",
    "/studio/posts?state=trash",
    `${new URL(editor).pathname}/history`,
    `${new URL(editor).pathname}/preview`,
  ]) {
    await gotoHydrated(page, `${base}${path}`);
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, editor);
  await expectNoAxeViolations(page);
});
