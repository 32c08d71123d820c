// The lenient readers of each category's post meta, with the documented
// defaults (docs/CONTENT.md). Server only: pages get the plain, already-read
// values, so the browser never loads the parser.
import { z } from "zod";

import { DEFAULT_COORDINATES, HIKING_DIFFICULTIES } from "./posts";
import type {
  ConcertMeta,
  HikingMeta,
  TravelHighlight,
  TravelMeta,
} from "./posts";

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

const hikingMetaSchema: z.ZodType<HikingMeta, unknown> = metaObject({
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

export function readHikingMeta(meta: unknown): HikingMeta {
  return hikingMetaSchema.parse(meta);
}

const concertMetaSchema = metaObject({
  artist: z.string().trim().min(1).nullable().catch(null),
  venue: textOr("Unknown Venue"),
  rating: z.number().nullable().catch(null),
});

/** The artist falls back to the post's title; the venue to 'Unknown Venue'. */
export function readConcertMeta(meta: unknown, title: string): ConcertMeta {
  const parsed = concertMetaSchema.parse(meta);
  return {
    artist: parsed.artist ?? title,
    venue: parsed.venue,
    rating: parsed.rating,
  };
}

const highlightSchema: z.ZodType<TravelHighlight> = z.object({
  name: z.string().trim().min(1),
  type: z.string().trim().catch(""),
});

const coordinatesSchema = z
  .tuple([z.number().min(-90).max(90), z.number().min(-180).max(180)])
  .catch((): [number, number] => [...DEFAULT_COORDINATES]);

const travelMetaSchema: z.ZodType<TravelMeta, unknown> = metaObject({
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

export function readTravelMeta(meta: unknown): TravelMeta {
  return travelMetaSchema.parse(meta);
}
