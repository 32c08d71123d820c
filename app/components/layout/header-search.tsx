import { Icon } from "~/lib/icons";
import { SEARCH_LIMITS, SEARCH_PATH } from "~/lib/search";

/**
 * The header's search box: a plain GET form to /search, which checks the
 * query itself (the same schema) and says what is wrong with it.
 */
export function HeaderSearch() {
  return (
    <form
      role="search"
      aria-label="Site"
      action={SEARCH_PATH}
      method="get"
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
        className="header-search"
      />
      <Icon name="Search" aria-hidden="true" className="header-search-icon" />
    </form>
  );
}
