/** Five decimals are about a metre: more would be noise from where the click landed. */
const DECIMALS = 5;

const round = (value: number) => Number(value.toFixed(DECIMALS));

/**
 * The coordinates a click on the map means, as [latitude, longitude]: rounded,
 * and with the longitude brought back into -180…180 (the map repeats the
 * world sideways, so a click may land at 200°).
 */
export function pickedCoordinates(at: {
  lat: number;
  lng: number;
}): [number, number] {
  const lng = ((((at.lng + 180) % 360) + 360) % 360) - 180;
  return [round(Math.max(-90, Math.min(90, at.lat))), round(lng)];
}
