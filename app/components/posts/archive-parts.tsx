// The archive screens' featured post and page links are links only: on a
// first load they stay the server's HTML and their code is not fetched
// (laterPart); a client navigation fetches it with the screen's data.
import { DeferredValue } from "~/components/deferred-value";
import { laterPart } from "~/components/later-part";
import type { PendingPageLinksProps } from "~/components/page/page-links";

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
export function LaterPageLinks({ info, ...props }: PendingPageLinksProps) {
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
