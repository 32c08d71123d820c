// The owner makes the site theirs from the studio's settings: a new name and
// product name show on the next request of every page of two production
// instances over one PostgreSQL database (titles, the studio's too, header,
// footer, RSS, JSON-LD, the favicon and the social card); a bad address is refused with
// its message, in the browser and by the server; the screen passes axe at
// both widths and is edited with the keyboard alone. Its own database and
// instances: the journey servers' pages stay the demo identity's.
import { expect, test } from "@playwright/test";
import type { Browser, Page } from "@playwright/test";

import type { SeededPostgres } from "~scripts/lib/database";
import { launchServer } from "~scripts/lib/server";
import type { RunningServer } from "~scripts/lib/server";

import {
  OWNER_EMAIL,
  OWNER_PASSWORD,
  seededPostgresWithOwner,
  signInAs,
} from "./support/auth";
import {
  expectNoAxeViolations,
  gotoHydrated,
  notices,
} from "./support/journeys";

const adminUrl = process.env.TEST_DATABASE_URL;
test.skip(!adminUrl, "needs PostgreSQL: set TEST_DATABASE_URL");
test.describe.configure({ mode: "serial" });
// Two production servers to start, on a busy machine.
test.setTimeout(180_000);

// Ports of this journey's own instances, past the journey servers' (playwright.config.ts).
const portBase = Number(process.env.E2E_PORT_BASE ?? 0);
const PORTS = [4180 + portBase, 4181 + portBase];
const POST = "/post/first-light-on-the-ridge";
const visible = { timeout: 1_000, intervals: [5] };

let database: SeededPostgres;
const instances: RunningServer[] = [];

test.beforeAll(async () => {
  test.setTimeout(240_000);
  database = await seededPostgresWithOwner(adminUrl ?? "", "settings");
  for (const [index, port] of PORTS.entries()) {
    instances.push(
      await launchServer({
        name: `instance ${index + 1}`,
        siteUrlIsServed: true,
        port,
        env: { DATABASE_URL: database.url },
        log: test.info().outputPath(`instance-${index + 1}.log`),
      }),
    );
  }
});

test.afterAll(async () => {
  await Promise.all(instances.map((server) => server.stop()));
  await database?.drop();
});

function instanceUrl(index: number): string {
  const server = instances[index];
  if (!server) throw new Error("the instances did not start");
  return server.url;
}
const first = () => instanceUrl(0);
const second = () => instanceUrl(1);

async function ownerPage(browser: Browser, javaScriptEnabled = true) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await signInAs(page, first(), OWNER_EMAIL, OWNER_PASSWORD);
  return page;
}

async function text(url: string) {
  const response = await fetch(url);
  return { status: response.status, body: await response.text() };
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

function jsonLd(html: string): Array<Record<string, unknown>> {
  return [
    ...html.matchAll(
      /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g,
    ),
  ].flatMap((match) => {
    const parsed: unknown = JSON.parse(match[1] ?? "null");
    return Array.isArray(parsed) ? parsed : [parsed];
  }) as Array<Record<string, unknown>>;
}

const iconHref = (html: string) =>
  /<link rel="icon" href="([^"]+)" type="image\/svg\+xml"/.exec(html)?.[1];

async function save(page: Page) {
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(
    notices(page).getByText("Settings saved", { exact: true }),
  ).toBeVisible();
}

