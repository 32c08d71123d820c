// /sitemap.xml: every public page of the route table, every page of
// each archive, and every post. Past the protocol's 50,000 URLs a file it
// becomes a sitemap index of /sitemaps/N.xml parts.
import { navigation } from "~/config/navigation";
import { sectionPagePath, sectionRegistry } from "~database/sections";
import { pageHref } from "~/lib/page-href";
import { ARCHIVE_PAGE_SIZE, pageCountOf } from "~/lib/pagination";
import { POST_CATEGORIES } from "~/lib/posts";

import { escapeXml } from "./xml";

/** The content tables each page shows: a page's lastmod is the newest row among them. */
const pageTables: Readonly<Record<string, ReadonlyArray<string>>> = (() => {
  const tables: Record<string, string[]> = {
    "/content-hub": ["posts"],
    "/hiking": ["posts"],
    "/music": ["posts"],
    "/travel": ["posts"],
  };
  for (const [table, entry] of Object.entries(sectionRegistry))
    (tables[sectionPagePath(entry)] ??= []).push(table);
  return tables;
})();

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

/** The archives a page at a time: the category each pages through (null: every post), and its page size. */
export const archives: ReadonlyArray<{
  path: string;
  category: string | null;
  pageSize: number;
}> = [
  {
    path: "/content-hub",
    category: null,
    pageSize: ARCHIVE_PAGE_SIZE.contentHub,
  },
  {
    path: "/hiking",
    category: POST_CATEGORIES.hiking,
    pageSize: ARCHIVE_PAGE_SIZE.hiking,
  },
  {
    path: "/music",
    category: POST_CATEGORIES.music,
    pageSize: ARCHIVE_PAGE_SIZE.music,
  },
  {
    path: "/travel",
    category: POST_CATEGORIES.travel,
    pageSize: ARCHIVE_PAGE_SIZE.travel,
  },
];

/** Entries for every archive page past the first (the first is the page itself), given the posts per category. */
export function archivePageEntries(
  postsByCategory: ReadonlyMap<string, number>,
  lastmod: Date,
): SitemapEntry[] {
  const total = [...postsByCategory.values()].reduce((sum, n) => sum + n, 0);
  return archives.flatMap((archive) => {
    const posts =
      archive.category === null
        ? total
        : (postsByCategory.get(archive.category) ?? 0);
    const pageCount = pageCountOf(posts, archive.pageSize);
    return Array.from({ length: pageCount - 1 }, (_, index) => ({
      path: pageHref(archive.path, index + 2),
      lastmod,
    }));
  });
}

/** URLs one sitemap file may hold (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_PART_PATH = "/sitemaps";

/** The entries in files of at most `max` URLs each. */
export function sitemapParts(
  entries: ReadonlyArray<SitemapEntry>,
  max = SITEMAP_MAX_URLS,
): SitemapEntry[][] {
  const parts: SitemapEntry[][] = [];
  for (let start = 0; start < entries.length; start += max) {
    parts.push(entries.slice(start, start + max));
  }
  return parts.length > 0 ? parts : [[]];
}

/** A sitemap index naming each part (/sitemaps/1.xml, …) and its newest lastmod. */
export function buildSitemapIndex(
  siteUrl: string,
  parts: ReadonlyArray<ReadonlyArray<SitemapEntry>>,
): string {
  const items = parts.map((part, index) => {
    const newest = part.reduce(
      (latest, entry) => (entry.lastmod > latest ? entry.lastmod : latest),
      new Date(0),
    );
    return `  <sitemap>\n    <loc>${escapeXml(`${siteUrl}${SITEMAP_PART_PATH}/${index + 1}.xml`)}</loc>\n    <lastmod>${w3cDate(newest)}</lastmod>\n  </sitemap>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...items,
    "</sitemapindex>",
    "",
  ].join("\n");
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
