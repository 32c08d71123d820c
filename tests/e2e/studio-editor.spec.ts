// The post editor as the owner meets it in the first month (issue 25): the
// body in the public post's typography, toolbar states, the link dialog,
// typing shortcuts, leaving with unsaved changes, failed saves, a long post,
// no clutter from "New post", free addresses, and every studio screen
// fitting a phone.
import { expect, test } from "@playwright/test";
import type { Locator, Page } from "@playwright/test";

import { slugify } from "~/studio/post-schema";
import { serverUrl } from "../../playwright.config";
import { signInAsOwner, visitorAddress } from "./support/auth";
import {
  expectSaved,
  newPost as startPost,
  openNewPost as openNew,
  saveStatus,
  uniqueTitle,
} from "./support/editor";
import {
  gotoHydrated,
  holdRequests,
  sendContactMessage,
} from "./support/journeys";

const base = serverUrl("mutable");

const WIDTHS = [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

test.beforeEach(async ({ context, page }) => {
  test.slow();
  await context.setExtraHTTPHeaders({ "x-forwarded-for": visitorAddress() });
  await signInAsOwner(page, base);
});

const body = (page: Page) => page.getByRole("textbox", { name: "Body" });
const addressField = (page: Page) =>
  page.getByLabel("Address", { exact: true });
const openNewPost = (page: Page) => openNew(page, base);
const newPost = (page: Page, title: string) => startPost(page, base, title);

/** Expects a toolbar button to show (or not) that its format applies at the cursor. */
async function expectPressed(page: Page, name: string, pressed: boolean) {
  await expect(page.getByRole("button", { name, exact: true })).toHaveAttribute(
    "aria-pressed",
    String(pressed),
  );
}

/** Computed styles that make the typography, for one element. */
async function looks(element: Locator) {
  return element.evaluate((node) => {
    const style = getComputedStyle(node);
    return {
      fontSize: style.fontSize,
      fontWeight: style.fontWeight,
      fontFamily: style.fontFamily,
      fontStyle: style.fontStyle,
      lineHeight: style.lineHeight,
      color: style.color,
      listStyleType: style.listStyleType,
      paddingLeft: style.paddingLeft,
      borderLeft: `${style.borderLeftWidth} ${style.borderLeftStyle} ${style.borderLeftColor}`,
      textDecoration: style.textDecorationLine,
    };
  });
}

async function typography(scope: Locator) {
  return {
    h2: await looks(scope.locator("h2").first()),
    p: await looks(scope.locator("p").first()),
    ul: await looks(scope.locator("ul").first()),
    ol: await looks(scope.locator("ol").first()),
    blockquote: await looks(scope.locator("blockquote").first()),
    strong: await looks(scope.locator("strong").first()),
    // The body's own link, not a heading's link to itself.
    link: await looks(scope.locator("a:not(.heading-anchor)").first()),
  };
}

for (const viewport of WIDTHS) {
  test(`typed with the shortcuts, the body looks in the editor as on the public post (${viewport.name}, ${viewport.width} px)`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    const title = uniqueTitle("Typography");
    await newPost(page, title);
    await page.getByLabel("Category").fill("Leadership");
    await body(page).click();
    // Markdown-style shortcuts, as the help under the body lists them.
    await page.keyboard.type("## Into the hills");
    await expectPressed(page, "Heading", true);
    await page.keyboard.press("Enter");
    await expectPressed(page, "Heading", false);
    await page.keyboard.type("We left at dawn with **three** friends. ");
    await expectPressed(page, "Bold", false);
    await page.keyboard.press("Enter");
    await page.keyboard.type("- water");
    await expectPressed(page, "Bulleted list", true);
    await page.keyboard.press("Enter");
    await page.keyboard.type("maps");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await page.keyboard.type("1. start early");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await page.keyboard.type("> The mountains are calling.");
    await expectPressed(page, "Quote", true);
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Read more at the ");
    await page.keyboard.press("ControlOrMeta+k");
    const dialog = page.getByRole("dialog", { name: "Add a link" });
    await expect(dialog.getByLabel("Address")).toBeFocused();
    await page.keyboard.type("https://example.com/trails");
    await dialog.getByLabel("Text").fill("trail office");
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await page.keyboard.type(".");
    // The help lists the shortcuts.
    await page.getByText("Typing shortcuts").click();
    await expect(
      page.getByText("## and a space", { exact: true }),
    ).toBeVisible();
    await page.getByText("Typing shortcuts").click();

    const editor = typography(body(page));
    const inEditor = await editor;
    await expectSaved(page);
    await page.screenshot({
      path: testInfo.outputPath(`editor-${viewport.width}.png`),
      fullPage: true,
    });
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByRole("button", { name: "Update" })).toBeVisible();
    await gotoHydrated(page, `${base}/post/${slugify(title)}`);
    const article = page.locator(".post-content");
    await expect(article.locator("h2")).toContainText("Into the hills");
    await expect(article.locator("blockquote")).toHaveText(
      "The mountains are calling.",
    );
    await expect(
      article.getByRole("link", { name: "trail office" }),
    ).toHaveAttribute("href", "https://example.com/trails");
    await page.screenshot({
      path: testInfo.outputPath(`public-${viewport.width}.png`),
      fullPage: true,
    });
    const onPage = await typography(article);
    expect(inEditor).toEqual(onPage);
    // What the issue saw: these are not a plain paragraph's looks.
    expect(inEditor.h2.fontSize).not.toBe(inEditor.p.fontSize);
    expect(inEditor.ul.listStyleType).toBe("disc");
    expect(inEditor.blockquote.borderLeft).toMatch(/^4px solid/);
  });
}

