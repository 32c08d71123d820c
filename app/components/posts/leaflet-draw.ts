// Leaflet, its CSS and the marker: fetched only by the map island
// (app/islands/map.ts) as a map nears the screen, and by the studio's
// coordinate picker. Leaflet touches `window` as soon as it is imported.
import "leaflet/dist/leaflet.css";
import "./leaflet-map.css";
import { icon, map as leafletMap, marker, tileLayer } from "leaflet";
import markerIconRetinaUrl from "leaflet/dist/images/marker-icon-2x.png";
import markerIconUrl from "leaflet/dist/images/marker-icon.png";
import markerShadowUrl from "leaflet/dist/images/marker-shadow.png";

import { mapTiles } from "~/config/map-tiles";

export const TRAVEL_MAP_ZOOM = 6;

// The marker images ship with the site (bundled by Vite), never from a CDN.
export const markerIcon = icon({
  iconUrl: markerIconUrl,
  iconRetinaUrl: markerIconRetinaUrl,
  shadowUrl: markerShadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  shadowSize: [41, 41],
});

/** A small dark map of `location` in `box`, in place of what it showed; the wheel scrolls the page. */
export function drawTravelMap(
  box: HTMLElement,
  location: string,
  coordinates: [number, number],
): void {
  const container = document.createElement("div");
  container.className = "travel-map h-full w-full";
  box.replaceChildren(container);
  const shown = leafletMap(container, {
    center: coordinates,
    zoom: TRAVEL_MAP_ZOOM,
    scrollWheelZoom: false,
  });
  tileLayer(mapTiles.tileUrl, { attribution: mapTiles.attribution }).addTo(
    shown,
  );
  marker(coordinates, { icon: markerIcon, alt: `Map marker: ${location}` })
    .bindPopup(location)
    .addTo(shown);
}
