// Which page of an archive a URL asks for (docs/decisions/020), apart from
// the rest of pagination.ts: every archive screen's meta() needs it in the
// browser, while the page links' code loads later (archive-parts.tsx).

import { PAGE_PARAM } from "./page-href";
import type { ArchiveMeta, MetaArgs } from "./seo";

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