test("on a phone, Publish and Save stay on screen wherever the owner is in the form; on a wide screen they sit in the publishing card", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openNewPost(page);
  const publish = page.getByRole("button", { name: "Publish", exact: true });
  const save = page.getByRole("button", { name: /^Save/ });
  await expect(publish).toBeInViewport({ ratio: 1 });
  await expect(save).toBeInViewport({ ratio: 1 });
  // Down among the search and social fields, and at the very end.
  await page.getByLabel("Search title").scrollIntoViewIfNeeded();
  await expect(publish).toBeInViewport({ ratio: 1 });
  await expect(save).toBeInViewport({ ratio: 1 });
  await page.keyboard.press("End");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(publish).toBeInViewport({ ratio: 1 });
  await expect(save).toBeInViewport({ ratio: 1 });
  // A field focused near the bottom is scrolled into view above the bar.
  const last = page.getByLabel("Canonical address");
  await last.focus();
  const [field, bar] = await Promise.all([
    last.boundingBox(),
    publish.boundingBox(),
  ]);
  expect((field?.y ?? 0) + (field?.height ?? 0)).toBeLessThanOrEqual(
    bar?.y ?? 0,
  );

  await page.setViewportSize({ width: 1280, height: 900 });
  const card = page.getByRole("complementary", { name: "Publishing" });
  await expect(card.getByRole("button", { name: "Publish" })).toBeVisible();
  expect(
    await publish.evaluate(
      (node) => getComputedStyle(node.parentElement as Element).position,
    ),
  ).toBe("static");
});

