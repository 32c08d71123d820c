// Archives a page at a time (docs/decisions/020): the first page lives at the
// screen's own path, later ones at `?page=N`, so every page is a real,
// crawlable URL served by the same route module and the same loader.
// Pure and zod-free: page links render in the browser, and the first load
// ships no parser.

import { PAGE_PARAM } from "./page-href";
import type { ArchiveMeta, MetaArgs } from "./seo";

/** Posts per archive page: each fills its screen's grid (1–4 columns on the Content Hub, 2 or 3 on the category pages). */
export const ARCHIVE_PAGE_SIZE = {
  contentHub: 24,
  hiking: 12,
  music: 12,
  // Each journey is a tall entry with its own map.
  travel: 8,
} as const;

/** The highest page number read from a URL; far past any real archive, and it keeps OFFSET small. */
export const MAX_PAGE = 10_000;

/** `?page=`: absent means page 1; anything else must be a whole number from 1 to MAX_PAGE, written plainly (no "02", "1.0" or "+1": one URL per page). */
export function parsePageParam(value: string | null): number | null {
  if (value === null) return 1;
  if (!/^[1-9]\d{0,4}$/.test(value)) return null;
  const page = Number(value);
  return page <= MAX_PAGE ? page : null;
}

/** The page a URL asks for, or null when its `?page=` is not one (the route answers 404). */
export function pageFromUrl(url: URL): number | null {
  const values = url.searchParams.getAll(PAGE_PARAM);
  if (values.length > 1) return null;
  return parsePageParam(values[0] ?? null);
}

export interface PageInfo {
  page: number;
  pageCount: number;
}

/** Pages to number in the navigation: the first, the last, and two either side of the current one; null marks a gap. */
export function pageNumbers({
  page,
  pageCount,
}: PageInfo): Array<number | null> {
  const shown = new Set([1, pageCount]);
  for (let offset = -2; offset <= 2; offset += 1) shown.add(page + offset);
  const numbers = [...shown]
    .filter((number) => number >= 1 && number <= pageCount)
    .sort((a, b) => a - b);
  const result: Array<number | null> = [];
  numbers.forEach((number, index) => {
    const previous = numbers[index - 1];
    if (previous !== undefined && number - previous > 1) result.push(null);
    result.push(number);
  });
  return result;
}

export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The archive page a route's meta() shows: the page from the URL, the page
 * count from loader data that has arrived (`pages`, as the archive routes
 * return it).
 */
export function archiveOf(args: MetaArgs): ArchiveMeta {
  const url = new URL(
    `${args.location.pathname}${args.location.search ?? ""}`,
    "http://site",
  );
  const pages =
    args.loaderData && typeof args.loaderData === "object"
      ? (args.loaderData as { pages?: unknown }).pages
      : undefined;
  const pageCount =
    pages && typeof pages === "object" && "pageCount" in pages
      ? Number(pages.pageCount)
      : undefined;
  return { page: pageFromUrl(url) ?? 1, pageCount };
}
