// A post's fields, described once: each one's column, what it is called in
// a content file, what the studio calls it, whether an empty one is stored
// as null, whether the conflict screen sets the two versions side by side,
// what a value must be (with the studio's messages) and what docs/CONTENT.md
// says of it. Both post tables' columns (database/schema.ts), the studio's
// schema, the content files' schemas, the import's limits, the lifecycle,
// the archive, the conflict screen, the history, the editor's form and the
// documented table (npm run docs:content) are derived from this list.
import { z } from "zod";

import { IMAGE_ADDRESS } from "~shared/image-address";

/** A column's type in both post tables; database/schema.ts builds each. */
export type PostColumnType = "text" | "date" | "jsonb";

export interface PostFieldDescription {
  /** Its column in `posts` and `studio_posts`: null where optional, else not null. */
  column: { name: string; type: PostColumnType };
  /** Its key in a content file's front matter (content/posts/<slug>.md); "" for the body (the file's text). */
  frontMatter: string;
  /** What the studio calls it (the conflict screen, the history). */
  label: string;
  /** Empty means none, stored as null (and left out of a content file). */
  optional: boolean;
  /** A row of the conflict screen; the body (and the details) are compared apart. */
  conflictRow: boolean;
  /** The longest a text may be (after trimming) and what the studio says of a longer one. */
  longest?: { max: number; message: string };
  /**
   * What a value must be, given the field's text trimmed and held to its
   * longest (an optional field's: when one is given), with the studio's
   * messages. The studio's schema and the content files' are this rule.
   */
  rule: (text: z.ZodString) => z.ZodType;
  /** What publishing says while it is empty (a draft may wait for it). */
  toPublish?: string;
  /** What docs/CONTENT.md says of it beyond its type and front-matter key. */
  note: string;
}

/** Slugs are lowercase words joined by single dashes. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A secure web address with a host name, as a canonical address must be. */
export function canonicalAddress(message: string) {
  return z
    .url({ protocol: /^https$/, hostname: z.regexes.domain, error: message })
    .max(2000, message);
}

const CANONICAL_MESSAGE =
  "Give the full secure address of the original (https://…), or leave it empty.";

/** Far more than any category's details take in the editor, which bounds each of them. */
const POST_META_JSON_MAX = 20_000;

/** An image the site may show: its own (/…) or a secure web address, without backslashes. */
const imageAddress = (text: z.ZodString) =>
  text.refine(
    (value) => IMAGE_ADDRESS.test(value) && !value.startsWith("http:"),
    "Give an address on this site (/…) or a secure web address (https://…), without backslashes.",
  );

const ADDRESS_LONGEST = {
  max: 2000,
  message: "Keep the address under 2000 characters.",
};

