import { lazy, Suspense, useEffect, useState } from "react";

import { useToasts } from "~/lib/toast";

// The notice viewport (Radix Toast) is code most visits never run: it loads
// with the first notice, or when the visitor presses F8 to reach the
// viewport, keeping it out of every page's first-load JavaScript.
const Toaster = lazy(() =>
  import("./toaster").then((module) => ({ default: module.Toaster })),
);

export function Notices() {
  const notices = useToasts();
  const [wanted, setWanted] = useState(false);
  const [focusViewport, setFocusViewport] = useState(false);

  // Once a notice has been raised the viewport stays (adjusting state while rendering, as React recommends over an effect).
  if (notices.length > 0 && !wanted) setWanted(true);

  useEffect(() => {
    if (wanted) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "F8") return;
      setFocusViewport(true);
      setWanted(true);
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [wanted]);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster focusViewport={focusViewport} />
    </Suspense>
  );
}
