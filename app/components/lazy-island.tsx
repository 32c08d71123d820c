import { lazy, Suspense, useId, useState } from "react";
import type { ComponentType, ReactNode } from "react";

import { whenNearViewport } from "~/lib/near-viewport";

/**
 * A below-the-fold part of a page whose code the first load does without
 * (decision 024). The server renders it whole, so it reads the same without
 * JavaScript; in the browser React keeps that HTML, not yet hydrated, until
 * the part comes near the screen (or is pointed at or focused), then loads
 * its code and hydrates it. Rendered by a client navigation, it loads at
 * once, showing `fallback` meanwhile.
 */
export function lazyIsland<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  fallback: ReactNode = null,
): ComponentType<Props> {
  function Island(props: Props) {
    const id = useId();
    const [Part] = useState(() =>
      lazy(async () => {
        // Present only when hydrating the server's HTML of this very island.
        const rendered =
          typeof document === "undefined" ? null : document.getElementById(id);
        if (rendered) await whenNearViewport(rendered);
        return { default: await load() };
      }),
    );
    return (
      <div id={id} className="contents">
        <Suspense fallback={fallback}>
          <Part {...props} />
        </Suspense>
      </div>
    );
  }
  return Island;
}
