// Found and shared: head tags, feeds, the favicon set and social cards, as a
// crawler or feed reader sees them (the seeded server's SITE_URL is its own address).
import { createHash } from "node:crypto";

import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";

import { firstPostPath } from "~scripts/lib/budgets";

import { serverUrl } from "../../playwright.config";

import { gotoHydrated } from "./support/journeys";

const base = serverUrl("seeded");

test("every page links its feed, favicons and manifest, and carries a canonical URL and social card", async ({
  page,
}) => {
  await page.goto(`${base}/about`);
  const head = page.locator("head");
  await expect(
    head.locator('link[rel="alternate"][type="application/rss+xml"]'),
  ).toHaveAttribute("href", "/rss.xml");
  await expect(head.locator('link[rel="manifest"]')).toHaveAttribute(
    "href",
    "/site.webmanifest",
  );
  await expect(head.locator('link[rel="apple-touch-icon"]')).toHaveCount(1);
  await expect(head.locator('meta[name="theme-color"]')).toHaveCount(1);
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    /\/about$/,
  );
  const card = await head
    .locator('meta[property="og:image"]')
    .getAttribute("content");
  expect(card).toMatch(/\/social\/site\.png$/);
  const image = await page.request.get(card ?? "");
  expect(image.headers()["content-type"]).toBe("image/png");
  for (const icon of [
    "/favicon.ico",
    "/favicon.svg",
    "/apple-touch-icon.png",
    "/site.webmanifest",
  ]) {
    expect((await page.request.get(base + icon)).status(), icon).toBe(200);
  }
});

test("the sitemap lists every page of the route table and every post, with lastmod", async ({
  request,
}) => {
  const response = await request.get(`${base}/sitemap.xml`);
  expect(response.headers()["content-type"]).toContain("application/xml");
  const xml = await response.text();
  for (const path of [
    "/",
    "/about",
    "/content-hub",
    "/motivational",
    "/leadership",
    "/community",
    "/hiking",
    "/music",
    "/fitness",
    "/travel",
    "/contact",
    "/events-calendar",
  ]) {
    expect(xml).toContain(`<loc>${base}${path}</loc>`);
  }
  expect(xml).toContain(`<loc>${base}${await firstPostPath(base)}</loc>`);
  expect(xml).not.toContain("manage-");
  expect(xml.match(/<lastmod>/g)?.length).toBe(xml.match(/<loc>/g)?.length);
});

test("robots.txt allows the site, keeps out sign-in and the API, and names the sitemap", async ({
  request,
}) => {
  const text = await (await request.get(`${base}/robots.txt`)).text();
  expect(text).toContain("Allow: /");
  expect(text).toContain("Disallow: /sign-in");
  expect(text).toContain("Disallow: /api/");
  expect(text).toContain(`Sitemap: ${base}/sitemap.xml`);
});

test("the RSS feed lists the posts, newest first, linking to each post", async ({
  request,
}) => {
  const response = await request.get(`${base}/rss.xml`);
  expect(response.headers()["content-type"]).toContain("application/rss+xml");
  const xml = await response.text();
  expect(xml).toContain(`<atom:link href="${base}/rss.xml" rel="self"`);
  const dates = [...xml.matchAll(/<pubDate>([^<]+)<\/pubDate>/g)].map((match) =>
    Date.parse(match[1] ?? ""),
  );
  expect(dates.length).toBeGreaterThan(0);
  expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  expect(xml).toContain(`<link>${base}${await firstPostPath(base)}</link>`);
});

test("the iCalendar feed holds the Leadership Breakfast and the two sample events", async ({
  request,
}) => {
  const response = await request.get(`${base}/events.ics`);
  expect(response.headers()["content-type"]).toContain("text/calendar");
  const ics = await response.text();
  expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
  for (const title of [
    "Leadership Breakfast",
    "Community Hike",
    "Leadership Talk",
  ]) {
    expect(ics).toContain(`SUMMARY:${title}\r\n`);
  }
  expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(3);
  expect(ics).toContain("DTSTART:20250725T133000Z");
});

