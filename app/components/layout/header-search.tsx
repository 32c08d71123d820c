import { useRef, useState } from "react";
import type { FormEvent } from "react";
import { useNavigate } from "react-router";

import { Icon } from "~/lib/icons";
import { SEARCH_LIMITS, SEARCH_PATH } from "~/lib/search";

// The input schema (and zod with it) loads when the visitor first focuses the
// box: most visits never search, and the header is on every page's first load.
const loadSchema = () => import("~/lib/search-schema");
type SchemaModule = Awaited<ReturnType<typeof loadSchema>>;

const ERROR_ID = "header-search-error";

/**
 * The header's search box. Without JavaScript it is a plain GET form to
 * /search; with it, the query is checked by the shared schema and the
 * results page opens by client navigation.
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const schema = useRef<SchemaModule | null>(null);
  const [error, setError] = useState<string | null>(null);
  const prepare = () => {
    if (!schema.current) {
      void loadSchema().then((module) => (schema.current = module));
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const module = schema.current;
    // Before the schema has arrived the server checks the query alone.
    if (!module) return;
    event.preventDefault();
    const q = new FormData(event.currentTarget).get("q");
    const parsed = module.searchQuerySchema.safeParse(
      typeof q === "string" ? q : "",
    );
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Check the search.");
      return;
    }
    setError(null);
    void navigate(`${SEARCH_PATH}?${new URLSearchParams({ q: parsed.data })}`);
  };
  return (
    <form
      role="search"
      aria-label="Site"
      action={SEARCH_PATH}
      method="get"
      onSubmit={submit}
      // Beside the eleven navigation items (xl and up) the box is a search
      // icon until focused, when it opens leftwards over the navigation.
      className="relative ml-auto shrink-0 xl:ml-0 xl:h-8 xl:w-9"
    >
      <label htmlFor="header-search" className="sr-only">
        Search posts
      </label>
      <input
        id="header-search"
        type="search"
        name="q"
        required
        maxLength={SEARCH_LIMITS.length}
        placeholder="Search"
        onFocus={prepare}
        onPointerEnter={prepare}
        onInput={() => setError(null)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? ERROR_ID : undefined}
        className="w-28 rounded-full border border-white/15 bg-slate-900 py-1.5 pr-3 pl-8 text-sm text-white transition-[width] placeholder:text-slate-400 focus:w-44 focus:border-emerald-400 sm:w-36 sm:focus:w-56 motion-reduce:transition-none xl:absolute xl:top-0 xl:right-0 xl:h-8 xl:w-9 xl:pr-0 xl:placeholder:text-transparent xl:focus:w-64 xl:focus:pr-3 xl:focus:placeholder:text-slate-400"
      />
      <Icon
        name="Search"
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-2.5 h-4 w-4 -translate-y-1/2 text-slate-400"
      />
      {error ? (
        <p
          id={ERROR_ID}
          role="alert"
          className="absolute top-full right-0 mt-2 w-56 rounded-md bg-rose-950 px-3 py-2 text-xs text-rose-100 shadow-lg"
        >
          {error}
        </p>
      ) : null}
    </form>
  );
}
