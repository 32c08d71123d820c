import { expect, test } from "vitest";

import { managementPaths, navigation } from "~/config/navigation";

import {
  archivePageEntries,
  buildSitemap,
  buildSitemapIndex,
  pageEntries,
  sitemapPages,
  sitemapParts,
} from "./sitemap";

test("every page of the route table is listed and no management path is", () => {
  const paths = sitemapPages.map((page) => page.path);
  for (const item of navigation) expect(paths).toContain(item.href);
  expect(paths).toContain("/events-calendar");
  for (const path of managementPaths) expect(paths).not.toContain(path);
});

test("a page's lastmod is its newest content, never older than the build", () => {
  const built = new Date("2026-01-01T00:00:00Z");
  const entries = pageEntries(
    new Map([
      ["core_values", new Date("2026-03-01T00:00:00Z")],
      ["posts", new Date("2025-01-01T00:00:00Z")],
    ]),
    built,
  );
  const lastmod = (path: string) =>
    entries.find((entry) => entry.path === path)?.lastmod.toISOString();
  expect(lastmod("/about")).toBe("2026-03-01T00:00:00.000Z");
  expect(lastmod("/content-hub")).toBe("2026-01-01T00:00:00.000Z");
  expect(lastmod("/contact")).toBe("2026-01-01T00:00:00.000Z");
});

test("locations are absolute and escaped", () => {
  const xml = buildSitemap("https://example.org", [
    { path: "/post/a&b", lastmod: new Date("2025-06-14T00:00:00Z") },
  ]);
  expect(xml).toContain("<loc>https://example.org/post/a&amp;b</loc>");
  expect(xml).toContain("<lastmod>2025-06-14T00:00:00Z</lastmod>");
});

test("every archive page past the first is listed, for every archive", () => {
  const lastmod = new Date("2025-06-30T00:00:00Z");
  const paths = archivePageEntries(
    new Map([
      ["Hiking & Nature", 25],
      ["Live Music", 12],
      ["Travel Log", 9],
      ["Leadership", 3],
    ]),
    lastmod,
  ).map((entry) => entry.path);
  // 49 posts: 3 Content Hub pages of 24; 3 Hiking pages of 12; 1 Music page; 2 Travel pages of 8.
  expect(paths).toEqual([
    "/content-hub?page=2",
    "/content-hub?page=3",
    "/hiking?page=2",
    "/hiking?page=3",
    "/travel?page=2",
  ]);
});

test("past the URLs one file may hold, the sitemap becomes an index of parts", () => {
  const entries = Array.from({ length: 5 }, (_, index) => ({
    path: `/post/${index}`,
    lastmod: new Date(Date.UTC(2025, 0, index + 1)),
  }));
  expect(sitemapParts(entries)).toHaveLength(1);
  const parts = sitemapParts(entries, 2);
  expect(parts.map((part) => part.length)).toEqual([2, 2, 1]);
  const index = buildSitemapIndex("https://example.org", parts);
  expect(index).toContain("<sitemapindex");
  expect(index).toContain("<loc>https://example.org/sitemaps/3.xml</loc>");
  expect(index).toContain("<lastmod>2025-01-04T00:00:00Z</lastmod>");
});
