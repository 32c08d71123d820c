import { useEffect, useRef, useState } from "react";
import type { ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";

import { useFirstLoadHydrated } from "~/lib/first-load";
import { notImplementedToast, toast } from "~/lib/toast";

import { REVEAL_SELECTOR, watchReveal } from "~/components/reveal";

// One object for every render: React compares it by reference and would
// otherwise write the empty HTML over the server's on the next render.
const keepServerHtml = { __html: "" };

/**
 * A part of the page with nothing to answer but links and entry animations
 * (headings, text, images, cards): on the first load its server HTML stays
 * as sent and React never renders it, so hydration does not walk it
 * (decision 033). Its links still navigate in the app and its <Reveal>s
 * still animate. A screen reached by client navigation renders it as usual.
 * A link marked data-not-implemented shows the not-implemented notice as
 * well (the spec's event RSVP). Never put a control that needs React (a
 * button, a form, a notice of its own) inside.
 */
export function ServerHtml({ children }: { children: ReactNode }) {
  const hydrated = useFirstLoadHydrated();
  // Decided once, in the browser: a part kept as server HTML stays so until
  // it unmounts. The server always renders the part itself.
  const [kept] = useState(() => !hydrated && typeof document !== "undefined");
  return kept ? (
    <KeptHtml />
  ) : (
    <div className="contents" onClick={(event) => noticeOf(event.target)}>
      {children}
    </div>
  );
}

/**
 * A ServerHtml whose content depends on the URL: each navigation draws it
 * afresh (page 2 of an archive is the same screen with other items), where
 * a plain one would keep the first page's HTML.
 */
export function ServerHtmlPerPage({ children }: { children: ReactNode }) {
  return <ServerHtml key={useLocation().key}>{children}</ServerHtml>;
}

/** A click in a part: the notice of a link marked data-not-implemented. */
function noticeOf(target: EventTarget) {
  if (target instanceof Element && target.closest("[data-not-implemented]")) {
    toast(notImplementedToast);
  }
}

function KeptHtml() {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const part = ref.current;
    if (!part) return;
    const stops = [...part.querySelectorAll<HTMLElement>(REVEAL_SELECTOR)].map(
      watchReveal,
    );
    // A <Link>'s click without React: the same client navigation.
    const onClick = (event: MouseEvent) => {
      if (event.target) noticeOf(event.target);
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey ||
        !(event.target instanceof Element)
      ) {
        return;
      }
      const link = event.target.closest("a");
      if (
        !link ||
        link.target ||
        link.hasAttribute("download") ||
        link.origin !== window.location.origin ||
        (link.pathname === window.location.pathname && link.hash)
      ) {
        return;
      }
      event.preventDefault();
      void navigate(link.pathname + link.search + link.hash);
    };
    part.addEventListener("click", onClick);
    return () => {
      part.removeEventListener("click", onClick);
      for (const stop of stops) stop();
    };
  }, [navigate]);
  return (
    <div
      ref={ref}
      className="contents"
      suppressHydrationWarning
      dangerouslySetInnerHTML={keepServerHtml}
    />
  );
}
