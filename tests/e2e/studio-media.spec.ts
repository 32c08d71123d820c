// The studio's media: uploading a phone photo (its sizes served, its GPS
// gone, the public post showing it responsively), refusing what is not an
// image, the library's usage and in-use refusal, and who may use it.
import { randomInt } from "node:crypto";

import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import sharp from "sharp";

import { notAnImage } from "~tests/support/photos";
import { serverUrl } from "../../playwright.config";
import { signInAsOwner, signInAsReader, visitorAddress } from "./support/auth";
import { expectNoAxeViolations, gotoHydrated } from "./support/journeys";
import { gpsPhoto, PHOTO_POST } from "./support/media";

const base = serverUrl("mutable");

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ "x-forwarded-for": visitorAddress() });
});

async function openLibrary(page: Page, { scripts = true } = {}) {
  await signInAsOwner(page, base);
  const url = `${base}/studio/media`;
  await (scripts ? gotoHydrated(page, url) : page.goto(url));
  await expect(
    page.getByRole("heading", { name: "Media", level: 1 }),
  ).toBeVisible();
}

async function upload(
  page: Page,
  name: string,
  buffer: Buffer,
  mimeType: string,
) {
  await page
    .getByLabel("Choose images")
    .setInputFiles({ name, mimeType, buffer });
  return page
    .getByRole("list", { name: "Uploads" })
    .getByRole("listitem")
    .filter({ hasText: name });
}

/** Uploads the GPS photo as trail.jpg (a parallel journey may have uploaded it first). */
async function uploadGpsPhoto(page: Page) {
  const photo = await gpsPhoto();
  const entry = await upload(page, "trail.jpg", photo.bytes, "image/jpeg");
  await expect(entry).toContainText(/Uploaded|Already in the library/);
  return photo;
}

function candidates(srcset: string | null): string[] {
  return (srcset ?? "")
    .split(", ")
    .map((candidate) => candidate.split(" ")[0] ?? "");
}

test("a phone photo with GPS: its sizes are served forever-cacheable without EXIF, and the public post shows them responsively", async ({
  page,
}) => {
  // Encoding nine variants takes seconds on a busy machine.
  test.slow();
  await openLibrary(page);
  const photo = await uploadGpsPhoto(page);
  const card = page.getByRole("listitem").filter({
    has: page.getByRole("heading", { name: "trail.jpg" }),
  });
  await expect(card).toContainText("1600 × 1200 px");

  await page.goto(`${base}/post/${PHOTO_POST.slug}`);
  const hero = page.locator("article > picture").first();
  const heroImage = hero.locator("img");
  await expect(heroImage).toHaveAttribute("fetchpriority", "high");
  await expect(heroImage).toHaveAttribute("width", "1600");
  await expect(heroImage).toHaveAttribute("height", "1200");
  await expect(heroImage).toHaveAttribute("src", photo.url);
  const avif = await hero
    .locator('source[type="image/avif"]')
    .getAttribute("srcset");
  const webp = await hero
    .locator('source[type="image/webp"]')
    .getAttribute("srcset");
  const jpeg = await heroImage.getAttribute("srcset");
  expect(candidates(avif)).toHaveLength(3);

  const bodyImage = page.getByRole("img", { name: PHOTO_POST.alt });
  await expect(bodyImage).toHaveAttribute("loading", "lazy");
  await expect(bodyImage).toHaveAttribute("srcset", jpeg ?? "");
  await expect(bodyImage).toHaveAttribute("width", "1600");
  // The browser picked one of the variants, and it loaded.
  await expect
    .poll(() =>
      heroImage.evaluate((image: HTMLImageElement) => image.naturalWidth),
    )
    .toBeGreaterThan(0);
  expect(
    await heroImage.evaluate((image: HTMLImageElement) => image.currentSrc),
  ).toContain("/media/");

  for (const url of [
    ...candidates(avif),
    ...candidates(webp),
    ...candidates(jpeg),
  ]) {
    const response = await page.request.get(base + url);
    expect(response.status(), url).toBe(200);
    expect(response.headers()["cache-control"]).toBe(
      "public, max-age=31536000, immutable",
    );
    expect(response.headers()["etag"]).toBeTruthy();
    const expectedType = url.endsWith(".avif")
      ? "image/avif"
      : url.endsWith(".webp")
        ? "image/webp"
        : "image/jpeg";
    expect(response.headers()["content-type"]).toBe(expectedType);
    const bytes = await response.body();
    const metadata = await sharp(bytes).metadata();
    expect(metadata.exif, url).toBeUndefined();
    expect(bytes.includes("TrailCam")).toBe(false);
  }
});

