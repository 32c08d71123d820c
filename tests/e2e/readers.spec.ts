// Who reads what (docs/PRIVACY.md): five visitors, each with their own
// address (X-Forwarded-For through TRUST_PROXY) and browser, read pages and
// move on client-side; the owner then sees them on the Readers screen. The
// server is this journey's own, on a fresh embedded database, so no other
// journey's reading is counted with theirs.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { expect, test } from "@playwright/test";
import type { Browser, Page } from "@playwright/test";

import { createOwner } from "~/auth/owner.server";
import { openDatabase } from "~database/client";
import { importContent } from "~database/seed";
import { launchServer } from "~scripts/lib/server";
import type { RunningServer } from "~scripts/lib/server";

import { OWNER_EMAIL, OWNER_PASSWORD, signInAs } from "./support/auth";
import {
  expectNoAxeViolations,
  gotoHydrated,
  notices,
} from "./support/journeys";

test.describe.configure({ mode: "serial" });

let server: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "readers-")), "db");
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    await importContent(database.db, path.resolve("content"));
    await createOwner(database.db, {
      email: OWNER_EMAIL,
      password: OWNER_PASSWORD,
    });
  } finally {
    await database.close();
  }
  server = await launchServer({
    name: "the readers server",
    siteUrlIsServed: true,
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: undefined,
      TRUST_PROXY: "1",
      LOG_LEVEL: "warn",
    },
    log: test.info().outputPath("server.log"),
  });
});

test.afterAll(async () => {
  await server?.stop();
});

const visitors = [
  {
    address: "198.18.20.1",
    referer: "https://news.example/today",
    userAgent:
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36",
  },
  {
    address: "198.18.20.2",
    referer: "https://news.example/today",
    userAgent:
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0",
  },
  {
    address: "198.18.20.3",
    referer: "https://news.example/today",
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
  },
  {
    address: "198.18.20.4",
    userAgent:
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15",
  },
  {
    address: "198.18.20.5",
    userAgent:
      "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0",
  },
];

/** One visitor: About from the address bar or a link elsewhere, then Live Music through the header, and (some) back to About. */
async function read(
  browser: Browser,
  visitor: (typeof visitors)[number],
  returns: boolean,
): Promise<string[]> {
  const context = await browser.newContext({
    userAgent: visitor.userAgent,
    extraHTTPHeaders: { "x-forwarded-for": visitor.address },
    viewport: { width: 1400, height: 900 },
  });
  const page = await context.newPage();
  await gotoHydrated(page, `${server.url}/about`, { referer: visitor.referer });
  await navigate(page, "Live Music", "/music");
  if (returns) await navigate(page, "About Me", "/about");
  // What the page asks for after its navigation (the session lookup, the
  // pages it may prerender) is answered first; the browser kept no cookie.
  await page.waitForLoadState("networkidle");
  const cookies = (await context.cookies()).map(
    (cookie) => `${cookie.domain}: ${cookie.name}`,
  );
  await context.close();
  return cookies;
}

async function navigate(page: Page, link: string, path: string) {
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: link, exact: true })
    .click();
  await expect(page).toHaveURL(`${server.url}${path}`);
  await page.waitForLoadState("load");
}

