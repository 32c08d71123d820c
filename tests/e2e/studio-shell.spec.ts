// The studio's shell: who may enter, what its responses say to caches and
// crawlers, its navigation, and the public site's way in for the owner.
import { expect, test } from "@playwright/test";

import { serverUrl } from "../../playwright.config";
import {
  OWNER_EMAIL,
  OWNER_PASSWORD,
  signInAsOwner,
  signInAsReader,
  visitorAddress,
} from "./support/auth";
import { expectNoAxeViolations, gotoHydrated } from "./support/journeys";

const base = serverUrl("mutable");

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ "x-forwarded-for": visitorAddress() });
});

test("an anonymous visitor is sent to sign in, and comes back to the studio after", async ({
  page,
}) => {
  await page.goto(`${base}/studio/posts?state=draft`);
  await expect(page).toHaveURL(
    `${base}/sign-in?redirectTo=${encodeURIComponent("/studio/posts?state=draft")}`,
  );
  await page
    .getByRole("textbox", { name: "Email", exact: true })
    .fill(OWNER_EMAIL);
  await page.getByLabel("Password", { exact: true }).fill(OWNER_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${base}/studio/posts?state=draft`);
  await expect(page.getByRole("navigation", { name: "Studio" })).toBeVisible();
});

test("the sign-in page never sends anyone to another site", async ({
  page,
}) => {
  await signInAsOwner(page, base);
  // Each is read by a browser as "//evil.example/studio" once normalised.
  const spellings = [
    "//evil.example/studio",
    "/.//evil.example/studio",
    "/x/..//evil.example/studio",
    "/%2e//evil.example/studio",
    "/%2e%2e//evil.example/studio",
  ];
  for (const spelling of spellings) {
    await page.goto(
      `${base}/sign-in?redirectTo=${encodeURIComponent(spelling)}`,
    );
    await expect(page, spelling).toHaveURL(/\/sign-in\?/);
    await expect(
      page.getByRole("heading", { name: "Signed in" }),
    ).toBeVisible();
    // The data request a client-side navigation makes answers the same.
    const data = await page.request.get(
      `${base}/sign-in.data?redirectTo=${encodeURIComponent(spelling)}`,
      { maxRedirects: 0 },
    );
    expect(data.headers().location ?? "", spelling).not.toContain("evil");
    expect(await data.text(), spelling).not.toContain("evil.example");
  }
});

test("a signed-in account that is not the owner's gets 403", async ({
  page,
}) => {
  await signInAsReader(page, base);
  const response = await page.goto(`${base}/studio`);
  expect(response?.status()).toBe(403);
  await expect(
    page.getByRole("heading", { name: "Only the owner can use the studio" }),
  ).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Studio" })).toHaveCount(0);
});

test("the owner's studio: its own navigation, never cached or indexed, axe-clean", async ({
  page,
}) => {
  await signInAsOwner(page, base);
  const response = await gotoHydrated(page, `${base}/studio`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["cache-control"]).toBe("no-store");
  expect(response?.headers()["x-robots-tag"]).toContain("noindex");
  await expect(
    page.getByRole("heading", { level: 1, name: "Dashboard" }),
  ).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Studio" });
  await expect(nav.getByRole("link")).toHaveText([
    "Dashboard",
    "Posts",
    "Readers",
    "Pages",
    "Media",
    // Other journeys' messages may be waiting: "Messages 2 unread".
    /^Messages/,
    "Newsletter",
    "Responses",
    "Export",
    "Settings",
    "Account",
  ]);
  await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  // The public site's header is not drawn inside the studio.
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  const data = await page.request.get(`${base}/studio.data`);
  expect(data.headers()["cache-control"]).toBe("no-store");
});

test("any other studio address is a 404 inside the studio's frame, axe-clean", async ({
  page,
}) => {
  await signInAsOwner(page, base);
  const response = await gotoHydrated(page, `${base}/studio/anything-else`);
  expect(response?.status()).toBe(404);
  await expect(
    page.getByRole("heading", { level: 1, name: "Not found in the studio" }),
  ).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Studio" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("studio pages add the studio's stylesheet after the public one: in the first paint, once the app runs, and on the way in from the site", async ({
  page,
}) => {
  await signInAsOwner(page, base);
  // A render-blocking link: the studio never paints without its classes.
  const html = await (await page.request.get(`${base}/studio`)).text();
  const head = html.slice(0, html.indexOf("</head>"));
  expect(head).toMatch(
    /<link rel="stylesheet" href="\/assets\/app-[\w-]+\.css"[\s\S]*<link[^>]* rel="stylesheet" href="\/assets\/studio-[\w-]+\.css"\/>/,
  );
  const sheets = () =>
    page.evaluate(() =>
      [...document.styleSheets].flatMap(
        (sheet) => /\/assets\/(app|studio)-/.exec(sheet.href ?? "")?.[1] ?? [],
      ),
    );
  // A later rule wins, so the studio's sheet must stay last.
  await gotoHydrated(page, `${base}/studio`);
  expect(await sheets()).toEqual(["app", "studio"]);

  await gotoHydrated(page, base);
  expect(await sheets()).toEqual(["app"]);
  await page.getByRole("link", { name: "Studio" }).click();
  await expect(page).toHaveURL(`${base}/studio`);
  // React adds the studio's sheet as the studio screen commits, which can
  // come a moment after the address changes.
  await expect.poll(sheets).toEqual(["app", "studio"]);
  // A class only the studio uses (its header's translucent background) applies.
  await expect(page.getByRole("banner")).not.toHaveCSS(
    "background-color",
    "rgba(0, 0, 0, 0)",
  );
});

test("the public site shows the way into the studio to the owner only", async ({
  page,
  browser,
}) => {
  const anonymous = await browser.newPage();
  await gotoHydrated(anonymous, base);
  await expect(anonymous.getByRole("link", { name: "Studio" })).toHaveCount(0);
  await anonymous.close();

  await signInAsOwner(page, base);
  await gotoHydrated(page, base);
  await page.getByRole("link", { name: "Studio" }).click();
  await expect(page).toHaveURL(`${base}/studio`);
  await expect(
    page.getByRole("heading", { level: 1, name: "Dashboard" }),
  ).toBeVisible();
});

test("robots.txt keeps crawlers out of the studio, and the sitemap never names it", async ({
  request,
}) => {
  const robots = await (await request.get(`${base}/robots.txt`)).text();
  expect(robots).toContain("Disallow: /studio");
  const sitemap = await (await request.get(`${base}/sitemap.xml`)).text();
  expect(sitemap).not.toContain("/studio");
});