test("a link added, edited and removed with the keyboard alone", async ({
  page,
}) => {
  await newPost(page, uniqueTitle("Links"));
  await body(page).click();
  await page.keyboard.type("See the map");
  for (let i = 0; i < 3; i += 1) await page.keyboard.press("Shift+ArrowLeft");
  await page.keyboard.press("ControlOrMeta+k");
  const add = page.getByRole("dialog", { name: "Add a link" });
  await expect(add.getByLabel("Address")).toBeFocused();
  await expect(add.getByLabel("Text")).toHaveValue("map");
  // A bad address is refused in the dialog, and nothing changes.
  await page.keyboard.type("javascript:alert(1)");
  await page.keyboard.press("Enter");
  await expect(
    add.getByText("Use an address starting with https://"),
  ).toBeVisible();
  await expect(add.getByLabel("Address")).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("https://maps.example/ridge");
  await page.keyboard.press("Enter");
  await expect(add).toBeHidden();
  const link = body(page).getByRole("link", { name: "map" });
  await expect(link).toHaveAttribute("href", "https://maps.example/ridge");
  await expect(body(page)).toBeFocused();

  // Edit: the cursor inside the link opens it with its text and address.
  await page.keyboard.press("ArrowLeft");
  await expectPressed(page, "Link", true);
  await page.keyboard.press("ControlOrMeta+k");
  const edit = page.getByRole("dialog", { name: "Edit link" });
  await expect(edit.getByLabel("Address")).toBeFocused();
  await expect(edit.getByLabel("Address")).toHaveValue(
    "https://maps.example/ridge",
  );
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("/post/alpine-lakes-loop");
  await page.keyboard.press("Tab");
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("lakes map");
  await page.keyboard.press("Enter");
  await expect(edit).toBeHidden();
  await expect(
    body(page).getByRole("link", { name: "lakes map" }),
  ).toHaveAttribute("href", "/post/alpine-lakes-loop");

  // Remove: the text stays, the link goes.
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ControlOrMeta+k");
  await expect(edit).toBeVisible();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(edit.getByRole("button", { name: "Remove link" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(edit).toBeHidden();
  await expect(body(page).getByRole("link")).toHaveCount(0);
  await expect(body(page)).toHaveText("See the lakes map");
  await expectSaved(page);
});

test("leaving with unsaved changes asks first: a link in the studio, and closing the tab", async ({
  page,
}) => {
  const editor = await newPost(page, uniqueTitle("Leaving"));
  // The save is held, so the change is certainly not stored yet.
  const held = await holdRequests(page, "**/save");
  await body(page).click();
  await page.keyboard.type("A thought not yet saved.");
  await page.getByRole("link", { name: "All posts" }).click();
  const ask = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: "Stay on this page" }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(editor);
  await expect(body(page)).toHaveText("A thought not yet saved.");

  // Closing the tab (or reloading) gets the browser's own question.
  const question = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const asked = await question;
  expect(asked.type()).toBe("beforeunload");
  await asked.dismiss();
  held.release();
  // Dismissed, the tab stays open; closed here without asking, so the
  // teardown does not race a tab that is still deciding whether to go.
  await page.close();
});

test("once saved, leaving asks nothing", async ({ page }) => {
  await newPost(page, uniqueTitle("Saved then left"));
  await body(page).click();
  await page.keyboard.type("All stored.");
  await expectSaved(page);
  await page.getByRole("link", { name: "All posts" }).click();
  await expect(page).toHaveURL(`${base}/studio/posts`);
});

test("a failed save (server error, an answer that is not JSON, no network) keeps every character and says so", async ({
  page,
}) => {
  await newPost(page, uniqueTitle("Failing"));
  await body(page).click();
  await page.keyboard.type("Every word here matters.");
  await expectSaved(page);
  await page.route("**/save", (route) =>
    route.fulfill({
      status: 502,
      contentType: "text/html",
      body: "<html><body>Bad gateway</body></html>",
    }),
  );
  await page.keyboard.type(" One more.");
  await page.keyboard.press("ControlOrMeta+s");
  await expect(saveStatus(page)).toHaveText(
    "Not saved: the server answered with an error (502). Your text is still here. Try again in a moment.",
  );
  await expect(body(page)).toHaveText("Every word here matters. One more.");
  await page.unroute("**/save");
  await page.route("**/save", (route) => route.abort("connectionreset"));
  await page.keyboard.press("ControlOrMeta+s");
  await expect(saveStatus(page)).toContainText(
    "Not saved: the server could not be reached. Your text is still here.",
  );
  await expect(body(page)).toHaveText("Every word here matters. One more.");
  // Back online, the next save stores it all.
  await page.unroute("**/save");
  await page.keyboard.press("ControlOrMeta+s");
  await expectSaved(page);
});

/** About `size` characters of body: headings, paragraphs, lists and pictures with alt text. */
function longBody(size: number): { html: string; text: number } {
  const sentence =
    "The trail climbed through larch and granite, and we stopped often to look back at the valley. ";
  const parts: string[] = [];
  let text = 0;
  for (let section = 1; text < size; section += 1) {
    const heading = `Part ${section}`;
    const paragraph = sentence.repeat(8).trim();
    const items = ["water", "maps", "a warm layer"];
    parts.push(
      `<h2>${heading}</h2><p>${paragraph}</p><ul>${items.map((item) => `<li><p>${item}</p></li>`).join("")}</ul>`,
    );
    if (section % 10 === 1)
      parts.push(
        `<img src="/images/posts/alpine-lakes-loop.svg" alt="A lake below the ridge, part ${section}">`,
      );
    text += heading.length + paragraph.length + items.join("").length;
  }
  return { html: parts.join(""), text };
}

/** Pastes HTML into the body as the browser would from the clipboard. */
async function paste(page: Page, html: string) {
  await body(page).evaluate((node, pasted) => {
    const data = new DataTransfer();
    data.setData("text/html", pasted);
    data.setData("text/plain", "");
    node.dispatchEvent(
      new ClipboardEvent("paste", {
        clipboardData: data,
        bubbles: true,
        cancelable: true,
      }),
    );
  }, html);
}

test("a save over what the server accepts keeps the text and says why; the editor never falls to an error screen", async ({
  page,
}) => {
  await newPost(page, uniqueTitle("Too long"));
  await body(page).click();
  // Over the longest body the post schema (and so the server) accepts.
  const { html } = longBody(600_000);
  await paste(page, html);
  const before = await body(page).innerText();
  await page.keyboard.press("ControlOrMeta+s");
  await expect(saveStatus(page)).toHaveText(/^Not saved/);
  await expect(page.getByText("Something went wrong")).toHaveCount(0);
  expect(await body(page).innerText()).toBe(before);
  await expect(page.getByLabel("Title", { exact: true })).toBeVisible();
});

test("a post of 100,000 characters with headings, lists and images autosaves, saves, previews and publishes", async ({
  page,
}) => {
  const title = uniqueTitle("A very long walk");
  await newPost(page, title);
  await page.getByLabel("Category").fill("Leadership");
  await body(page).click();
  const { html, text } = longBody(100_000);
  expect(text).toBeGreaterThanOrEqual(100_000);
  await paste(page, html);
  // Autosave.
  await expectSaved(page);
  // Deep in the post the formatting buttons stay in view, just below the
  // studio's header; back at the top, the caret's line is not under it.
  await body(page).getByRole("heading", { name: "Part 40" }).click();
  const header = await page.getByRole("banner").boundingBox();
  const toolbar = await page
    .getByRole("toolbar", { name: "Formatting" })
    .boundingBox();
  expect(toolbar?.y).toBeCloseTo((header?.y ?? 0) + (header?.height ?? 0), 0);
  await page.keyboard.press("ControlOrMeta+Home");
  const first = await body(page)
    .getByRole("heading", { name: "Part 1", exact: true })
    .boundingBox();
  expect(first?.y).toBeGreaterThanOrEqual(
    (toolbar?.y ?? 0) + (toolbar?.height ?? 0),
  );
  await page.keyboard.press("ControlOrMeta+s");
  await expectSaved(page);
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page).toHaveURL(/\/preview$/);
  await expect(page.getByRole("heading", { name: "Part 100" })).toBeVisible();
  await page.goBack();
  await expect(body(page)).toBeVisible();
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("button", { name: "Update" })).toBeVisible();
  await gotoHydrated(page, `${base}/post/${slugify(title)}`);
  const article = page.locator(".post-content");
  expect((await article.innerText()).length).toBeGreaterThanOrEqual(100_000);
  await expect(article.locator("h2")).toHaveCount(
    await article.locator("h2").count(),
  );
  await expect(article.getByRole("img").first()).toHaveAttribute(
    "alt",
    "A lake below the ridge, part 1",
  );
});

