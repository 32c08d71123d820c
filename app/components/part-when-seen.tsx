import { lazy, Suspense, useEffect, useRef } from "react";
import type { ComponentType } from "react";

/**
 * A part below the fold with controls of its own, whose code is not in the
 * page's first load either: the server renders it, and the first load leaves
 * its server HTML in place, unhydrated, until it comes near the viewport (or
 * is focused or pressed first); then its code is fetched and React hydrates
 * it in a pass of its own. What the visitor presses or types in it meanwhile
 * is held and given back once it has hydrated. `id` names its box
 * (`className`) in the server's HTML. A screen reached by client navigation
 * draws it at once, with the code `preload` fetched (the route's
 * clientLoader starts it).
 */
export function partWhenSeen<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  { id, className }: { id: string; className?: string },
) {
  let code: Promise<ComponentType<Props>> | undefined;
  const fetchCode = () => (code ??= load());
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let giveBack = () => {};
  const Lazy = lazy(async () => {
    const box =
      typeof document === "undefined" ? null : document.getElementById(id);
    if (box) {
      giveBack = holdInput(box);
      // Released too when a navigation asks for the part: the box watched
      // may have left with the page it was on.
      await Promise.race([seen(box), released]);
    }
    const Part = await fetchCode();
    function Hydrated(props: Props) {
      useEffect(() => giveBack(), []);
      return <Part {...props} />;
    }
    return { default: Hydrated };
  });
  function PartWhenSeen(props: Props) {
    const box = useRef<HTMLDivElement>(null);
    // Left unseen (a navigation took its page away): what it held goes back
    // to nobody, and the window stops holding for it. Only once its box has
    // left the page: development's rehearsed unmount keeps the hold.
    useEffect(() => {
      const shown = box.current;
      return () => {
        if (!shown?.isConnected) giveBack();
      };
    }, []);
    return (
      // data-when-seen: says in the page which part hydrates late.
      <div ref={box} id={id} className={className} data-when-seen="">
        <Suspense fallback={null}>
          <Lazy {...props} />
        </Suspense>
      </div>
    );
  }
  const preload = (): Promise<void> => {
    release();
    return fetchCode().then(
      () => undefined,
      () => undefined,
    );
  };
  return Object.assign(PartWhenSeen, { preload });
}

/** Once `box` is within a screen's height of the viewport, focused within or pressed. */
function seen(box: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    const inputs = ["focusin", "pointerdown"];
    const done = () => {
      observer.disconnect();
      for (const type of inputs) box.removeEventListener(type, done);
      resolve();
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) done();
      },
      { rootMargin: "100% 0px" },
    );
    observer.observe(box);
    for (const type of inputs) box.addEventListener(type, done);
  });
}

/**
 * Holds the clicks in `box`, and the keys whose work is the page's (arrows,
 * Home, End, …), until the returned function gives them back, in order.
 * Tab, Enter and Space pass: the browser itself moves the focus or makes
 * the click, which is then held.
 */
function holdInput(box: HTMLElement): () => void {
  const held: Array<MouseEvent | KeyboardEvent> = [];
  const hold = (event: Event) => {
    if (
      !(event.target instanceof Node && box.contains(event.target)) ||
      !(event instanceof MouseEvent || event instanceof KeyboardEvent) ||
      (event instanceof KeyboardEvent &&
        ["Tab", "Enter", " "].includes(event.key))
    ) {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
    held.push(event);
  };
  // On the window, ahead of React's own listener on the document, which
  // stops an event aimed at a part not hydrated yet.
  addEventListener("click", hold, true);
  addEventListener("keydown", hold, true);
  return () => {
    removeEventListener("click", hold, true);
    removeEventListener("keydown", hold, true);
    void replay(box, held.splice(0));
  };
}

/**
 * A task each, so each one's work (a new month, the focus moved) is done
 * before the next comes: a key goes where the focus is by then, as it
 * would have (if still within `box`); a click to what was pressed (an
 * icon's SVG: its element).
 */
async function replay(
  box: HTMLElement,
  events: Array<MouseEvent | KeyboardEvent>,
) {
  for (const event of events) {
    if (event instanceof KeyboardEvent) {
      const focused = document.activeElement;
      if (focused && box.contains(focused)) {
        focused.dispatchEvent(new KeyboardEvent("keydown", event));
      }
    } else {
      let target = event.target instanceof Element ? event.target : null;
      while (target && !(target instanceof HTMLElement)) {
        target = target.parentElement;
      }
      if (target?.isConnected) target.click();
    }
    await new Promise((resolve) => setTimeout(resolve));
  }
}