test("five visitors read and move on; the owner sees five visitors, their views, the top page and referrer; no cookie is set", async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const cookies: string[] = [];
  for (const [index, visitor] of visitors.entries()) {
    cookies.push(...(await read(browser, visitor, index < 3)));
  }
  expect(cookies).toEqual([]);

  await page
    .context()
    .setExtraHTTPHeaders({ "x-forwarded-for": "198.18.20.9" });
  await signInAs(page, server.url, OWNER_EMAIL, OWNER_PASSWORD);
  // The owner's own reading is not counted.
  await page.goto(`${server.url}/about`);
  const summary = page.getByRole("region", { name: "Summary" });
  const figures = summary.getByRole("definition");
  // Views are written within a second or so of being read: the screen is
  // asked again until the last visitor's last view is in it too.
  await expect(async () => {
    await page.goto(`${server.url}/studio/readers?range=today`);
    // Visitors 5; page views: 5 About + 5 Live Music + 3 back to About.
    await expect(figures.nth(0)).toHaveText("5", { timeout: 1000 });
    await expect(figures.nth(2)).toHaveText("13", { timeout: 1000 });
  }).toPass();

  const pages = page.getByRole("table", { name: "Top pages" });
  await expect(pages.getByRole("row").nth(1)).toHaveText(/^\/about\s*58$/);
  await expect(pages.getByRole("row").nth(2)).toHaveText(/^\/music\s*55$/);
  const referrers = page.getByRole("table", { name: "Top referrers" });
  await expect(
    referrers.getByRole("row", { name: /news\.example/ }),
  ).toHaveText(/news\.example\s*33/);
  await expect(referrers.getByRole("row", { name: /This site/ })).toHaveText(
    /This site\s*58/,
  );
  const devices = page.getByRole("table", { name: "Devices" });
  await expect(devices.getByRole("row", { name: /Mobile/ })).toHaveText(
    /Mobile\s*13/,
  );
  await expect(
    page.getByRole("table", { name: "Daily visitors and views" }),
  ).toContainText("513");
});

test("the Readers screen is axe-clean at both widths, and its tables download as CSV", async ({
  page,
}) => {
  await page
    .context()
    .setExtraHTTPHeaders({ "x-forwarded-for": "198.18.20.9" });
  await signInAs(page, server.url, OWNER_EMAIL, OWNER_PASSWORD);
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoHydrated(page, `${server.url}/studio/readers?range=7`);
  await expect(page.getByRole("heading", { name: "Readers" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoAxeViolations(page);

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "CSV of Top pages" }).click();
  const file = await download;
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  const csv = Buffer.concat(chunks).toString("utf8");
  expect(csv.split("\r\n")[0]).toBe('"name","visitors","views"');
  expect(csv).toContain('"/about","5","8"');

  // A custom period ending in the future is refused with a message.
  await page.goto(
    `${server.url}/studio/readers?range=custom&from=2026-01-01&to=2999-01-01`,
  );
  await expect(page.getByRole("alert")).toHaveText("The end is in the future.");
});

test("the owner turns counting off in Settings: a visit then is not recorded, and one after turning it on again is", async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  await page
    .context()
    .setExtraHTTPHeaders({ "x-forwarded-for": "198.18.20.9" });
  await signInAs(page, server.url, OWNER_EMAIL, OWNER_PASSWORD);
  const countReaders = async (choice: string) => {
    await gotoHydrated(page, `${server.url}/studio/settings`);
    await page.getByLabel("Count readers").selectOption({ label: choice });
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(
      notices(page).getByText("Settings saved", { exact: true }),
    ).toBeVisible();
  };
  /** One new visitor's single page read. */
  const visit = async (address: string, path: string) => {
    const context = await browser.newContext({
      userAgent: visitors[0]?.userAgent,
      extraHTTPHeaders: { "x-forwarded-for": address },
    });
    await gotoHydrated(await context.newPage(), `${server.url}${path}`);
    await context.close();
  };

  await countReaders("Off: record nothing");
  await page.goto(`${server.url}/studio/readers?range=today`);
  await expect(
    page.getByText(/^Counting is off \(Settings, Readers\)/),
  ).toBeVisible();
  await visit("198.18.20.6", "/about");

  await countReaders("On: count page views");
  await visit("198.18.20.7", "/hiking");
  const figures = page
    .getByRole("region", { name: "Summary" })
    .getByRole("definition");
  // Views are written in the order they were read: once the second
  // visitor's is in, the first one's would be too, had it been recorded.
  await expect(async () => {
    await page.goto(`${server.url}/studio/readers?range=today`);
    // The five of the first journey, and the second visitor here.
    await expect(figures.nth(0)).toHaveText("6", { timeout: 1000 });
  }).toPass();
  await expect(page.getByText(/^Counting is off/)).toHaveCount(0);
  await expect(figures.nth(2)).toHaveText("14");
  const pages = page.getByRole("table", { name: "Top pages" });
  await expect(pages.getByRole("row", { name: /^\/about/ })).toHaveText(
    /^\/about\s*58$/,
  );
  await expect(pages.getByRole("row", { name: /^\/hiking/ })).toHaveText(
    /^\/hiking\s*11$/,
  );
});
