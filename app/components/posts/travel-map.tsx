import { useIsland } from "~/lib/document-head";
import { Icon } from "~/lib/icons";

/**
 * A small dark map of where a journey happened: its island
 * (app/islands/map.ts) draws it with Leaflet as the box nears the screen.
 * Until then, and without script, the box names the place in text.
 */
export function TravelMap({
  location,
  coordinates,
}: {
  location: string;
  coordinates: [number, number];
}) {
  const island = useIsland("map", "seen");
  return (
    <div
      role="group"
      aria-label={`Map of ${location}`}
      data-location={location}
      data-lat={coordinates[0]}
      data-lng={coordinates[1]}
      {...island}
      className="h-48 w-full overflow-hidden rounded-xl border border-white/10 bg-slate-900"
    >
      <div className="flex h-full w-full items-center justify-center gap-2 text-sm text-slate-300">
        <Icon
          name="MapPin"
          aria-hidden="true"
          className="h-4 w-4 text-emerald-300"
        />
        {location}
      </div>
    </div>
  );
}
