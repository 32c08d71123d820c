// Posts as the pages show them: the category names, the shapes of each
// category's meta with the documented defaults (docs/CONTENT.md), the date format and the
// star rating. Pure and library-free, so the browser and the server agree
// and the browser ships no parser (the server reads meta: post-meta.server.ts).
import { formatUsDate } from "./date-names";

export const POST_CATEGORIES = {
  hiking: "Hiking & Nature",
  music: "Live Music",
  travel: "Travel Log",
} as const;

/** Shown when a post has no image, or its image fails to load. */
/**
 * A slug as an address may name one: anything the posts table could hold
 * (its slugs are hand-editable, docs/CONTENT.md) but no control character
 * (PostgreSQL text cannot hold NUL), slash or backslash. Anything else names
 * no post, and is answered 404 before any query.
 */
export function isRouteSlug(value: string | undefined): value is string {
  if (value === undefined || value.length === 0 || value.length > 1000) {
    return false;
  }
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || char === "/" || char === "\\") {
      return false;
    }
  }
  return true;
}

export { IMAGE_ADDRESS } from "~shared/image-address";

export const FALLBACK_POST_IMAGE = "/images/fallback.svg";
/** Every image the project makes is drawn at this size; it also reserves the space of any other. */
export const POST_IMAGE_SIZE = { width: 1200, height: 675 } as const;

export interface PostSummary {
  slug: string;
  title: string;
  excerpt: string;
  image: string | null;
  /** Calendar date, yyyy-MM-dd. */
  date: string;
  category: string;
  author: string;
  /** The body's words, where the read counted them (the reading time: reading-time.ts). */
  words?: number;
}

/** Long US format: '2025-07-25' reads 'July 25, 2025'; anything else is shown as is. */
export function formatPostDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const parsed = new Date(Date.UTC(year, month - 1, day));
  const real =
    parsed.getUTCFullYear() === year &&
    parsed.getUTCMonth() === month - 1 &&
    parsed.getUTCDate() === day;
  return real ? formatUsDate(year, month - 1, day) : date;
}

export const HIKING_DIFFICULTIES = ["Easy", "Moderate", "Challenging"] as const;
export type HikingDifficulty = (typeof HIKING_DIFFICULTIES)[number];

export interface HikingMeta {
  location: string;
  difficulty: HikingDifficulty;
  distance: string;
  elevationGain: string;
}

export interface ConcertMeta {
  artist: string;
  venue: string;
  /** A stored number (null when it is not one); only 0 and up shows filled stars. */
  rating: number | null;
}

export const RATING_SCALE = 5;
export type StarFill = "full" | "half" | "empty";

export interface StarRating {
  stars: StarFill[];
  /** What a screen reader hears, e.g. 'Rated 3.5 out of 5'. */
  label: string;
}

/** Five stars in halves; a non-number or negative rating shows five empty stars. */
export function ratingStars(rating: unknown): StarRating {
  if (typeof rating !== "number" || !Number.isFinite(rating) || rating < 0) {
    return {
      stars: Array.from({ length: RATING_SCALE }, () => "empty"),
      label: "Not rated",
    };
  }
  const value = Math.min(RATING_SCALE, Math.round(rating * 2) / 2);
  const stars = Array.from({ length: RATING_SCALE }, (_, index): StarFill => {
    if (value >= index + 1) return "full";
    if (value >= index + 0.5) return "half";
    return "empty";
  });
  return { stars, label: `Rated ${value} out of ${RATING_SCALE}` };
}

export const HIGHLIGHT_TYPES = [
  "Cultural Immersion",
  "Nature & Scenery",
  "Local Experience",
  "Adventure & Hiking",
  "Relaxation",
] as const;

export const DEFAULT_COORDINATES: [number, number] = [40.7128, -74.006];

export interface TravelHighlight {
  name: string;
  type: string;
}

export interface TravelMeta {
  highlights: TravelHighlight[];
  takeaway: string;
  coordinates: [number, number];
  status: string;
  location: string;
}
