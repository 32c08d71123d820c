// Social card images (Open Graph / Twitter), drawn by the site: an SVG
// template rendered to PNG by resvg. resvg reads TrueType/OpenType only (no
// WOFF), and a fresh machine has no fonts to rely on, so the fonts ship with
// the project as npm packages (Lora for the title, Inter for the small print).
import { createHash } from "node:crypto";
import { createRequire } from "node:module";

import { renderAsync } from "@resvg/resvg-js";

import { defaultSettings } from "~/config/default-settings";
import { initialsOf } from "~/config/site";
import type { SiteSettings } from "~/config/site";
import { ExpiringMap } from "~shared/expiring-map";

import { escapeXml } from "./feeds/xml";
import { formatPostDate } from "./posts";
import type { PostSummary } from "./posts";
import { SOCIAL_CARD_SIZE } from "./seo";

const require = createRequire(import.meta.url);

const fontFiles = [
  "@expo-google-fonts/lora/700Bold/Lora_700Bold.ttf",
  "@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf",
  "@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf",
].map((file) => require.resolve(file));

export interface SocialCardInput {
  /** Small label above the title, e.g. the post's category. */
  eyebrow: string;
  title: string;
  /** One line under the title, e.g. author and date. */
  byline: string;
  /** Whose site the card names at its foot (the site settings; the defaults when absent). */
  brand?: CardBrand;
}

export type CardBrand = Pick<
  SiteSettings,
  "ownerName" | "productName" | "headline"
>;

/** A post's card: what /social/post/{slug}.png draws, and the studio's preview of a working copy. */
export function postCardInput(
  post: Pick<PostSummary, "title" | "category" | "author" | "date">,
): SocialCardInput {
  return {
    eyebrow: post.category || "Post",
    title: post.title,
    byline: [post.author, formatPostDate(post.date)]
      .filter(Boolean)
      .join(" · "),
  };
}

/**
 * Breaks `text` into at most `maxLines` lines of about `perLine` characters,
 * ending the last with an ellipsis when the text is longer. (resvg does not
 * wrap text; Lora Bold averages just over half an em per character.)
 */
export function wrapTitle(
  text: string,
  perLine: number,
  maxLines: number,
): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = "";
  for (const word of words) {
    const next = current ? `${current} ${word}` : word;
    if (next.length <= perLine || !current) {
      current = next;
      continue;
    }
    lines.push(current);
    current = word;
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) {
    return lines.map((line) => truncate(line, perLine));
  }
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = truncate(`${kept[maxLines - 1]}…`, perLine);
  return kept;
}

function truncate(line: string, perLine: number): string {
  if (line.length <= perLine + 1) return line;
  return `${line.slice(0, perLine - 1).trimEnd()}…`;
}

/** The card as SVG (1200×630). */
export function socialCardSvg(input: SocialCardInput): string {
  const { width, height } = SOCIAL_CARD_SIZE;
  const long = input.title.length > 60;
  const fontSize = long ? 56 : 68;
  const lines = wrapTitle(input.title, long ? 34 : 28, 3);
  const lineHeight = Math.round(fontSize * 1.18);
  const titleTop = 250 - ((lines.length - 1) * lineHeight) / 2;
  const brand = input.brand ?? defaultSettings;
  const initials = initialsOf(brand.ownerName);
  const bylineTop = titleTop + lines.length * lineHeight + 20;
  const byline = wrapTitle(input.byline, 60, 2)
    .map(
      (line, index) =>
        `<text x="80" y="${bylineTop + index * 40}" font-family="Inter" font-weight="400" font-size="30" fill="#cbd5e1">${escapeXml(line)}</text>`,
    )
    .join("");
  const title = lines
    .map(
      (line, index) =>
        `<text x="80" y="${titleTop + index * lineHeight}" font-family="Lora" font-weight="700" font-size="${fontSize}" fill="#ffffff">${escapeXml(line)}</text>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
<linearGradient id="accent" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#34d399"/><stop offset="1" stop-color="#fcd34d"/></linearGradient>
<radialGradient id="glow" cx="0.9" cy="0.1" r="0.8"><stop offset="0" stop-color="#10b981" stop-opacity="0.28"/><stop offset="1" stop-color="#10b981" stop-opacity="0"/></radialGradient>
</defs>
<rect width="${width}" height="${height}" fill="#020617"/>
<rect width="${width}" height="${height}" fill="url(#glow)"/>
<rect x="0" y="0" width="${width}" height="10" fill="url(#accent)"/>
<text x="80" y="110" font-family="Inter" font-weight="600" font-size="26" letter-spacing="3" fill="#6ee7b7">${escapeXml(input.eyebrow.toUpperCase())}</text>
${title}
${byline}
<circle cx="112" cy="548" r="32" fill="url(#accent)"/>
<text x="112" y="558" text-anchor="middle" font-family="Lora" font-weight="700" font-size="28" fill="#020617">${escapeXml(initials)}</text>
<text x="162" y="558" font-family="Lora" font-weight="700" font-size="32" fill="#ffffff">Live <tspan fill="#6ee7b7">${escapeXml(brand.productName)}</tspan></text>
<text x="${width - 80}" y="558" text-anchor="end" font-family="Inter" font-weight="400" font-size="24" fill="#94a3b8">${escapeXml(brand.headline)}</text>
</svg>`;
}

/** Renders SVG to PNG off the main thread with the shipped fonts only. */
export async function renderPng(svg: string, width?: number): Promise<Buffer> {
  const image = await renderAsync(svg, {
    font: {
      fontFiles,
      loadSystemFonts: false,
      defaultFontFamily: "Inter",
      serifFamily: "Lora",
      sansSerifFamily: "Inter",
    },
    fitTo: width ? { mode: "width", value: width } : { mode: "original" },
  });
  return image.asPng();
}

interface CachedCard {
  png: Buffer;
  etag: string;
}

// Keyed by what the card shows, so an entry never goes stale: the TTL only
// lets a card nobody asks for any more leave before the size bound does.
const cards = new ExpiringMap<Promise<CachedCard>>({ maxEntries: 200 });
const CARD_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * The card's PNG and ETag, drawn once per distinct content and kept in
 * memory (least recently used out first), so a crawler storm costs one
 * render per post.
 */
export function socialCard(input: SocialCardInput): Promise<CachedCard> {
  const key = createHash("sha256")
    .update(
      JSON.stringify([
        input.eyebrow,
        input.title,
        input.byline,
        input.brand?.ownerName,
        input.brand?.productName,
        input.brand?.headline,
      ]),
    )
    .digest("base64url")
    .slice(0, 27);
  const cached = cards.get(key);
  if (cached) return cached;
  const card = renderPng(socialCardSvg(input)).then((png) => ({
    png,
    etag: `"${key}"`,
  }));
  // A failed render is not kept: the next request tries again.
  card.catch(() => cards.delete(key));
  cards.set(key, card, CARD_TTL_MS);
  return card;
}
