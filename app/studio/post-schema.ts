// What the owner may save for a post: one schema, used by the editor for its
// messages and by the server for the truth. Category details have one schema
// per category with their meanings (docs/CONTENT.md, Posts).
import { z } from "zod";

import {
  CANONICAL_URL_MAX,
  canonicalAddress,
  POST_BODY_MAX,
  POST_TEXT_MAX,
  postFrontMatterSchema,
  SEARCH_DESCRIPTION_MAX,
  SEARCH_TITLE_MAX,
} from "~database/content-schemas";
import {
  HIGHLIGHT_TYPES,
  HIKING_DIFFICULTIES,
  IMAGE_ADDRESS,
  POST_CATEGORIES,
} from "~/lib/posts";

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

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

const IMAGE_ADDRESS_MAX = POST_TEXT_MAX.image;
const CANONICAL_MESSAGE =
  "Give the full secure address of the original (https://…), or leave it empty.";

const imageAddress = z
  .string()
  .trim()
  .max(IMAGE_ADDRESS_MAX)
  .refine(
    (value) => IMAGE_ADDRESS.test(value) && !value.startsWith("http:"),
    "Give an address on this site (/…) or a secure web address (https://…), without backslashes.",
  );

/**
 * An optional field: blank (or left out) is none, stored as null; anything
 * else at most `longest` characters and passing `rule`. The bound is on the
 * input side, where the body limits read it (server/body-limits.ts).
 */
function optional(
  longest: number,
  tooLong: string,
  rule: z.ZodType<string, string> = z.string(),
) {
  return z
    .string()
    .trim()
    .max(longest, tooLong)
    .nullish()
    .transform((value) => value || null)
    .pipe(rule.nullable());
}

/** The post as the editor sends it. `meta` is checked by its category's schema below. */
export const postInputSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, "Give the post a title.")
      .max(POST_TEXT_MAX.title, "Keep the title under 200 characters."),
    slug: z
      .string()
      .trim()
      .min(1, "Give the post an address.")
      .max(80, "Keep the address under 80 characters.")
      .regex(
        SLUG_PATTERN,
        "Use lowercase letters, digits and single dashes (e.g. sunrise-on-the-ridge).",
      ),
    excerpt: z
      .string()
      .trim()
      .max(POST_TEXT_MAX.excerpt, "Keep the excerpt under 500 characters."),
    // A draft may wait for its category; publishing needs one (publishProblems).
    category: z
      .string()
      .trim()
      .max(POST_TEXT_MAX.category, "Keep the category under 60 characters."),
    author: z
      .string()
      .trim()
      .min(1, "Name the author.")
      .max(POST_TEXT_MAX.author, "Keep the author under 120 characters."),
    date: z.iso.date("Give the date as a calendar date."),
    image: z
      .union([z.literal(""), imageAddress])
      .transform((value) => (value === "" ? null : value)),
    content: z.string().max(POST_BODY_MAX, "The body is too long to save."),
    // Details as a content file may hold them (a map of names to values):
    // whatever the studio saves, its export imports back.
    meta: z.unknown().pipe(postFrontMatterSchema.shape.meta.nullable()),
    // Search and sharing (decision 043): each optional, empty meaning the
    // title, the excerpt, the hero image or drawn card, the post's address.
    searchTitle: optional(
      SEARCH_TITLE_MAX,
      `Keep the search title under ${SEARCH_TITLE_MAX} characters (search results show about 60).`,
    ),
    searchDescription: optional(
      SEARCH_DESCRIPTION_MAX,
      `Keep the search description under ${SEARCH_DESCRIPTION_MAX} characters (search results show about 155).`,
    ),
    socialImage: optional(
      IMAGE_ADDRESS_MAX,
      `Keep the address under ${IMAGE_ADDRESS_MAX} characters.`,
      imageAddress,
    ),
    canonicalUrl: optional(
      CANONICAL_URL_MAX,
      CANONICAL_MESSAGE,
      canonicalAddress(CANONICAL_MESSAGE),
    ),
  })
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

/** What a valid draft still lacks before visitors may see it. */
export function publishProblems(post: {
  category: string;
  content: string;
}): Record<string, string> {
  return {
    ...(post.category.trim() === ""
      ? { category: "Choose a category before publishing." }
      : {}),
    // The content import refuses a public post without a body, so the
    // studio does not publish one (its export must import back).
    ...(post.content.trim() === ""
      ? { content: "Write the post before publishing." }
      : {}),
  };
}

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
});

export type SaveRequest = z.infer<typeof saveRequestSchema>;

/** Post ids are UUIDs; anything else names no post (and never reaches the database). */
export function isPostId(value: string | undefined): value is string {
  return z.uuid().safeParse(value).success;
}
