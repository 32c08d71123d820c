/**
 * The Travel map's tiles: a dark basemap with its attribution, the one
 * third-party host a page may load (decision 009). A module of its own, as
 * app/config/site.ts is in every page's first file: only the screens that
 * draw a map carry it.
 */
export const mapTiles = {
  tileUrl: "https://{s}.basemaps.cartocdn.com/dark_all/{z}/{x}/{y}{r}.png",
  tileHosts: [
    "https://a.basemaps.cartocdn.com",
    "https://b.basemaps.cartocdn.com",
    "https://c.basemaps.cartocdn.com",
    "https://d.basemaps.cartocdn.com",
  ],
  attribution:
    '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors &copy; <a href="https://carto.com/attributions">CARTO</a>',
} as const;
