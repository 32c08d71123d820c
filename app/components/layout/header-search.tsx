import { useRef } from "react";
import { useNavigate } from "react-router";

import { Icon } from "~/lib/icons";
import { SEARCH_LIMITS, SEARCH_PATH } from "~/lib/search";

// Its submit code (and zod with the schema) loads when the visitor first
// focuses or points at the box: most visits never search, and the header is
// in every page's first load.
const loadSubmit = () => import("./header-search-submit");
type Submit = Awaited<ReturnType<typeof loadSubmit>>["submitSearch"];

/**
 * The header's search box. Without JavaScript (or before its code has
 * arrived) it is a plain GET form to /search, which checks the query itself.
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const submit = useRef<Submit | null>(null);
  const prepare = () => {
    if (!submit.current) {
      void loadSubmit().then(
        (module) => (submit.current = module.submitSearch),
      );
    }
  };
  return (
    <form
      role="search"
      aria-label="Site"
      action={SEARCH_PATH}
      method="get"
      onSubmit={(event) => {
        if (!submit.current) return;
        event.preventDefault();
        submit.current(event.currentTarget, navigate);
      }}
      className="header-search-form"
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
        // A problem shown by the schema lasts until the visitor types again.
        onInput={(event) => event.currentTarget.setCustomValidity("")}
        className="header-search"
      />
      <Icon name="Search" aria-hidden="true" className="header-search-icon" />
    </form>
  );
}
