// The search input (docs/decisions/020): one schema for the header's box
// and the server. The box loads this module on first focus, so zod is not in
// any page's first load.
import { z } from "zod";

import { parsePageParam } from "./page-param";
import { SEARCH_LIMITS } from "./search";

export const searchQuerySchema = z
  .string()
  // Runs of spaces, tabs and line breaks count as one space.
  .transform((text) => text.replace(/\s+/g, " ").trim())
  .pipe(
    z
      .string()
      .min(1, "Type a word to search for.")
      .max(
        SEARCH_LIMITS.length,
        `Keep the search under ${SEARCH_LIMITS.length} characters.`,
      )
      .refine(
        (text) => text.split(" ").length <= SEARCH_LIMITS.words,
        `Search for at most ${SEARCH_LIMITS.words} words.`,
      )
      // Control characters never belong in a search.
      .refine(
        // eslint-disable-next-line no-control-regex
        (text) => !/[\u0000-\u001f\u007f]/.test(text),
        "Search for words and numbers only.",
      ),
  );

export const searchParamsSchema = z.object({
  q: searchQuerySchema,
  page: z
    .string()
    .nullable()
    .transform((value, context) => {
      const page = parsePageParam(value);
      if (page !== null) return page;
      context.addIssue({
        code: "custom",
        message: "That page of results does not exist.",
      });
      return z.NEVER;
    }),
});

export type SearchParams = z.infer<typeof searchParamsSchema>;

/** The search a URL asks for: null without `q` (the page shows its form); otherwise the parsed search or the visitor's error. */
export function searchFromUrl(
  url: URL,
):
  | null
  | { ok: true; search: SearchParams }
  | { ok: false; query: string; error: string } {
  const q = url.searchParams.get("q");
  if (q === null) return null;
  const parsed = searchParamsSchema.safeParse({
    q,
    page: url.searchParams.get("page"),
  });
  if (parsed.success) return { ok: true, search: parsed.data };
  return {
    ok: false,
    query: q.slice(0, SEARCH_LIMITS.length * 2),
    error: parsed.error.issues[0]?.message ?? "That search cannot be run.",
  };
}
