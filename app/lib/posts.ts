// Posts as the pages show them: the category names, the lenient readers of
// each category's meta with the spec's defaults (§3, §9), the date format and
// the star rating. Pure, so the browser and the server agree.
import { format, isValid, parseISO } from "date-fns";
import { z } from "zod";

export const POST_CATEGORIES = {
  hiking: "Hiking & Nature",
  music: "Live Music",
  travel: "Travel Log",
} as const;

/** Shown when a post has no image, or its image fails to load. */
export const FALLBACK_POST_IMAGE = "/images/fallback.svg";
/** Every image the project makes is drawn at this size; it also reserves the space of any other. */
export const POST_IMAGE_SIZE = { width: 1200, height: 675 } as const;

export interface PostSummary {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  image: string | null;
  /** Calendar date, yyyy-MM-dd. */
  date: string;
  category: string;
  author: string;
}

/** Long US format: '2025-07-25' reads 'July 25, 2025'. */
export function formatPostDate(date: string): string {
  const parsed = parseISO(date);
  return isValid(parsed) ? format(parsed, "MMMM d, yyyy") : date;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Reads meta as an object whatever was stored (null, a list, a string). */
function metaObject<T extends z.ZodRawShape>(shape: T) {
  return z.preprocess(
    (value) => (isRecord(value) ? value : {}),
    z.object(shape),
  );
}

/** A shown text: a non-empty string (or a number, written as is), else the fallback. */
function textOr(fallback: string) {
  return z
    .union([z.string().trim().min(1), z.number().transform(String)])
    .catch(fallback);
}

export const HIKING_DIFFICULTIES = ["Easy", "Moderate", "Challenging"] as const;
export type HikingDifficulty = (typeof HIKING_DIFFICULTIES)[number];

const hikingMetaSchema = metaObject({
  location: textOr("Unknown Location"),
  difficulty: z
    .preprocess(
      (value) =>
        typeof value === "string"
          ? value.trim().charAt(0).toUpperCase() +
            value.trim().slice(1).toLowerCase()
          : value,
      z.enum(HIKING_DIFFICULTIES),
    )
    .catch("Moderate"),
  distance: textOr("N/A"),
  elevationGain: textOr("N/A"),
});
export type HikingMeta = z.infer<typeof hikingMetaSchema>;

export function readHikingMeta(meta: unknown): HikingMeta {
  return hikingMetaSchema.parse(meta);
}

const concertMetaSchema = metaObject({
  artist: z.string().trim().min(1).nullable().catch(null),
  venue: textOr("Unknown Venue"),
  rating: z.number().nullable().catch(null),
});

export interface ConcertMeta {
  artist: string;
  venue: string;
  /** A stored number (null when it is not one); only 0 and up shows filled stars. */
  rating: number | null;
}

/** The artist falls back to the post's title; the venue to 'Unknown Venue'. */
export function readConcertMeta(meta: unknown, title: string): ConcertMeta {
  const parsed = concertMetaSchema.parse(meta);
  return {
    artist: parsed.artist ?? title,
    venue: parsed.venue,
    rating: parsed.rating,
  };
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

const highlightSchema = z.object({
  name: z.string().trim().min(1),
  type: z.string().trim().catch(""),
});
export type TravelHighlight = z.infer<typeof highlightSchema>;

const coordinatesSchema = z
  .tuple([z.number().min(-90).max(90), z.number().min(-180).max(180)])
  .catch((): [number, number] => [...DEFAULT_COORDINATES]);

const travelMetaSchema = metaObject({
  highlights: z
    .array(z.unknown())
    .catch([])
    .transform((items) =>
      items.flatMap((item) => {
        const parsed = highlightSchema.safeParse(item);
        return parsed.success ? [parsed.data] : [];
      }),
    ),
  takeaway: textOr("Each journey leaves an indelible mark."),
  coordinates: coordinatesSchema,
  status: textOr("Visited"),
  location: textOr("An Amazing Place"),
});
export type TravelMeta = z.infer<typeof travelMetaSchema>;

export function readTravelMeta(meta: unknown): TravelMeta {
  return travelMetaSchema.parse(meta);
}