export const POST_FIELDS = {
  title: {
    column: { name: "title", type: "text" },
    frontMatter: "title",
    label: "Title",
    optional: false,
    conflictRow: true,
    longest: { max: 200, message: "Keep the title under 200 characters." },
    rule: (text) => text.min(1, "Give the post a title."),
    note: "",
  },
  slug: {
    column: { name: "slug", type: "text" },
    frontMatter: "slug",
    label: "Address",
    optional: false,
    conflictRow: true,
    longest: { max: 80, message: "Keep the address under 80 characters." },
    rule: (text) =>
      text
        .min(1, "Give the post an address.")
        .regex(
          SLUG_PATTERN,
          "Use lowercase letters, digits and single dashes (e.g. sunrise-on-the-ridge).",
        ),
    note: "the URL: `/post/{slug}`; in a content file, its name unless `slug` is given. A slug with a slash, a backslash or a control character, or over 1,000 characters, is never reached (404)",
  },
  excerpt: {
    column: { name: "excerpt", type: "text" },
    frontMatter: "excerpt",
    label: "Excerpt",
    optional: false,
    conflictRow: true,
    longest: { max: 500, message: "Keep the excerpt under 500 characters." },
    // The studio publishes a post without an excerpt (its card shows none),
    // so an archive of it must import: whatever the studio accepts comes back.
    rule: (text) => text,
    note: "shown on cards, clamped to 3 lines; it may be empty (as the studio publishes it)",
  },
  category: {
    column: { name: "category", type: "text" },
    frontMatter: "category",
    label: "Category",
    optional: false,
    conflictRow: true,
    longest: { max: 60, message: "Keep the category under 60 characters." },
    rule: (text) => text,
    toPublish: "Choose a category before publishing.",
    note: "'Hiking & Nature', 'Live Music' and 'Travel Log' feed their pages; any other category appears in the Content Hub",
  },
  author: {
    column: { name: "author", type: "text" },
    frontMatter: "author",
    label: "Author",
    optional: false,
    conflictRow: true,
    longest: { max: 120, message: "Keep the author under 120 characters." },
    rule: (text) => text.min(1, "Name the author."),
    note: "",
  },
  date: {
    column: { name: "date", type: "date" },
    frontMatter: "date",
    label: "Date",
    optional: false,
    conflictRow: true,
    // Front matter is read as YAML 1.2 (database/seed.ts), where a date is a string.
    rule: () => z.iso.date("Give the date as a calendar date."),
    note: "yyyy-MM-dd; shown as 'July 25, 2025'",
  },
  image: {
    column: { name: "image", type: "text" },
    frontMatter: "image",
    label: "Hero image",
    optional: true,
    conflictRow: true,
    longest: ADDRESS_LONGEST,
    rule: imageAddress,
    note: "a site path (`/images/…`, never `//…` or `/\\…`) or an `https://` URL, without backslashes (a local one must be a file in `public/` or the media library); missing, broken or anything else shows the fallback image",
  },
  content: {
    column: { name: "content", type: "text" },
    frontMatter: "",
    label: "Body",
    optional: false,
    conflictRow: false,
    // A body of any size would be parsed, stored and rendered on every
    // visit, holding the server all the while; an import keeps it too.
    longest: { max: 500_000, message: "The body is too long to save." },
    rule: (text) => text,
    toPublish: "Write the post before publishing.",
    note: "HTML (a content file's text is Markdown unless `format: html`); sanitised before it is rendered (no scripts, event handlers or `javascript:` URLs)",
  },
  meta: {
    column: { name: "meta", type: "jsonb" },
    frontMatter: "meta",
    label: "Details",
    optional: true,
    conflictRow: false,
    // Details as a content file may hold them (a map of names to values):
    // whatever the studio saves, its export imports back.
    rule: () =>
      z
        .record(z.string(), z.unknown())
        .refine(
          (meta) => JSON.stringify(meta).length <= POST_META_JSON_MAX,
          `the details are longer than the editor saves (${POST_META_JSON_MAX} characters as JSON)`,
        ),
    note: "per category, camelCase keys, all optional (below)",
  },
  // Search and sharing (decision 043): each optional, empty meaning the
  // title, the excerpt, the hero image or drawn card, the post's address.
  searchTitle: {
    column: { name: "search_title", type: "text" },
    frontMatter: "search_title",
    label: "Search title",
    optional: true,
    conflictRow: true,
    longest: {
      max: 200,
      message:
        "Keep the search title under 200 characters (search results show about 60).",
    },
    rule: (text) => text,
    note: "the page's whole `<title>` as written (below)",
  },
  searchDescription: {
    column: { name: "search_description", type: "text" },
    frontMatter: "search_description",
    label: "Search description",
    optional: true,
    conflictRow: true,
    longest: {
      max: 400,
      message:
        "Keep the search description under 400 characters (search results show about 155).",
    },
    rule: (text) => text,
    note: "the meta and card description (below)",
  },
  socialImage: {
    column: { name: "social_image", type: "text" },
    frontMatter: "social_image",
    label: "Social image",
    optional: true,
    conflictRow: true,
    longest: ADDRESS_LONGEST,
    rule: imageAddress,
    note: "the picture of a shared card, an address like `image`'s (below)",
  },
  canonicalUrl: {
    column: { name: "canonical_url", type: "text" },
    frontMatter: "canonical_url",
    label: "Canonical address",
    optional: true,
    conflictRow: true,
    longest: { max: 2000, message: CANONICAL_MESSAGE },
    rule: () => canonicalAddress(CANONICAL_MESSAGE),
    note: "an `https://` address with a host name, for a post first published elsewhere (below)",
  },
} as const satisfies Record<string, PostFieldDescription>;

export type PostFieldName = keyof typeof POST_FIELDS;

type ValueOf<Field extends PostFieldDescription> =
  | (Field["column"]["type"] extends "jsonb" ? unknown : string)
  | (Field["optional"] extends true ? null : never);

/** The fields the owner writes, as both post tables hold them (`date` is yyyy-MM-dd). */
export type PostFields = {
  -readonly [Name in PostFieldName]: ValueOf<(typeof POST_FIELDS)[Name]>;
};

