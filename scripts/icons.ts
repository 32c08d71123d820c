// Generated images the site serves as files: the favicon set and web app
// manifest, drawn from the site's identity (the owner's initials on the
// emerald-to-amber disc of the header's logo; text turned into outlines so
// the SVG favicon needs no font), and the sprite of content icons.
import { createRequire } from "node:module";

import { Resvg } from "@resvg/resvg-js";
import * as lucide from "lucide-react";
import { createElement } from "react";
import type { ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";

import { site } from "../app/config/site.ts";
import { DEFAULT_ICON, iconNames } from "../app/lib/icon-names.ts";

const require = createRequire(import.meta.url);
const fontFiles = [
  require.resolve("@expo-google-fonts/lora/700Bold/Lora_700Bold.ttf"),
];

const BACKGROUND = "#020617";
const initials = site.ownerName
  .split(" ")
  .map((part) => part[0] ?? "")
  .join("");

/**
 * The mark on a 64-unit canvas. `padding` shrinks the disc toward the middle
 * (maskable icons keep their content inside the central 80 %), `rounded`
 * leaves transparent corners (browser tabs) or fills the square (home
 * screens round it themselves).
 */
function markSvg({
  rounded,
  scale,
}: {
  rounded: boolean;
  scale: number;
}): string {
  const radius = 27 * scale;
  const fontSize = 26 * scale;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#34d399"/><stop offset="1" stop-color="#fcd34d"/></linearGradient></defs>
<rect width="64" height="64" rx="${rounded ? 14 : 0}" fill="${BACKGROUND}"/>
<circle cx="32" cy="32" r="${radius}" fill="url(#g)"/>
<text x="32" y="${32 + fontSize * 0.35}" text-anchor="middle" font-family="Lora" font-weight="700" font-size="${fontSize}" fill="${BACKGROUND}">${initials}</text>
</svg>`;
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

export function manifest(): string {
  return `${JSON.stringify(
    {
      name: `Live ${site.productName} · ${site.ownerName}`,
      short_name: `Live ${site.productName}`,
      description: site.description,
      lang: site.locale,
      start_url: "/",
      scope: "/",
      display: "standalone",
      background_color: BACKGROUND,
      theme_color: site.themeColor,
      icons: [
        { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
        { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
        {
          src: "/icon-maskable-512.png",
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

/**
 * One <symbol> per content icon, id = lucide name, holding lucide's own
 * shapes; the icons are drawn with `<use href="…#Name">` (app/lib/icons.tsx).
 */
export function contentIconSprite(): string {
  const icons = lucide as unknown as Record<string, ComponentType>;
  const symbols = [...iconNames, DEFAULT_ICON].map((name) => {
    const icon = icons[name];
    if (!icon) throw new Error(`lucide-react has no icon named ${name}`);
    const markup = renderToStaticMarkup(createElement(icon));
    const inner = markup.slice(
      markup.indexOf(">") + 1,
      markup.lastIndexOf("<"),
    );
    return `<symbol id="${name}" viewBox="0 0 24 24">${inner}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

/** Every generated file, by path from the project root. */
export function generatedFiles(): Map<string, Buffer> {
  const tab = markSvg({ rounded: true, scale: 1 });
  const square = markSvg({ rounded: false, scale: 0.9 });
  const maskable = markSvg({ rounded: false, scale: 0.72 });
  return new Map([
    ["public/favicon.svg", Buffer.from(`${resvg(tab).toString().trim()}\n`)],
    [
      "public/favicon.ico",
      ico([16, 32, 48].map((size) => ({ size, data: png(tab, size) }))),
    ],
    ["public/apple-touch-icon.png", png(square, 180)],
    ["public/icon-192.png", png(tab, 192)],
    ["public/icon-512.png", png(tab, 512)],
    ["public/icon-maskable-512.png", png(maskable, 512)],
    ["public/site.webmanifest", Buffer.from(manifest())],
    ["app/assets/content-icons.svg", Buffer.from(contentIconSprite())],
  ]);
}