test("a post without an image gets a generated card, cached and revalidated by ETag", async ({
  request,
}) => {
  const slug = (await firstPostPath(base)).replace("/post/", "");
  const response = await request.get(`${base}/social/post/${slug}.png`);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
  expect(response.headers()["cache-control"]).toContain("public");
  const body = await response.body();
  expect(body.readUInt32BE(16)).toBe(1200);
  const etag = response.headers()["etag"] ?? "";
  const again = await request.get(`${base}/social/post/${slug}.png`, {
    headers: { "If-None-Match": etag },
  });
  expect(again.status()).toBe(304);
  expect(
    (await request.get(`${base}/social/post/no-such-post.png`)).status(),
  ).toBe(404);
});

test("a rendered document's CSP nonce is fresh on every response; a kept one is named by the hashes of its inline code, and runs", async ({
  request,
  page,
}) => {
  // A parameter the page cache does not know: rendered for each response.
  const nonces = new Set<string>();
  for (let visit = 0; visit < 2; visit += 1) {
    const response = await request.get(`${base}/about?visit=${visit}`);
    const header = response.headers()["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(header)?.[1] ?? "";
    expect(await response.text()).toContain(`nonce="${nonce}"`);
    expect(response.headers()["cache-control"]).toBe("private, no-cache");
    nonces.add(nonce);
  }
  expect(nonces.size).toBe(2);

  // Asked twice, the page is kept: the same bytes for everyone, under hashes.
  await request.get(`${base}/about`);
  const kept = await request.get(`${base}/about`);
  expect(kept.headers()["x-page-cache"]).toBe("hit");
  const policy = kept.headers()["content-security-policy"] ?? "";
  expect(policy).not.toContain("nonce");
  const html = await kept.text();
  const hash = (text: string) =>
    `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
  const inline = [
    ...html.matchAll(/<(script|style)\b([^>]*)>([\s\S]*?)<\/\1>/g),
  ].filter(
    ([, , attributes = "", text]) => text && !attributes.includes("json"),
  );
  expect(inline.length).toBeGreaterThanOrEqual(2);
  for (const [, tag, , text = ""] of inline) {
    expect(policy).toMatch(
      new RegExp(`${tag}-src 'self'[^;]*${escapeRegExp(hash(text))}`),
    );
  }

  const refused: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") refused.push(message.text());
  });
  await gotoHydrated(page, `${base}/about`);
  await page.getByRole("link", { name: "Contact" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Let's Connect",
  );
  expect(refused).toEqual([]);
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The structured data a page carries, parsed. */
async function structuredData(page: Page) {
  const scripts = await page
    .locator('script[type="application/ld+json"]')
    .allTextContents();
  return scripts.flatMap((text) => {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : [value];
  }) as Array<Record<string, unknown>>;
}

test("every page has its own description; the owner, posts and events carry structured data", async ({
  page,
  request,
}) => {
  const descriptions = new Set<string>();
  for (const path of ["/", "/about", "/content-hub", "/contact", "/travel"]) {
    const html = await (await request.get(base + path)).text();
    const description = /<meta name="description" content="([^"]+)"/.exec(
      html,
    )?.[1];
    expect(description, path).toBeTruthy();
    descriptions.add(description ?? "");
  }
  expect(descriptions.size).toBe(5);

  await page.goto(`${base}/`);
  expect((await structuredData(page)).map((item) => item["@type"])).toContain(
    "Person",
  );

  await page.goto(`${base}/post/leading-across-generations`);
  const posting = (await structuredData(page)).find(
    (item) => item["@type"] === "BlogPosting",
  );
  expect(posting?.headline).toBe("Leading Across Generations");
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute(
    "content",
    "article",
  );

  await page.goto(`${base}/events-calendar`);
  const events = (await structuredData(page)).filter(
    (item) => item["@type"] === "Event",
  );
  expect(events.map((event) => event.name)).toEqual([
    "Community Hike",
    "Leadership Talk",
  ]);
  await expect(
    page.getByRole("link", { name: /Download events/ }),
  ).toHaveAttribute("href", "/events.ics");
});
