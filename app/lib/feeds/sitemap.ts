// /sitemap.xml: every public page of the spec's route table and every post.
import { navigation } from "~/config/navigation";

import { escapeXml } from "./xml";

/** The content tables each page shows: a page's lastmod is the newest row among them. */
const pageTables: Readonly<Record<string, ReadonlyArray<string>>> = {
  "/about": ["core_values", "personal_journey_sections"],
  "/content-hub": ["posts"],
  "/motivational": ["motivational_sections"],
  "/leadership": [
    "leadership_philosophies",
    "mentoring_approaches",
    "leadership_lessons",
  ],
  "/community": ["community_values", "community_events"],
  "/hiking": ["posts", "trail_philosophies"],
  "/music": ["posts", "music_philosophies"],
  "/fitness": [
    "fitness_philosophies",
    "fitness_routines",
    "nutrition_strategies",
  ],
  "/travel": ["posts"],
};

export interface SitemapPage {
  path: string;
  tables: ReadonlyArray<string>;
}

/** The public pages (the header's items and the Events Calendar); management paths are left out. */
export const sitemapPages: ReadonlyArray<SitemapPage> = [
  ...navigation.map((item) => ({
    path: item.href,
    tables: pageTables[item.href] ?? [],
  })),
  { path: "/events-calendar", tables: [] },
];

export interface SitemapEntry {
  path: string;
  lastmod: Date;
}

/** Entries for the pages: the newest of the page's tables, and never older than `since` (the build). */
export function pageEntries(
  latestByTable: ReadonlyMap<string, Date>,
  since: Date,
): SitemapEntry[] {
  return sitemapPages.map((page) => {
    let lastmod = since;
    for (const table of page.tables) {
      const latest = latestByTable.get(table);
      if (latest && latest > lastmod) lastmod = latest;
    }
    return { path: page.path, lastmod };
  });
}

function w3cDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

export function buildSitemap(
  siteUrl: string,
  entries: ReadonlyArray<SitemapEntry>,
): string {
  const urls = entries.map(
    (entry) =>
      `  <url>\n    <loc>${escapeXml(siteUrl + entry.path)}</loc>\n    <lastmod>${w3cDate(entry.lastmod)}</lastmod>\n  </url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}
