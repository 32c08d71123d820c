// Archives a page at a time (docs/decisions/020): the first page lives at the
// screen's own path, later ones at `?page=N`, so every page is a real,
// crawlable URL served by the same route module and the same loader.
// Pure and zod-free: page links render in the browser. What a URL asks for
// is ./page-param.ts.

/** Posts per archive page: each fills its screen's grid (1–4 columns on the Content Hub, 2 or 3 on the category pages). */
export const ARCHIVE_PAGE_SIZE = {
  contentHub: 24,
  hiking: 12,
  music: 12,
  // Each journey is a tall entry with its own map.
  travel: 8,
} as const;

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
