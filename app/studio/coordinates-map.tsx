// The travel details' map (loaded only by the edit screen, only while a
// Travel Log post's details are shown): a click sets the coordinates. The
// latitude and longitude inputs stay the keyboard's way to set them.
import { useEffect } from "react";
import {
  MapContainer,
  Marker,
  TileLayer,
  useMap,
  useMapEvents,
} from "react-leaflet";

import { markerIcon } from "~/components/posts/leaflet-draw";
import { mapTiles } from "~/config/map-tiles";

import { pickedCoordinates } from "./coordinates";

/** The whole world, for a post without coordinates yet. */
const WORLD: [number, number] = [20, 0];

function ClickToPick({ onPick }: { onPick(at: [number, number]): void }) {
  useMapEvents({
    click: (event) => onPick(pickedCoordinates(event.latlng)),
  });
  return null;
}

/** Keeps typed coordinates in view. */
function Follow({ at }: { at: [number, number] | null }) {
  const map = useMap();
  useEffect(() => {
    if (at && !map.getBounds().contains(at)) map.panTo(at);
  }, [map, at]);
  return null;
}

export default function CoordinatesMap({
  value,
  onPick,
}: {
  value: [number, number];
  onPick(at: [number, number]): void;
}) {
  const known = value.every(Number.isFinite) ? value : null;
  return (
    <MapContainer
      center={known ?? WORLD}
      zoom={known ? 6 : 1}
      scrollWheelZoom={false}
      keyboard={false}
      className="travel-map h-full w-full cursor-crosshair"
    >
      <TileLayer url={mapTiles.tileUrl} attribution={mapTiles.attribution} />
      <ClickToPick onPick={onPick} />
      <Follow at={known} />
      {known ? (
        <Marker position={known} icon={markerIcon} alt="The chosen place" />
      ) : null}
    </MapContainer>
  );
}
