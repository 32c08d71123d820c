// Loaded only in the browser, only on Travel (see travel-map.tsx): Leaflet
// touches `window` as soon as it is imported, and its CSS comes with it.
import "leaflet/dist/leaflet.css";
import "./leaflet-map.css";
import { icon } from "leaflet";
import markerIconRetinaUrl from "leaflet/dist/images/marker-icon-2x.png";
import markerIconUrl from "leaflet/dist/images/marker-icon.png";
import markerShadowUrl from "leaflet/dist/images/marker-shadow.png";
import { MapContainer, Marker, Popup, TileLayer } from "react-leaflet";

import { mapTiles } from "~/config/map-tiles";

export const TRAVEL_MAP_ZOOM = 6;

// The marker images ship with the site (bundled by Vite), never from a CDN.
// The studio's coordinate picker uses the same marker.
export const markerIcon = icon({
  iconUrl: markerIconUrl,
  iconRetinaUrl: markerIconRetinaUrl,
  shadowUrl: markerShadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  shadowSize: [41, 41],
});

export default function LeafletMap({
  location,
  coordinates,
}: {
  location: string;
  coordinates: [number, number];
}) {
  return (
    <MapContainer
      center={coordinates}
      zoom={TRAVEL_MAP_ZOOM}
      scrollWheelZoom={false}
      className="travel-map h-full w-full"
    >
      <TileLayer url={mapTiles.tileUrl} attribution={mapTiles.attribution} />
      <Marker
        position={coordinates}
        icon={markerIcon}
        alt={`Map marker: ${location}`}
      >
        <Popup>{location}</Popup>
      </Marker>
    </MapContainer>
  );
}
