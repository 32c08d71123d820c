// What the header's search box does on submit, loaded when the visitor first
// focuses the box (with zod, through the schema): the query is checked by
// the shared schema, a problem is shown by the browser's own validation
// bubble, and a valid search opens by client navigation.
import type { NavigateFunction } from "react-router";

import { SEARCH_PATH } from "~/lib/search";
import { searchQuerySchema } from "~/lib/search-schema";

export function submitSearch(
  form: HTMLFormElement,
  navigate: NavigateFunction,
) {
  const input = form.elements.namedItem("q");
  if (!(input instanceof HTMLInputElement)) return;
  const parsed = searchQuerySchema.safeParse(input.value);
  if (!parsed.success) {
    input.setCustomValidity(
      parsed.error.issues[0]?.message ?? "Check the search.",
    );
    input.reportValidity();
    return;
  }
  void navigate(`${SEARCH_PATH}?${new URLSearchParams({ q: parsed.data })}`);
}
