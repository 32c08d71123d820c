// A post's fields, described once: what each is called in a content file,
// what the studio calls it, whether an empty one is stored as null, and
// whether the conflict screen sets the two versions side by side. The
// lifecycle, the import, the archive, the conflict screen, the history and
// the editor's form are derived from this list; the columns are
// `postFieldColumns` in database/schema.ts, and a field missing here fails
// to compile (`satisfies` below) or fails fields.test.ts.
import type { posts } from "~database/schema";

type PostColumns = typeof posts.$inferSelect;
type SearchFieldName =
  "searchTitle" | "searchDescription" | "socialImage" | "canonicalUrl";

/**
 * How a post shows in search results and shared cards (decision 043); null:
 * the rule without it (app/lib/post-search.ts).
 */
export type PostSearchFields = Pick<PostColumns, SearchFieldName>;

/** The fields the owner writes: the public row's columns but its id and created_at (`date` is yyyy-MM-dd). */
export type PostFields = Omit<PostColumns, "id" | "createdAt">;

export interface PostFieldDescription {
  /** Its key in a content file's front matter (content/posts/<slug>.md). */
  frontMatter: string;
  /** What the studio calls it (the conflict screen, the history). */
  label: string;
  /** Empty means none, stored as null (and left out of a content file). */
  optional: boolean;
  /** A row of the conflict screen; the body (and the details) are compared apart. */
  conflictRow: boolean;
}

export const POST_FIELDS = {
  title: {
    frontMatter: "title",
    label: "Title",
    optional: false,
    conflictRow: true,
  },
  slug: {
    frontMatter: "slug",
    label: "Address",
    optional: false,
    conflictRow: true,
  },
  excerpt: {
    frontMatter: "excerpt",
    label: "Excerpt",
    optional: false,
    conflictRow: true,
  },
  category: {
    frontMatter: "category",
    label: "Category",
    optional: false,
    conflictRow: true,
  },
  author: {
    frontMatter: "author",
    label: "Author",
    optional: false,
    conflictRow: true,
  },
  date: {
    frontMatter: "date",
    label: "Date",
    optional: false,
    conflictRow: true,
  },
  image: {
    frontMatter: "image",
    label: "Hero image",
    optional: true,
    conflictRow: true,
  },
  content: {
    frontMatter: "",
    label: "Body",
    optional: false,
    conflictRow: false,
  },
  meta: {
    frontMatter: "meta",
    label: "Details",
    optional: true,
    conflictRow: false,
  },
  searchTitle: {
    frontMatter: "search_title",
    label: "Search title",
    optional: true,
    conflictRow: true,
  },
  searchDescription: {
    frontMatter: "search_description",
    label: "Search description",
    optional: true,
    conflictRow: true,
  },
  socialImage: {
    frontMatter: "social_image",
    label: "Social image",
    optional: true,
    conflictRow: true,
  },
  canonicalUrl: {
    frontMatter: "canonical_url",
    label: "Canonical address",
    optional: true,
    conflictRow: true,
  },
} as const satisfies Record<keyof PostFields, PostFieldDescription>;

export type PostFieldName = keyof typeof POST_FIELDS;

/** Every field, in the order the studio shows them. */
export const POST_FIELD_NAMES = Object.keys(POST_FIELDS) as PostFieldName[];

/** The fields a content file's front matter carries (the body is the file's text, the slug its name). */
export const FRONT_MATTER_FIELDS = POST_FIELD_NAMES.filter(
  (name) => name !== "content" && name !== "slug",
);

/** Every field empty: none for an optional one, "" for the rest (a new post starts here). */
export function emptyPostFields(): PostFields {
  const fields: Record<string, unknown> = {};
  for (const name of POST_FIELD_NAMES)
    fields[name] = POST_FIELDS[name].optional ? null : "";
  return fields as PostFields;
}
