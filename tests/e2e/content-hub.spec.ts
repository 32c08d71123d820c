import { readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { expect, test } from "@playwright/test";
import { sql } from "drizzle-orm";

import { importContent } from "~database/seed";
import { launchServer } from "~scripts/lib/server";
import { createTestDatabase } from "~tests/support/database";

import { serverUrl } from "../../playwright.config";
import {
  gotoHydrated,
  navigateByHeader,
  holdTables,
  NO_HELD_SERVER,
  notices,
} from "./support/journeys";

const demoPostCount = readdirSync("content/posts").filter((name) =>
  name.endsWith(".md"),
).length;

test("every post is listed, newest date first, each card linking to its post", async ({
  page,
}) => {
  await page.goto(serverUrl("seeded") + "/content-hub");
  await expect(
    page.getByRole("heading", { level: 1, name: "Content Hub" }),
  ).toBeVisible();
  const cards = page.getByRole("main").getByRole("article");
  await expect(cards).toHaveCount(demoPostCount);

  const dates = await cards
    .locator("time")
    .evaluateAll((times) => times.map((time) => time.getAttribute("datetime")));
  expect(dates).toEqual([...dates].sort().reverse());
  await expect(cards.first().getByRole("heading")).toHaveText(
    "Leading Across Generations",
  );
  await expect(cards.first().locator("time")).toHaveText("July 25, 2025");

  // The excerpt is clamped to three lines.
  const excerpt = cards.first().locator("p.line-clamp-3");
  await expect(excerpt).toHaveCSS("-webkit-line-clamp", "3");

  await cards
    .getByRole("link", { name: "Seven Lakes in One Long Day" })
    .click();
  await expect(page).toHaveURL(serverUrl("seeded") + "/post/alpine-lakes-loop");
  await expect(
    page.getByRole("heading", {
      level: 1,
      name: "Seven Lakes in One Long Day",
    }),
  ).toBeVisible();
});

test("the grid runs from one column on a phone to four on a wide screen", async ({
  page,
}) => {
  const columns = async () =>
    page
      .getByRole("main")
      .getByRole("list")
      .first()
      .evaluate(
        (grid) => getComputedStyle(grid).gridTemplateColumns.split(" ").length,
      );
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(serverUrl("seeded") + "/content-hub");
  expect(await columns()).toBe(1);
  await page.setViewportSize({ width: 1400, height: 900 });
  expect(await columns()).toBe(4);
});

test("card images reserve their space, load lazily below the fold and fall back when missing or broken", async ({
  page,
}) => {
  await page.goto(serverUrl("seeded") + "/content-hub");
  const cards = page.getByRole("main").getByRole("article");
  const image = (title: string) =>
    cards.filter({ hasText: title }).locator("img");

  const first = cards.first().locator("img");
  await expect(first).toHaveAttribute("width", "1200");
  await expect(first).toHaveAttribute("height", "675");
  await expect(first).toHaveAttribute("fetchpriority", "high");
  await expect(cards.last().locator("img")).toHaveAttribute("loading", "lazy");

  // No image stored: the fallback straight away.
  await expect(image("Market Mornings in Oaxaca")).toHaveAttribute(
    "src",
    "/images/fallback.svg",
  );
});

test("a card image that fails to load (a row edited by hand to name a file that is not there) is replaced by the fallback", async ({
  page,
}) => {
  await page.goto(serverUrl("mutable") + "/content-hub");
  const broken = page
    .getByRole("main")
    .getByRole("article")
    .filter({ hasText: "Missing Picture Check" })
    .locator("img");
  await broken.scrollIntoViewIfNeeded();
  await expect(broken).toHaveJSProperty(
    "src",
    serverUrl("mutable") + "/images/fallback.svg",
  );
  await expect
    .poll(() => broken.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
});

test("a failed card image falls back before the app has started, and in cards drawn by a client navigation", async ({
  page,
}) => {
  const fallback = serverUrl("mutable") + "/images/fallback.svg";
  const broken = page
    .getByRole("main")
    .getByRole("article")
    .filter({ hasText: "Missing Picture Check" })
    .locator("img");
  // No script file loads: the page's own inline script does it alone.
  await page.route("**/*.js", (route) => route.abort());
  await page.goto(serverUrl("mutable") + "/content-hub");
  await broken.scrollIntoViewIfNeeded();
  await expect(broken).toHaveJSProperty("src", fallback);
  await page.unroute("**/*.js");

  await gotoHydrated(page, serverUrl("mutable") + "/about");
  await navigateByHeader(page, "Content Hub");
  await expect(page).toHaveURL(/\/content-hub$/);
  await broken.scrollIntoViewIfNeeded();
  await expect(broken).toHaveJSProperty("src", fallback);
  await expect
    .poll(() => broken.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
});

// The document comes with the loading texts while the posts table is held,
// and the sections stream in when it is free (decision 062).
test("a hub whose posts are slow shows 'Loading posts...' until they arrive", async ({
  page,
}) => {
  test.skip(NO_HELD_SERVER !== undefined, NO_HELD_SERVER);
  const held = await holdTables(["posts"]);
  try {
    await page.goto(serverUrl("held") + "/content-hub", {
      waitUntil: "commit",
    });
    await expect(page.getByText("Loading posts...")).toBeVisible();
  } finally {
    await held.release();
  }
  await expect(page.getByRole("main").getByRole("article")).toHaveCount(
    demoPostCount,
  );
  await expect(page.getByText("Loading posts...")).toBeHidden();
});

test("with no posts the hub says so", async ({ page }) => {
  await page.goto(serverUrl("empty") + "/content-hub");
  await expect(page.getByText("No Posts Yet!")).toBeVisible();
  await expect(
    page.getByText("Posts will be displayed here soon."),
  ).toBeVisible();
  await expect(page.getByRole("main").getByRole("article")).toHaveCount(0);
});

test("a failed read ends loading and shows the error notice", async ({
  page,
}) => {
  await page.goto(serverUrl("broken") + "/content-hub");
  const notice = notices(page);
  await expect(notice).toContainText("Error");
  await expect(notice).toContainText("Could not fetch posts.");
  await expect(page.getByText("Loading posts...")).toHaveCount(0);
  await expect(page.getByText("No Posts Yet!")).toBeVisible();
});

test("after a database outage the hub shows its posts again on the first request", async ({
  page,
}) => {
  test.skip(
    !process.env.TEST_DATABASE_URL,
    "needs a PostgreSQL server (TEST_DATABASE_URL) to take the posts table away and back",
  );
  test.setTimeout(240_000);
  const database = await createTestDatabase("postgres");
  await importContent(database.db, path.resolve("content"));
  const server = await launchServer({
    siteUrlIsServed: true,
    env: {
      DATABASE_URL: database.url,
      LOG_LEVEL: "silent",
      // Long enough that a cached error page would still be served.
      CONTENT_CACHE_SECONDS: "600",
    },
    log: path.join(tmpdir(), `content-hub-recovery-${process.pid}.log`),
  });
  try {
    await database.db.execute(sql`alter table posts rename to posts_offline`);
    await page.goto(`${server.url}/content-hub`);
    await expect(notices(page)).toContainText("Could not fetch posts.");
    await expect(page.getByText("No Posts Yet!")).toBeVisible();

    await database.db.execute(sql`alter table posts_offline rename to posts`);
    await page.goto(`${server.url}/content-hub`);
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(
      demoPostCount,
    );
    await expect(page.getByText("Could not fetch posts.")).toHaveCount(0);
  } finally {
    await server.stop();
    await database.dispose();
  }
});

test("without JavaScript the hub arrives complete", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(serverUrl("seeded") + "/content-hub");
  await expect(page.getByRole("main").getByRole("article")).toHaveCount(
    demoPostCount,
  );
  await expect(page.getByText("Loading posts...")).toHaveCount(0);
  await context.close();
});
