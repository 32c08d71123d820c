// The archive screens' featured post and page links are links only: on a
// first load they stay the server's HTML and their code is not fetched
// (laterPart); a client navigation fetches it with the screen's data.
import { DeferredValue } from "~/components/deferred-value";
import { laterPart } from "~/components/later-part";
import type { PageLinksProps } from "~/components/page/page-links";
import type { PageInfo } from "~/lib/pagination";

export const LaterFeaturedPost = laterPart(() =>
  import("./featured-post").then((module) => module.FeaturedPost),
);

const LaterResolvedPageLinks = laterPart(
  () =>
    import("~/components/page/page-links").then(
      (module) => module.ResolvedPageLinks,
    ),
  { renew: true },
);

/**
 * PageLinks with its code later. It waits for the pages outside the kept
 * part: a Suspense boundary left inside kept HTML would never hydrate.
 */
export function LaterPageLinks({
  info,
  ...props
}: Omit<PageLinksProps, "info"> & {
  /** Loader data: null when the read failed; pending during client navigation. */
  info: PageInfo | null | Promise<PageInfo | null>;
}) {
  return (
    <DeferredValue value={info}>
      {(resolved) =>
        resolved ? <LaterResolvedPageLinks {...props} info={resolved} /> : null
      }
    </DeferredValue>
  );
}

/** Both, for an archive screen's clientLoader (withParts). */
export const archiveParts = [LaterFeaturedPost, LaterResolvedPageLinks];
