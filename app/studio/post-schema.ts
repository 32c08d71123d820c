// What the owner may save for a post: one schema, used by the editor for its
// messages and by the server for the truth. Category details have one schema
// per category with their meanings (docs/CONTENT.md, Posts).
import { z } from "zod";

import { studioFieldsShape } from "~database/post-lifecycle/fields";
import {
  HIGHLIGHT_TYPES,
  HIKING_DIFFICULTIES,
  POST_CATEGORIES,
} from "~/lib/posts";

export { publishProblems, SLUG_PATTERN } from "~database/post-lifecycle/fields";

/** 'Sunrise on the Ridge!' → 'sunrise-on-the-ridge'. */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
}

const shortText = (max: number) => z.string().trim().max(max);

export const hikingDetailsSchema = z.object({
  location: shortText(120),
  difficulty: z.enum(HIKING_DIFFICULTIES),
  distance: shortText(40),
  elevationGain: shortText(40),
});

export const concertDetailsSchema = z.object({
  artist: shortText(120),
  venue: shortText(120),
  rating: z
    .number()
    .min(0, "The rating is 0 to 5.")
    .max(5, "The rating is 0 to 5.")
    .multipleOf(0.5, "The rating goes in halves: 3.5, 4, 4.5…")
    .nullable(),
});

export const travelDetailsSchema = z.object({
  status: shortText(40),
  location: shortText(120),
  coordinates: z.tuple([
    z
      .number()
      .min(-90, "Latitude is -90 to 90.")
      .max(90, "Latitude is -90 to 90."),
    z
      .number()
      .min(-180, "Longitude is -180 to 180.")
      .max(180, "Longitude is -180 to 180."),
  ]),
  highlights: z
    .array(
      z.object({
        name: z.string().trim().min(1, "Name each highlight.").max(120),
        type: z.enum(HIGHLIGHT_TYPES),
      }),
    )
    .max(20, "Up to 20 highlights."),
  takeaway: shortText(500),
});

export type HikingDetails = z.infer<typeof hikingDetailsSchema>;
export type ConcertDetails = z.infer<typeof concertDetailsSchema>;
export type TravelDetails = z.infer<typeof travelDetailsSchema>;

/** The categories with details of their own, and each one's schema. */
export const categoryDetailsSchemas = {
  [POST_CATEGORIES.hiking]: hikingDetailsSchema,
  [POST_CATEGORIES.music]: concertDetailsSchema,
  [POST_CATEGORIES.travel]: travelDetailsSchema,
} as const;

export type DetailedCategory = keyof typeof categoryDetailsSchemas;

export function isDetailedCategory(
  category: string,
): category is DetailedCategory {
  return Object.hasOwn(categoryDetailsSchemas, category);
}

/**
 * The post as the editor sends it: each field's rule from its description
 * (database/post-lifecycle/fields.ts); `meta` is checked by its category's
 * schema below.
 */
export const postInputSchema = z
  .object(studioFieldsShape())
  .superRefine((post, context) => {
    if (!isDetailedCategory(post.category)) return;
    const details = categoryDetailsSchemas[post.category].safeParse(post.meta);
    if (details.success) return;
    for (const issue of details.error.issues) {
      context.addIssue({
        code: "custom",
        message: issue.message,
        path: ["meta", ...issue.path],
      });
    }
  });

export type PostInput = z.input<typeof postInputSchema>;

/** The first message for each field (`meta.rating`, `title`, ...). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".");
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Empty details for a category, to start its form with. */
export function emptyDetails(category: string): unknown {
  switch (category) {
    case POST_CATEGORIES.hiking:
      return {
        location: "",
        difficulty: "Moderate",
        distance: "",
        elevationGain: "",
      } satisfies HikingDetails;
    case POST_CATEGORIES.music:
      return { artist: "", venue: "", rating: null } satisfies ConcertDetails;
    case POST_CATEGORIES.travel:
      return {
        status: "Visited",
        location: "",
        coordinates: [40.7128, -74.006],
        highlights: [],
        takeaway: "",
      } satisfies TravelDetails;
    default:
      return null;
  }
}

/** Stored details read into the category's form shape (anything unreadable starts empty). */
export function detailsForForm(category: string, meta: unknown): unknown {
  if (!isDetailedCategory(category)) return meta;
  const base = emptyDetails(category) as Record<string, unknown>;
  const stored =
    typeof meta === "object" && meta !== null && !Array.isArray(meta)
      ? (meta as Record<string, unknown>)
      : {};
  const merged: Record<string, unknown> = { ...base };
  for (const key of Object.keys(base)) {
    const value = stored[key];
    if (value === undefined || value === null) continue;
    merged[key] =
      typeof base[key] === "string" && typeof value === "number"
        ? String(value)
        : value;
  }
  const parsed = categoryDetailsSchemas[category].safeParse(merged);
  return parsed.success ? parsed.data : base;
}

/** The editor's request to the save endpoint. */
export const saveRequestSchema = z.object({
  intent: z.enum([
    "save",
    "autosave",
    "publish",
    "schedule",
    "unschedule",
    "unpublish",
  ]),
  baseVersion: z.number().int().min(0),
  post: z.unknown(),
  /** ISO time, for "schedule". */
  scheduledAt: z.iso.datetime({ offset: true }).optional(),
  /** The address still follows the title: a post never published takes the next free one. */
  slugFollows: z.boolean().optional(),
  /** "Also send to N subscribers": a publish queues it (once, ever); a schedule records the wish. */
  alsoSend: z.boolean().optional(),
});

export type SaveRequest = z.infer<typeof saveRequestSchema>;

/** Post ids are UUIDs; anything else names no post (and never reaches the database). */
export function isPostId(value: string | undefined): value is string {
  return z.uuid().safeParse(value).success;
}
