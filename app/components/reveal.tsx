import { useEffect, useRef } from "react";
import type { ReactNode } from "react";

/**
 * Starts the entry animation of one element a <Reveal> rendered: also for
 * those in a part kept as server HTML (components/server-html.tsx), which
 * React does not render on the first load. Returns the clean-up.
 */
export function watchReveal(element: HTMLElement): () => void {
  if (typeof IntersectionObserver === "undefined") return () => {};
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
    return () => {};
  }
  // The observer's first report says where the element starts, measured
  // with the frame: reading its position here would force a layout of the
  // whole page in the middle of hydration, once per element.
  const observer = new IntersectionObserver(
    ([entry]) => {
      if (!entry) return;
      if (element.dataset.reveal === undefined) {
        const viewport = entry.rootBounds?.height ?? window.innerHeight;
        if (entry.boundingClientRect.top < viewport) {
          observer.disconnect();
          return;
        }
        element.dataset.reveal = "pending";
      }
      if (entry.isIntersecting) {
        element.dataset.reveal = "shown";
        observer.disconnect();
      }
    },
    { threshold: 0.3 },
  );
  observer.observe(element);
  return () => observer.disconnect();
}

/** What marks the elements a <Reveal> rendered, in server HTML too. */
export const REVEAL_SELECTOR = '[style*="--reveal-index"]';

/**
 * Entry animation (fade 0.6 s, stagger 0.1 s, delay 0.2 s, once, at
 * 30% visibility). Content is visible in the server HTML; only elements that
 * start below the fold are hidden, and only once the script runs and the
 * visitor has not asked for reduced motion.
 */
export function Reveal({
  children,
  index = 0,
  className,
}: {
  children: ReactNode;
  index?: number;
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = ref.current;
    return element ? watchReveal(element) : undefined;
  }, []);

  return (
    <div
      ref={ref}
      className={className}
      style={{ "--reveal-index": index % 8 } as React.CSSProperties}
    >
      {children}
    </div>
  );
}
