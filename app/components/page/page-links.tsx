import { Link } from "react-router";

import { DeferredValue } from "~/components/deferred-value";

import { pageHref } from "~/lib/page-href";
import { pageNumbers } from "~/lib/pagination";
import type { PageInfo } from "~/lib/pagination";

// The look is `.page-links` and `.page-link` in site.css (kept out of the JavaScript).

/**
 * Numbered links between the pages of an archive (newest first, so "Newer"
 * leads to page 1). Real URLs: they work without JavaScript and crawlers
 * follow them; with JavaScript they navigate client-side. `anchor` names the
 * list's section, so a category page opens at its list rather than its top.
 */
export function PageLinks({ info, ...props }: PendingPageLinksProps) {
  return (
    <DeferredValue value={info}>
      {(resolved) =>
        resolved ? <ResolvedPageLinks {...props} info={resolved} /> : null
      }
    </DeferredValue>
  );
}

/** PageLinks' props: the pages as loader data gives them. */
export type PendingPageLinksProps = Omit<PageLinksProps, "info"> & {
  /** Loader data: null when the read failed; pending during client navigation. */
  info: PageInfo | null | Promise<PageInfo | null>;
};

export interface PageLinksProps {
  pathname: string;
  info: PageInfo;
  /** What the pages hold, for the navigation's name: 'Posts', 'Trail adventures'. */
  label: string;
  anchor?: string;
  params?: Record<string, string>;
}

/** The links for pages already known (PageLinks waits for them first). */
export function ResolvedPageLinks({
  pathname,
  info,
  label,
  anchor,
  params,
}: PageLinksProps) {
  const { page, pageCount } = info;
  if (pageCount <= 1) return null;
  const href = (target: number) =>
    pageHref(pathname, target, params) + (anchor ? `#${anchor}` : "");
  return (
    <nav aria-label={`${label}, pages`} className="page-links">
      <p>
        Page {page} of {pageCount}
      </p>
      <ul>
        {page > 1 ? (
          <li>
            <Link to={href(page - 1)} rel="prev" className="page-link">
              <span aria-hidden="true">←</span> Newer
            </Link>
          </li>
        ) : null}
        {pageNumbers(info).map((number, index) =>
          number === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1">
              …
            </li>
          ) : (
            <li key={number}>
              <Link
                to={href(number)}
                aria-label={`Page ${number}`}
                aria-current={number === page ? "page" : undefined}
                className="page-link"
              >
                {number}
              </Link>
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link to={href(page + 1)} rel="next" className="page-link">
              Older <span aria-hidden="true">→</span>
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
