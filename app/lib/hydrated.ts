import { useSyncExternalStore } from "react";

import { onServer, subscribeNever } from "./first-load";

/** False in the server's HTML (and for visitors without JavaScript), true once the page has hydrated. */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribeNever, () => true, onServer);
}
