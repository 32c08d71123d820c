// The boot script (app/lib/boot.server.ts) holds the clicks and submits that
// only the app can answer while its scripts load; the root gives them back
// once React has hydrated and listens (docs/decisions/039).
import { useEffect } from "react";

import { markFirstLoadHydrated } from "./first-load";

/**
 * Once the first load has hydrated (the root's first effect, after every
 * part's): marks it so, and replays what the visitor did before.
 */
export function useReplayEarlyEvents() {
  useEffect(() => {
    markFirstLoadHydrated();
    // In a task of its own: a click aimed at a part React hydrates in a
    // pass of its own (the header, the footer) makes React hydrate it at
    // once, which it cannot do from inside its own effects.
    setTimeout(() => window.__replayEarlyEvents?.());
  }, []);
}
