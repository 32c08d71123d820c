// The boot script (app/lib/boot.server.ts) holds the clicks and submits that
// only the app can answer while its scripts load; the root gives them back
// once React has hydrated and listens (docs/decisions/039).
import { useEffect } from "react";

/** Replays what the visitor did before hydration, once, after the first commit. */
export function useReplayEarlyEvents() {
  useEffect(() => {
    window.__replayEarlyEvents?.();
  }, []);
}
