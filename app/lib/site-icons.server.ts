// The favicon set and web app manifest, drawn from the site settings: the
// owner's initials on the emerald-to-amber disc of the header's logo (text
// turned into outlines, so the SVG favicon needs no font). The demo identity's
// set ships as files in public/ (npm run icons); settings the owner saved get
// theirs drawn here, once per distinct content, under /icons/<hash>/
// (docs/decisions/041). Small images, drawn once per change: resvg's
// synchronous renderer is the one that can hand back the outlined SVG.
import { createHash } from "node:crypto";
import { createRequire } from "node:module";

import { Resvg } from "@resvg/resvg-js";

import { defaultSettings } from "~/config/default-settings";
import { initialsOf } from "~/config/site";
import type { SiteSettings } from "~/config/site";

const require = createRequire(import.meta.url);
const fontFiles = [
  require.resolve("@expo-google-fonts/lora/700Bold/Lora_700Bold.ttf"),
];

const BACKGROUND = "#020617";

/** What the icons and the manifest show of the settings. */
export type IconSettings = Pick<
  SiteSettings,
  "ownerName" | "productName" | "description" | "locale" | "themeColor"
>;

const iconFields = [
  "ownerName",
  "productName",
  "description",
  "locale",
  "themeColor",
] as const satisfies ReadonlyArray<keyof IconSettings>;

/** The files of a set, by name, with their types. */
export const ICON_FILES = {
  "favicon.svg": "image/svg+xml",
  "favicon.ico": "image/x-icon",
  "apple-touch-icon.png": "image/png",
  "icon-192.png": "image/png",
  "icon-512.png": "image/png",
  "icon-maskable-512.png": "image/png",
  "site.webmanifest": "application/manifest+json",
} as const;
export type IconFile = keyof typeof ICON_FILES;

export function isIconFile(name: string | undefined): name is IconFile {
  return name !== undefined && Object.hasOwn(ICON_FILES, name);
}

/** A short hash of what the icons show: a new one for every change. */
export function iconVersion(settings: IconSettings): string {
  return createHash("sha256")
    .update(JSON.stringify(iconFields.map((field) => settings[field])))
    .digest("base64url")
    .slice(0, 16);
}

/**
 * Where the page links its icons: the files in public/ while the settings
 * draw the same icons as the demo identity's, else the drawn set.
 */
export function iconBase(settings: IconSettings): string {
  return iconFields.every((field) => settings[field] === defaultSettings[field])
    ? ""
    : `/icons/${iconVersion(settings)}`;
}

/**
 * The mark on a 64-unit canvas. `scale` shrinks the disc toward the middle
 * (maskable icons keep their content inside the central 80 %), `rounded`
 * leaves transparent corners (browser tabs) or fills the square (home
 * screens round it themselves).
 */
function markSvg(
  ownerName: string,
  { rounded, scale }: { rounded: boolean; scale: number },
): string {
  const radius = 27 * scale;
  const initials = initialsOf(ownerName);
  // Three letters need a smaller size to stay inside the disc.
  const fontSize = (initials.length > 2 ? 19 : 26) * scale;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#34d399"/><stop offset="1" stop-color="#fcd34d"/></linearGradient></defs>
<rect width="64" height="64" rx="${rounded ? 14 : 0}" fill="${BACKGROUND}"/>
<circle cx="32" cy="32" r="${radius}" fill="url(#g)"/>
<text x="32" y="${32 + fontSize * 0.35}" text-anchor="middle" font-family="Lora" font-weight="700" font-size="${fontSize}" fill="${BACKGROUND}">${escapeXml(initials)}</text>
</svg>`;
}

function escapeXml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;");
}

function resvg(svg: string, width?: number): Resvg {
  return new Resvg(svg, {
    font: { fontFiles, loadSystemFonts: false, defaultFontFamily: "Lora" },
    fitTo: width ? { mode: "width", value: width } : { mode: "original" },
  });
}

function png(svg: string, width: number): Buffer {
  return resvg(svg, width).render().asPng();
}

/** An .ico holding PNG images (supported by every browser since Vista-era IE). */
function ico(images: ReadonlyArray<{ size: number; data: Buffer }>): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  const entries: Buffer[] = [];
  let offset = 6 + images.length * 16;
  for (const { size, data } of images) {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2);
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    entries.push(entry);
  }
  return Buffer.concat([header, ...entries, ...images.map((i) => i.data)]);
}

/** The web app manifest; its icons are under `base` ("" for public/). */
export function manifest(settings: IconSettings, base = ""): string {
  return `${JSON.stringify(
    {
      name: `Live ${settings.productName} · ${settings.ownerName}`,
      short_name: `Live ${settings.productName}`,
      description: settings.description,
      lang: settings.locale,
      start_url: "/",
      scope: "/",
      display: "standalone",
      background_color: BACKGROUND,
      theme_color: settings.themeColor,
      icons: [
        { src: `${base}/icon-192.png`, sizes: "192x192", type: "image/png" },
        { src: `${base}/icon-512.png`, sizes: "512x512", type: "image/png" },
        {
          src: `${base}/icon-maskable-512.png`,
          sizes: "512x512",
          type: "image/png",
          purpose: "maskable",
        },
      ],
    },
    null,
    2,
  )}\n`;
}

/** One file of the set for these settings; `base` is where the manifest finds the others. */
export function drawIconFile(
  settings: IconSettings,
  file: IconFile,
  base = "",
): Buffer {
  const tab = () => markSvg(settings.ownerName, { rounded: true, scale: 1 });
  switch (file) {
    case "favicon.svg":
      return Buffer.from(`${resvg(tab()).toString().trim()}\n`);
    case "favicon.ico":
      return ico(
        [16, 32, 48].map((size) => ({ size, data: png(tab(), size) })),
      );
    case "apple-touch-icon.png":
      return png(
        markSvg(settings.ownerName, { rounded: false, scale: 0.9 }),
        180,
      );
    case "icon-192.png":
      return png(tab(), 192);
    case "icon-512.png":
      return png(tab(), 512);
    case "icon-maskable-512.png":
      return png(
        markSvg(settings.ownerName, { rounded: false, scale: 0.72 }),
        512,
      );
    case "site.webmanifest":
      return Buffer.from(manifest(settings, base));
  }
}

// Keyed by version and file: an entry never goes stale, and the bound keeps
// a few recent sets (a change of settings leaves the old set to age out).
const drawn = new Map<string, Buffer>();
const MAX_DRAWN = 7 * 4;

/** A file of the drawn set for these settings, drawn once per version. */
export function siteIcon(settings: IconSettings, file: IconFile): Buffer {
  const version = iconVersion(settings);
  const key = `${version}/${file}`;
  let data = drawn.get(key);
  if (!data) {
    data = drawIconFile(settings, file, `/icons/${version}`);
    if (drawn.size >= MAX_DRAWN) {
      const oldest = drawn.keys().next().value;
      if (oldest !== undefined) drawn.delete(oldest);
    }
    drawn.set(key, data);
  }
  return data;
}
