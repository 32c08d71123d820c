import { lazy, Suspense, useState } from "react";
import { Icon } from "~/lib/icons";

// The overlay's code loads when the visitor shows intent (pointer over,
// focus, touch) or opens it: most visits never open the menu, and every
// first-load kilobyte counts against the budget (docs/PERFORMANCE.md).
const loadOverlay = () => import("./mobile-menu-overlay");
const MobileMenuOverlay = lazy(() =>
  loadOverlay().then((module) => ({ default: module.MobileMenuOverlay })),
);

/**
 * The small-screen menu: a button that opens a full-screen overlay. The
 * close button, Escape or choosing a link closes it, and focus returns to
 * the button.
 */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const prepare = () => {
    void loadOverlay();
  };
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        onPointerEnter={prepare}
        onFocus={prepare}
        onTouchStart={prepare}
        className="inline-flex items-center gap-2 rounded-md p-2 text-slate-200 hover:bg-white/10 xl:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={loaded ? "mobile-menu" : undefined}
      >
        <Icon name="Menu" aria-hidden="true" className="h-6 w-6" />
      </button>
      {loaded ? (
        <Suspense fallback={null}>
          <MobileMenuOverlay open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
