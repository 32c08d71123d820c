// Whether the first load's hydration is over, for the parts of a page that
// keep the server's HTML (ServerHtml, decision 033). Its own module, so the
// shared framework file carries it without useHydrated's (./hydrated.ts).
import { useSyncExternalStore } from "react";

export const subscribeNever = () => () => {};
export const onServer = () => false;

let firstLoadHydrated = false;

/**
 * False on the server and in every render that hydrates the server's HTML
 * (a part React hydrates later, in a Suspense boundary, too); true in a
 * render that draws something new after the first load. Unlike useHydrated,
 * a part hydrated with the page is not rendered a second time: React renders
 * again, at once and in one task that cannot yield, a component whose
 * browser value differs from the server's when its effects run, and the
 * first load is marked hydrated only by the root's effect, after theirs
 * (decision 048).
 */
export function useFirstLoadHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => firstLoadHydrated,
    onServer,
  );
}

/** Marks the first load hydrated: the root's first effect calls it, after every part's effects. */
export function markFirstLoadHydrated() {
  firstLoadHydrated = true;
}
