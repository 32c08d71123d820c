import { expect, test } from "vitest";

import { managementPaths, navigation } from "~/config/navigation";

import { buildSitemap, pageEntries, sitemapPages } from "./sitemap";

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
