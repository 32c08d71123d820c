import { lazy, Suspense } from "react";
import type { ComponentType } from "react";

import { ServerHtml, ServerHtmlPerPage } from "~/components/page/server-html";

/**
 * A ServerHtml part whose code is not in the page's first load either: the
 * server renders it (a document waits for every module it suspends on), the
 * first load keeps that HTML and never asks for the code, and a screen
 * reached by client navigation draws it with the code `preload` fetched
 * (its route's clientLoader starts it with the data). `renew`: what it
 * shows depends on the URL, so a navigation within the same screen (page 2
 * of an archive) draws it afresh rather than keeping the first page's HTML.
 */
export function laterPart<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  { renew = false }: { renew?: boolean } = {},
) {
  let loaded: ComponentType<Props> | undefined;
  const Lazy = lazy(async () => ({ default: (loaded = await load()) }));
  const Kept = renew ? ServerHtmlPerPage : ServerHtml;
  function LaterPart(props: Props) {
    const Part = loaded ?? Lazy;
    const part = <Part {...props} />;
    return (
      <Kept>
        {/* The server's document waits for the code without a boundary of
            its own: a first load keeps this HTML and never hydrates it, so
            no Suspense marker may be left in it for hydration to wait on. */}
        {typeof document === "undefined" ? (
          part
        ) : (
          <Suspense fallback={null}>{part}</Suspense>
        )}
      </Kept>
    );
  }
  /** Fetches the code; a failure is left to the part's own render to meet. */
  const preload = (): Promise<void> =>
    load().then(
      (part) => {
        loaded = part;
      },
      () => undefined,
    );
  return Object.assign(LaterPart, { preload });
}

/**
 * A screen's data, resolved once its later parts' code has arrived too, so
 * a part drawn with the data draws in the same frame (the featured post
 * above a list does not push the list down after a return to it).
 */
export function withParts<T>(
  data: Promise<T>,
  parts: ReadonlyArray<{ preload(): Promise<void> }>,
): Promise<T> {
  return Promise.all([data, ...parts.map((part) => part.preload())]).then(
    ([value]) => value,
  );
}
