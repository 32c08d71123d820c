import { lazy, Suspense, useSyncExternalStore } from "react";
import { Icon } from "~/lib/icons";

// Leaflet and its CSS load in their own chunk, in the browser, after the page has painted.
const LeafletMap = lazy(() => import("./leaflet-map"));

const noSubscription = () => () => {};

/** False on the server and while hydrating; true once the page runs in the browser. */
function useInBrowser(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
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
  const inBrowser = useInBrowser();
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
      role="group"
      aria-label={`Map of ${location}`}
      className="h-48 w-full overflow-hidden rounded-xl border border-white/10 bg-slate-900"
    >
      {inBrowser ? (
        <Suspense fallback={placeholder}>
          <LeafletMap location={location} coordinates={coordinates} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
