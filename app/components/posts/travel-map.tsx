import { lazy, Suspense, useRef } from "react";

import { Icon } from "~/lib/icons";
import { useNearViewport } from "~/lib/near-viewport";

// Leaflet and its CSS load in their own chunk, in the browser, when the first
// map comes near the screen: a visitor who never scrolls to the journeys
// downloads and runs none of it (on a phone the maps start below the fold).
const LeafletMap = lazy(() => import("./leaflet-map"));

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