test('"New post" stores nothing until the owner writes', async ({ page }) => {
  const drafts = async () => {
    await gotoHydrated(page, `${base}/studio/posts?q=Untitled+post`);
    return page.getByRole("link", { name: "Untitled post" }).count();
  };
  const before = await drafts();
  await openNewPost(page);
  await expect(saveStatus(page)).toHaveText(
    "Not stored yet: the post is saved once you write something.",
  );
  // Leaving at once asks nothing and stores nothing.
  await page.getByRole("link", { name: "All posts" }).click();
  await expect(page).toHaveURL(`${base}/studio/posts`);
  expect(await drafts()).toBe(before);
  // The first keystrokes store it, at its own address, in the same editor.
  await openNewPost(page);
  await body(page).click();
  await page.keyboard.type("First words.");
  await expect(page).toHaveURL(/\/studio\/posts\/[0-9a-f-]{36}$/);
  await expectSaved(page);
  await expect(body(page)).toBeFocused();
  await page.keyboard.type(" And more.");
  await expect(body(page)).toHaveText("First words. And more.");
  await expectSaved(page);
  await gotoHydrated(page, page.url());
  await expect(body(page)).toHaveText("First words. And more.");
});

test("a title whose address another post has takes the next free one, still editable", async ({
  page,
}) => {
  const title = uniqueTitle("Twin Lakes");
  const slug = slugify(title);
  await newPost(page, title);
  await expect(addressField(page)).toHaveValue(slug);
  await newPost(page, uniqueTitle("Second"));
  await page.getByLabel("Title", { exact: true }).fill(title);
  await expectSaved(page);
  await expect(addressField(page)).toHaveValue(`${slug}-2`);
  await newPost(page, uniqueTitle("Third"));
  await page.getByLabel("Title", { exact: true }).fill(title);
  await expectSaved(page);
  await expect(addressField(page)).toHaveValue(`${slug}-3`);
  await expect(page.getByText("already uses")).toHaveCount(0);
  await addressField(page).fill(`${slug}-in-autumn`);
  await expectSaved(page);
  await expect(addressField(page)).toHaveValue(`${slug}-in-autumn`);
  // A published post's address stays its own: taking another's is refused.
  await body(page).click();
  await page.keyboard.type("Two lakes, one trail.");
  await page.getByRole("button", { name: "Publish" }).click();
  await page.getByLabel("Category").fill("Leadership");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("button", { name: "Update" })).toBeVisible();
  await addressField(page).fill(slug);
  await page.keyboard.press("ControlOrMeta+s");
  await expect(
    page.getByText(
      `Another post already uses /post/${slug}. Choose another address.`,
    ),
  ).toBeVisible();
});

