// Loaders of the archive pages (the Content Hub, Hiking, Music, Travel):
// which page a request asks for, and a 404 for one that does not exist, so
// every page URL that answers 200 holds posts (and only those are cached).
import { data } from "react-router";

import { pageFromUrl } from "./page-param";
import type { PageInfo } from "./pagination";

function notFound(): never {
  throw data(null, { status: 404 });
}

/** The page `?page=` names; a malformed one is a page that does not exist. */
export function requestedPage(request: Request): number {
  return pageFromUrl(new URL(request.url)) ?? notFound();
}

/** The page links of a read archive page; a page past the last is not found. Null when the read failed (no links to show). */
export function pagesOf(archive: PageInfo | undefined): PageInfo | null {
  if (!archive) return null;
  if (archive.page > archive.pageCount) notFound();
  return { page: archive.page, pageCount: archive.pageCount };
}
