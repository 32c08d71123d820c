import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { RefObject } from "react";
import { Icon } from "~/lib/icons";

// Leaflet and its CSS load in their own chunk, in the browser, when the first
// map comes near the screen: a visitor who never scrolls to the journeys
// downloads and runs none of it (on a phone the maps start below the fold).
const LeafletMap = lazy(() => import("./leaflet-map"));

/** How far ahead of the screen a map starts loading, so it is drawn by the time it scrolls in. */
const LOAD_AHEAD = "400px 0px";

/** False on the server and until the element is within LOAD_AHEAD of the viewport; then true for good. */
function useNearViewport(element: RefObject<HTMLElement | null>) {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (!target || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: LOAD_AHEAD },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, near]);
  return near;
}

/**
 * A small dark map of where a journey happened. Until the map library has
 * loaded, and without JavaScript, the box names the place in text.
 */
export function TravelMap({
  location,
  coordinates,
}: {
  location: string;
  coordinates: [number, number];
}) {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  const placeholder = (
    <div className="flex h-full w-full items-center justify-center gap-2 text-sm text-slate-300">
      <Icon
        name="MapPin"
        aria-hidden="true"
        className="h-4 w-4 text-emerald-300"
      />
      {location}
    </div>
  );
  return (
    <div
      ref={box}
      role="group"
      aria-label={`Map of ${location}`}
      className="h-48 w-full overflow-hidden rounded-xl border border-white/10 bg-slate-900"
    >
      {near ? (
        <Suspense fallback={placeholder}>
          <LeafletMap location={location} coordinates={coordinates} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