test("a new name and product name show on the next request of every page, on both instances", async ({
  browser,
}) => {
  const before = await text(`${second()}/`);
  expect(titleOf(before.body)).toBe("Home | Live Seasoned");
  const iconBefore = iconHref(before.body);
  expect(iconBefore).toBe("/favicon.svg");
  const cardBefore = (await fetch(`${second()}/social/site.png`)).headers.get(
    "etag",
  );

  const page = await ownerPage(browser);
  await gotoHydrated(page, `${first()}/studio/settings`);
  await expect(page).toHaveTitle("Settings | Studio | Live Seasoned");
  await page.getByLabel("Owner's name").fill("Ana Souza");
  await page.getByLabel("Product name").fill("Forward");
  const preview = page.getByRole("complementary", { name: "Preview" });
  await expect(preview.getByText("Home | Live Forward")).toBeVisible();
  await expect(preview.getByText("AS", { exact: true })).toBeVisible();
  await save(page);
  // The studio's own titles follow at once (the root's data is read again).
  await expect(page).toHaveTitle("Settings | Studio | Live Forward");
  // And so does what the pages draw from the settings: the way back to the
  // site, without a new document, shows the new name in its header.
  await page.getByRole("link", { name: "View site" }).click();
  await expect(page).toHaveURL(`${first()}/`);
  await expect(
    page.getByRole("banner").getByRole("link", { name: "Live Forward" }),
  ).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText(
    "Ana Souza. All rights reserved.",
  );

  for (const instance of [first(), second()]) {
    await expect
      .poll(async () => titleOf((await text(`${instance}/`)).body), visible)
      .toBe("Home | Live Forward");
    for (const [path, title] of [
      ["/about", "About Me | Live Forward"],
      ["/content-hub", "Content Hub | Live Forward"],
      ["/contact", "Contact | Live Forward"],
      [POST, "First Light on the Ridge | Live Forward"],
    ] as const) {
      const { status, body } = await text(`${instance}${path}`);
      expect(status).toBe(200);
      expect(titleOf(body)).toBe(title);
      expect(body).toContain(`Ana Souza. All rights reserved.`);
      expect(body).not.toMatch(/© \d{4} Jordan Avery/);
    }
    const home = (await text(`${instance}/`)).body;
    expect(jsonLd(home)).toContainEqual(
      expect.objectContaining({ "@type": "Person", name: "Ana Souza" }),
    );
    const post = jsonLd((await text(`${instance}${POST}`)).body);
    expect(post).toContainEqual(
      expect.objectContaining({
        "@type": "BlogPosting",
        publisher: expect.objectContaining({ name: "Ana Souza" }),
      }),
    );
    const rss = (await text(`${instance}/rss.xml`)).body;
    expect(rss).toContain("<title>Posts | Live Forward</title>");
    const ics = (await text(`${instance}/events.ics`)).body;
    expect(ics).toContain("X-WR-CALNAME:Live Forward events");

    // The favicon set is drawn again, under a new address.
    const icon = iconHref(home);
    expect(icon).toMatch(/^\/icons\/[\w-]+\/favicon\.svg$/);
    const drawn = await fetch(`${instance}${icon}`);
    expect(drawn.headers.get("content-type")).toContain("image/svg+xml");
    const demo = await (await fetch(`${instance}${iconBefore}`)).text();
    expect(await drawn.text()).not.toBe(demo);
    const manifest = (await (
      await fetch(
        `${instance}${icon?.replace("favicon.svg", "site.webmanifest")}`,
      )
    ).json()) as { name: string };
    expect(manifest.name).toBe("Live Forward · Ana Souza");
    // And so is the social card (its ETag is the hash of what it shows).
    const card = await fetch(`${instance}/social/site.png`);
    expect(card.headers.get("content-type")).toBe("image/png");
    expect(card.headers.get("etag")).not.toBe(cardBefore);
  }

  // In a browser, the header and footer of the other instance.
  const visitor = await browser.newPage();
  await visitor.goto(`${second()}/about`);
  await expect(visitor).toHaveTitle("About Me | Live Forward");
  await expect(
    visitor.getByRole("banner").getByRole("link", { name: "Live Forward" }),
  ).toBeVisible();
  await expect(visitor.getByRole("contentinfo")).toContainText(
    "Ana Souza. All rights reserved.",
  );
  await visitor.close();
  await page.context().close();
});

test("a bad address is refused with its message, in the browser and by the server", async ({
  browser,
}) => {
  const page = await ownerPage(browser);
  await gotoHydrated(page, `${first()}/studio/settings`);
  const linkedIn = page.getByLabel("LinkedIn");
  await linkedIn.fill("http://www.linkedin.com/in/ana");
  await linkedIn.press("Tab");
  const message =
    "The LinkedIn address must be a full https:// address, like https://example.com/you.";
  await expect(linkedIn).toHaveAccessibleDescription(message);
  await expect(linkedIn).toHaveAttribute("aria-invalid", "true");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(linkedIn).toBeFocused();
  await expect(notices(page)).toHaveCount(0);
  await page.context().close();

  // Without JavaScript the server checks it with the same schema.
  const plain = await ownerPage(browser, false);
  await plain.goto(`${first()}/studio/settings`);
  await plain.getByLabel("Twitter").fill("twitter.com/ana");
  const answer = plain.waitForResponse(
    (response) => response.request().method() === "POST",
  );
  await plain.getByRole("button", { name: "Save settings" }).click();
  expect((await answer).status()).toBe(400);
  await expect(plain.getByLabel("Twitter")).toHaveAccessibleDescription(
    "The Twitter address must be a full https:// address, like https://example.com/you.",
  );
  await plain.context().close();

  // Nothing stored changed.
  const twitter = jsonLd((await text(`${second()}/`)).body).find(
    (object) => object["@type"] === "Person",
  )?.sameAs;
  expect(twitter).toContain("https://twitter.com/jordanavery_example");
  expect(twitter).toContain("https://www.linkedin.com/in/jordan-avery-example");
});

test("the settings screen passes axe at 360 px and on a desktop", async ({
  browser,
}) => {
  const page = await ownerPage(browser);
  for (const size of [
    { width: 360, height: 800 },
    { width: 1280, height: 900 },
  ]) {
    await page.setViewportSize(size);
    await gotoHydrated(page, `${first()}/studio/settings`);
    await expectNoAxeViolations(page);
  }
  // With an error showing, too.
  await page.getByLabel("Public mail address").fill("not an address");
  await page.getByLabel("Public mail address").press("Tab");
  await expect(
    page.getByText(
      "The public mail address must be a mail address, like you@example.com.",
    ),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.context().close();
});

test("the owner edits a setting with the keyboard alone", async ({
  browser,
}) => {
  const page = await ownerPage(browser);
  await gotoHydrated(page, `${first()}/studio/settings`);
  const tagline = page.getByLabel("Tagline", { exact: true });
  // From the top of the page, Tab by Tab to the field.
  await page.keyboard.press("Tab");
  for (let presses = 0; presses < 40; presses += 1) {
    if (await tagline.evaluate((field) => field === document.activeElement))
      break;
    await page.keyboard.press("Tab");
  }
  await expect(tagline).toBeFocused();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Steady steps. Honest work.");
  // Enter in a field sends the form.
  await page.keyboard.press("Enter");
  await expect(
    notices(page).getByText("Settings saved", { exact: true }),
  ).toBeVisible();
  await expect
    .poll(async () => (await text(`${second()}/`)).body, visible)
    .toContain("Steady steps. Honest work.");
  await page.context().close();
});