test("a text file renamed .jpg is refused with a clear message and never listed", async ({
  page,
}) => {
  await openLibrary(page);
  const entry = await upload(page, "notes.jpg", notAnImage, "image/jpeg");
  await expect(entry).toContainText(
    "This file is not a JPEG, PNG, WebP or AVIF image (its contents were checked, not its name).",
  );
  await page.reload();
  await expect(page.getByRole("heading", { name: "notes.jpg" })).toHaveCount(0);
});

test("an image too tall for the web's formats is refused with its reason and never listed", async ({
  page,
}) => {
  await openLibrary(page);
  const tall = await sharp({
    create: { width: 1, height: 40_000, channels: 3, background: "#4a7" },
  })
    .png()
    .toBuffer();
  const name = `strip-${randomInt(1e9)}.png`;
  const entry = await upload(page, name, tall, "image/png");
  await expect(entry).toContainText(
    "This image is 1 × 40,000 pixels: too tall to show on the web.",
  );
  await expect(entry).toContainText(
    "Please crop it or split it into several images.",
  );
  await page.reload();
  await expect(page.getByRole("heading", { name })).toHaveCount(0);
});

test("the library shows where an image is used and refuses to delete it; an unused one is deleted", async ({
  page,
}) => {
  test.slow();
  await openLibrary(page);
  await uploadGpsPhoto(page);
  const used = page.getByRole("listitem").filter({
    has: page.getByRole("heading", { name: "trail.jpg" }),
  });
  await expect(
    used.getByRole("link", { name: PHOTO_POST.title }),
  ).toHaveAttribute("href", `/post/${PHOTO_POST.slug}`);
  await used.getByRole("button", { name: "Delete trail.jpg" }).click();
  await expect(used.getByRole("alert")).toHaveText(
    `trail.jpg is still used in “${PHOTO_POST.title}”. Remove it there first; nothing was deleted.`,
  );
  await expectNoAxeViolations(page);
  // Hydrated again before the next upload or delete, which the script sends.
  await gotoHydrated(page, page.url());
  await expect(page.getByRole("heading", { name: "trail.jpg" })).toBeVisible();

  // A PNG of its own colour: its bytes differ from every other journey's.
  const png = await sharp({
    create: {
      width: 120,
      height: 80,
      channels: 3,
      background: { r: randomInt(256), g: randomInt(256), b: randomInt(256) },
    },
  })
    .png()
    .toBuffer();
  const entry = await upload(page, "unused-badge.png", png, "image/png");
  await expect(entry).toContainText(/Uploaded|Already in the library/);
  const unused = page.getByRole("listitem").filter({
    has: page.getByRole("heading", { name: "unused-badge.png" }),
  });
  await expect(unused).toContainText("Not used in any post");
  // Deleting asks first; "Keep it" keeps it.
  await unused.getByRole("button", { name: "Delete unused-badge.png" }).click();
  const question = unused.getByRole("group", {
    name: "Delete unused-badge.png for good? No post uses it; this cannot be undone.",
  });
  await expect(question).toBeVisible();
  const confirm = question.getByRole("button", {
    name: "Delete unused-badge.png for good",
  });
  await expect(confirm).toBeFocused();
  await expectNoAxeViolations(page);
  await question.getByRole("link", { name: "Keep it" }).click();
  await expect(question).toHaveCount(0);
  // Hydrated again before the next upload or delete, which the script sends.
  await gotoHydrated(page, page.url());
  await expect(
    page.getByRole("heading", { name: "unused-badge.png" }),
  ).toBeVisible();
  await unused.getByRole("button", { name: "Delete unused-badge.png" }).click();
  await confirm.click();
  await expect(
    page.getByRole("heading", { name: "unused-badge.png" }),
  ).toHaveCount(0);
});

