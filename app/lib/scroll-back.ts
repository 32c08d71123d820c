import { useContext, useLayoutEffect } from "react";
import { UNSAFE_DataRouterStateContext as DataRouterStateContext } from "react-router";

// What ends the wait for the page to grow: the reader moving on their own.
const READER_MOVES = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

/**
 * Back at a list (the Content Hub, a category, search results): React
 * Router restores the saved position as the screen renders, but the
 * screen's cards come with its deferred data (decision 001), so the page is
 * still short and the browser clamps the position to what it can scroll.
 * This keeps the saved position and goes there as the page grows to hold it,
 * until it has, the reader scrolls or presses something, or the location
 * changes. Call it after React Router's own scroll restoration.
 */
export function useScrollBackAfterLoad() {
  const state = useContext(DataRouterStateContext);
  const target = state?.restoreScrollPosition;
  const location = state?.location;
  useLayoutEffect(() => {
    if (typeof target !== "number" || window.scrollY >= target - 1) return;
    const observer = new ResizeObserver(() => {
      window.scrollTo(0, target);
      if (window.scrollY >= target - 1) stop();
    });
    const stop = () => {
      observer.disconnect();
      for (const type of READER_MOVES) removeEventListener(type, stop, true);
    };
    observer.observe(document.body);
    for (const type of READER_MOVES) {
      addEventListener(type, stop, { capture: true, passive: true });
    }
    return stop;
  }, [location, target]);
}