/**
 * The document's width beyond the window's (what scrolls the page sideways),
 * and the first element that reaches past the window outside any scrolling
 * area of its own: the one to mend.
 */
async function sidewaysOverflow(
  page: Page,
): Promise<{ overflow: number; culprit: string }> {
  return page.evaluate(() => {
    const scrolls = (element: Element | null): boolean => {
      for (
        let at = element;
        at && at !== document.body;
        at = at.parentElement
      ) {
        if (/auto|scroll|hidden|clip/.test(getComputedStyle(at).overflowX))
          return true;
      }
      return false;
    };
    const culprit = Array.from(document.body.querySelectorAll("*")).find(
      (element) =>
        element.getBoundingClientRect().right > window.innerWidth + 0.5 &&
        !scrolls(element.parentElement),
    );
    return {
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      culprit: culprit
        ? `<${culprit.tagName.toLowerCase()} class="${culprit.getAttribute("class") ?? ""}"> ${(culprit.textContent ?? "").trim().slice(0, 60)}`
        : "",
    };
  });
}

test("every studio screen fits 360 and 390 px without the page scrolling sideways", async ({
  page,
  browser,
}) => {
  // An unread message puts its badge in the navigation, whose screen-reader
  // text once escaped the navigation's scrolling area.
  await sendContactMessage(
    browser,
    base,
    "Narrow Visitor",
    uniqueTitle("Narrow"),
  );
  const editor = new URL(await newPost(page, uniqueTitle("Narrow"))).pathname;
  await gotoHydrated(page, `${base}/studio/pages`);
  const table = await page
    .getByRole("main")
    .locator('a[href^="/studio/pages/"]')
    .first()
    .getAttribute("href");
  await gotoHydrated(page, `${base}${table}`);
  const row = await page
    .getByRole("main")
    .locator(`a[href^="${table}/"]`)
    .first()
    .getAttribute("href");
  const screens = [
    "/studio",
    "/studio/posts",
    "/studio/posts?state=trash",
    "/studio/posts/new",
    editor,
    `${editor}/history`,
    `${editor}/preview`,
    "/studio/pages",
    ...(table ? [table] : []),
    ...(row ? [row] : []),
    "/studio/media",
    "/studio/messages",
    "/studio/readers",
    "/studio/account",
    "/studio/export",
    "/studio/no-such-screen",
  ];
  const overflowing: string[] = [];
  for (const path of screens) {
    await page.setViewportSize({ width: 360, height: 800 });
    await gotoHydrated(page, `${base}${path}`);
    // One load a screen: the studio's layout follows the window's width in
    // CSS, and what measures it in script listens for resizes
    // (sticky-height.ts), so the wider phone is the same page resized.
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 800 });
      const { overflow, culprit } = await sidewaysOverflow(page);
      if (overflow > 0)
        overflowing.push(
          `${path} at ${width} px: ${overflow} px too wide (${culprit})`,
        );
    }
  }
  expect(overflowing).toEqual([]);
});