test("the demo posts' pictures are in the library with their alt text and the posts that show them", async ({
  page,
}) => {
  // The oldest images sit on the last page (a page past it shows the last),
  // below whatever other journeys upload; the first picture seeded is the
  // oldest post's.
  await signInAsOwner(page, base);
  await page.goto(`${base}/studio/media?page=99`);
  await expect(page.getByText("No images yet")).toHaveCount(0);
  const picture = page.getByRole("listitem").filter({
    has: page.getByRole("heading", { name: "folk-night-at-the-grange.svg" }),
  });
  await expect(
    picture.getByRole("img", {
      name: "Illustration for “Folk Night at the Grange”",
    }),
  ).toBeVisible();
  await expect(
    picture.getByRole("link", { name: "Folk Night at the Grange" }),
  ).toHaveAttribute("href", "/post/folk-night-at-the-grange");
  await expect(picture.getByRole("textbox", { name: /^Alt text/ })).toHaveValue(
    "Illustration for “Folk Night at the Grange”",
  );
  // The public post keeps showing the picture at its own address.
  await page.goto(`${base}/post/folk-night-at-the-grange`);
  await expect(
    page
      .getByRole("main")
      .locator('img[src="/images/posts/folk-night-at-the-grange.svg"]')
      .first(),
  ).toBeVisible();
});

test("anonymous visitors and a signed-in reader are refused by the media screen, its actions and the upload", async ({
  page,
}) => {
  const photo = await gpsPhoto();
  const post = (
    path: string,
    multipart: Record<
      string,
      string | { name: string; mimeType: string; buffer: Buffer }
    >,
  ) =>
    page.request.post(base + path, {
      multipart,
      headers: { origin: base, accept: "application/json" },
      maxRedirects: 0,
    });
  const file = {
    name: "trail.jpg",
    mimeType: "image/jpeg",
    buffer: photo.bytes,
  };

  const anonymous = await page.request.get(`${base}/studio/media`, {
    maxRedirects: 0,
  });
  expect(anonymous.status()).toBe(302);
  expect(anonymous.headers()["location"]).toBe(
    `/sign-in?redirectTo=${encodeURIComponent("/studio/media")}`,
  );
  for (const [path, fields] of [
    ["/studio/media/upload", { file }],
    ["/studio/media", { intent: "upload", file }],
    [
      "/studio/media",
      { intent: "delete", id: "00000000-0000-4000-8000-000000000000" },
    ],
  ] as const) {
    const response = await post(path, fields);
    expect(response.status(), path).toBe(302);
    expect(response.headers()["location"]).toMatch(/^\/sign-in\?/);
  }

  await signInAsReader(page, base);
  expect((await page.request.get(`${base}/studio/media`)).status()).toBe(403);
  for (const [path, fields] of [
    ["/studio/media/upload", { file }],
    [
      "/studio/media",
      { intent: "alt", id: "00000000-0000-4000-8000-000000000000", alt: "x" },
    ],
  ] as const) {
    expect((await post(path, fields)).status(), path).toBe(403);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the library's form uploads a chosen image and says so; deleting it asks first", async ({
    page,
  }) => {
    test.slow();
    await openLibrary(page, { scripts: false });
    const png = await sharp({
      create: {
        width: 90,
        height: 60,
        channels: 3,
        background: { r: randomInt(256), g: randomInt(256), b: randomInt(256) },
      },
    })
      .png()
      .toBuffer();
    await page.getByLabel("Choose images").setInputFiles({
      name: "plain-form.png",
      mimeType: "image/png",
      buffer: png,
    });
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(page.getByRole("status")).toHaveText(
      "plain-form.png was uploaded.",
    );
    await expect(
      page.getByRole("heading", { name: "plain-form.png" }),
    ).toBeVisible();

    const card = page.getByRole("listitem").filter({
      has: page.getByRole("heading", { name: "plain-form.png" }),
    });
    await card.getByRole("button", { name: "Delete plain-form.png" }).click();
    await expect(card.getByRole("alert")).toHaveText(
      "Delete plain-form.png for good? No post uses it; this cannot be undone.",
    );
    await card
      .getByRole("button", { name: "Delete plain-form.png for good" })
      .click();
    await expect(
      page.getByRole("heading", { name: "plain-form.png" }),
    ).toHaveCount(0);
  });
});
