// Search as the pages show it: limits, page size and the highlighted
// fragments. Zod-free, so the header and the /search page ship no parser;
// the input schema is in ./search-schema.

export const SEARCH_PATH = "/search";

export const SEARCH_LIMITS = {
  /** Characters of a query, after trimming. */
  length: 100,
  /** Words of a query: each becomes a term of the full-text query. */
  words: 12,
} as const;

export const SEARCH_PAGE_SIZE = 10;

/** A piece of a result's text; `mark` pieces are words the search matched. */
export interface TextPart {
  text: string;
  mark: boolean;
}

export interface SearchHit {
  id: string;
  slug: string;
  title: TextPart[];
  snippet: TextPart[];
  category: string;
  /** yyyy-MM-dd */
  date: string;
}
