// "Near the screen": within LOAD_AHEAD of the viewport, so what loads then is
// ready by the time it scrolls in (Travel's maps, the Community calendar).
import { useEffect, useState } from "react";
import type { RefObject } from "react";

/** How far ahead of the screen code starts loading. */
export const LOAD_AHEAD = "400px 0px";

/**
 * Resolves once `element` comes within LOAD_AHEAD of the viewport, or once
 * the visitor points at it or moves focus into it (a keyboard jump, a link
 * to its anchor), whichever comes first.
 */
export function whenNearViewport(element: Element): Promise<void> {
  return new Promise((resolve) => {
    const touch = ["pointerover", "focusin", "touchstart"] as const;
    const done = () => {
      observer.disconnect();
      for (const type of touch) element.removeEventListener(type, done);
      resolve();
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) done();
      },
      { rootMargin: LOAD_AHEAD },
    );
    observer.observe(element);
    for (const type of touch) {
      element.addEventListener(type, done, { passive: true });
    }
  });
}

/** False on the server and until the element is near the screen; then true for good. */
export function useNearViewport(
  element: RefObject<HTMLElement | null>,
): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (!target || near) return;
    let current = true;
    void whenNearViewport(target).then(() => {
      if (current) setNear(true);
    });
    return () => {
      current = false;
    };
  }, [element, near]);
  return near;
}