type InputOf<Field extends PostFieldDescription> =
  Field["column"]["type"] extends "jsonb"
    ? unknown
    : Field["optional"] extends true
      ? string | null | undefined
      : string;

/** The fields as the editor sends them: an optional text may be blank, null or left out. */
export type PostFieldsInput = {
  -readonly [Name in PostFieldName]: InputOf<(typeof POST_FIELDS)[Name]>;
};

/** A field's schema as the studio checks it: what the editor sends, what is stored. */
export type StudioFieldSchema<Name extends PostFieldName> = z.ZodType<
  PostFields[Name],
  PostFieldsInput[Name]
>;

type SearchFieldName =
  "searchTitle" | "searchDescription" | "socialImage" | "canonicalUrl";

/**
 * How a post shows in search results and shared cards (decision 043); null:
 * the rule without it (app/lib/post-search.ts).
 */
export type PostSearchFields = Pick<PostFields, SearchFieldName>;

/** Every field, in the order the studio shows them. */
export const POST_FIELD_NAMES = Object.keys(POST_FIELDS) as PostFieldName[];

/** The fields a content file's front matter carries (the body is the file's text, the slug its name). */
export type FrontMatterFieldName = Exclude<PostFieldName, "content" | "slug">;
export const FRONT_MATTER_FIELDS = POST_FIELD_NAMES.filter(
  (name): name is FrontMatterFieldName => name !== "content" && name !== "slug",
);

/** A field's value when it has one. */
export type FieldValue<Name extends PostFieldName> = Exclude<
  PostFields[Name],
  null
>;

/** Every field empty: none for an optional one, "" for the rest (a new post starts here). */
export function emptyPostFields(): PostFields {
  const fields: Record<string, unknown> = {};
  for (const name of POST_FIELD_NAMES)
    fields[name] = POST_FIELDS[name].optional ? null : "";
  return fields as PostFields;
}

/** The text a field's rule is given: trimmed (but the body) and held to its longest. */
function textOf(name: PostFieldName): z.ZodString {
  const field: PostFieldDescription = POST_FIELDS[name];
  const text = name === "content" ? z.string() : z.string().trim();
  return field.longest
    ? text.max(field.longest.max, field.longest.message)
    : text;
}

/** What a value of the field must be (an optional field's: one given). */
export function fieldRule<Name extends PostFieldName>(
  name: Name,
): z.ZodType<FieldValue<Name>> {
  const field: PostFieldDescription = POST_FIELDS[name];
  return field.rule(textOf(name)) as z.ZodType<FieldValue<Name>>;
}

/**
 * A field as the editor sends it. An optional one may be blank or left out
 * (none, null); its bound is on the input side, where the body limits read
 * it (server/body-limits.ts).
 */
export function studioFieldSchema<Name extends PostFieldName>(
  name: Name,
): StudioFieldSchema<Name> {
  const field: PostFieldDescription = POST_FIELDS[name];
  const schema = !field.optional
    ? fieldRule(name)
    : !field.longest
      ? z
          .unknown()
          .pipe(fieldRule(name).nullish())
          .transform((value) => value ?? null)
      : textOf(name)
          .nullish()
          .transform((value) => value || null)
          .pipe(
            fieldRule(name).nullable() as z.ZodType<unknown, string | null>,
          );
  return schema as StudioFieldSchema<Name>;
}

/** Every field's studio schema, by name (the editor's post, app/studio/post-schema.ts). */
export function studioFieldsShape(): {
  [Name in PostFieldName]: StudioFieldSchema<Name>;
} {
  return Object.fromEntries(
    POST_FIELD_NAMES.map((name) => [name, studioFieldSchema(name)]),
  ) as { [Name in PostFieldName]: StudioFieldSchema<Name> };
}

/** The longest text of each field that has one (the import holds every post to them too). */
export function longestOf(name: PostFieldName): number | undefined {
  const field: PostFieldDescription = POST_FIELDS[name];
  return field.longest?.max;
}

/** What a valid draft still lacks before visitors may see it. */
export function publishProblems(
  post: Partial<Record<PostFieldName, unknown>>,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const name of POST_FIELD_NAMES) {
    const field: PostFieldDescription = POST_FIELDS[name];
    const value = post[name];
    if (field.toPublish && (typeof value !== "string" || value.trim() === ""))
      problems[name] = field.toPublish;
  }
  return problems;
}
