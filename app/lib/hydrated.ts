import { useSyncExternalStore } from "react";

const subscribeNever = () => () => {};

/** False in the server's HTML (and for visitors without JavaScript), true once the studio's screen has hydrated. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
