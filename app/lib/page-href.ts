// The URL of an archive's page, on its own: the head tags of every page need
// it, and nothing else of the archives' helpers (./pagination.ts).

export const PAGE_PARAM = "page";

/** The URL of one page of an archive at `pathname`, keeping other parameters (a search's `q`). */
export function pageHref(
  pathname: string,
  page: number,
  params: Record<string, string> = {},
): string {
  const search = new URLSearchParams(params);
  if (page > 1) search.set(PAGE_PARAM, String(page));
  const query = search.toString();
  return query ? `${pathname}?${query}` : pathname;
}
