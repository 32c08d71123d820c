// The map island (app/components/posts/travel-map.tsx): as a map's box nears
// the screen, Leaflet and its CSS load (their own files) and draw the place
// in place of its name. Without it the box names the place in text.
export default async function map(box: HTMLElement): Promise<void> {
  const { location = "", lat, lng } = box.dataset;
  const coordinates: [number, number] = [Number(lat), Number(lng)];
  if (!coordinates.every(Number.isFinite)) return;
  const { drawTravelMap } = await import("~/components/posts/leaflet-draw");
  drawTravelMap(box, location, coordinates);
}
