import { useEffect, useRef } from "react";

/**
 * Keeps the CSS variable `name` on the page at the element's height while
 * the element is sticky (0 while it is not: a narrow screen may let it
 * scroll away). The studio's scroll padding adds these up (studio.css), so
 * the browser scrolls a focused field or the editor's caret into view
 * below what sticks at the top, not under it.
 */
export function useStickyHeight<T extends HTMLElement>(name: string) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const update = () => {
      const sticky = getComputedStyle(element).position === "sticky";
      root.style.setProperty(name, `${sticky ? element.offsetHeight : 0}px`);
    };
    // A resize of the window can change whether it sticks, not only its size.
    const observer = new ResizeObserver(update);
    observer.observe(element);
    addEventListener("resize", update);
    return () => {
      observer.disconnect();
      removeEventListener("resize", update);
      root.style.removeProperty(name);
    };
  }, [name]);
  return ref;
}
