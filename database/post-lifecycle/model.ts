// What a post is to the studio: the fields the owner writes, the states a
// post can be in, and how a public row and a studio row together describe
// one post (docs/decisions/037-one-post-lifecycle.md).
import { isDeepStrictEqual } from "node:util";

import type { posts, studioPosts } from "~database/schema";

export type LivePost = typeof posts.$inferSelect;
export type StudioRow = typeof studioPosts.$inferSelect;

/** The fields the owner writes; the public row has exactly these. */
export interface PostFields {
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  image: string | null;
  /** yyyy-MM-dd */
  date: string;
  category: string;
  author: string;
  meta: unknown;
}

export const POST_FIELD_NAMES = [
  "title",
  "slug",
  "excerpt",
  "category",
  "author",
  "date",
  "image",
  "content",
  "meta",
] as const satisfies ReadonlyArray<keyof PostFields>;

export type PostState = "published" | "draft" | "scheduled" | "trash";

export interface StudioPost extends PostFields {
  id: string;
  /** The version a save must be based on; 0 for a public post the studio has not saved yet. */
  version: number;
  state: PostState;
  /** Visitors see it now. */
  live: boolean;
  /** The public post's slug while it differs from the working copy's. */
  liveSlug: string | null;
  /** Saved changes visitors do not see yet. */
  unpublishedChanges: boolean;
  scheduledAt: string | null;
  deletedAt: string | null;
  updatedAt: string;
}

export type ChangeResult =
  | { status: "done"; post: StudioPost }
  | { status: "missing" }
  | { status: "conflict"; current: StudioPost }
  | { status: "slug-taken"; slug: string }
  | { status: "refused"; message: string };

export interface ChangeContext {
  actor: string;
  now?: Date;
}

export function fieldsOf(row: PostFields): PostFields {
  return {
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content,
    image: row.image,
    date: row.date,
    category: row.category,
    author: row.author,
    meta: row.meta ?? null,
  };
}

/** The editor's fields equal what is stored: a resend of what is already saved, or nothing changed. */
export function sameText(
  stored: PostFields | StudioPost,
  fields: PostFields,
): boolean {
  // Deep equality, not JSON text: jsonb gives `meta` back with its keys in
  // its own order.
  return (Object.keys(fields) as Array<keyof PostFields>).every((key) =>
    isDeepStrictEqual(stored[key], fields[key]),
  );
}

/** One post as the studio shows it, from its public row, its studio row, or both. */
export function describe(
  live: LivePost | null,
  row: StudioRow | null,
): StudioPost {
  if (row) {
    const state: PostState = row.deletedAt
      ? "trash"
      : live
        ? "published"
        : row.scheduledAt
          ? "scheduled"
          : "draft";
    return {
      ...fieldsOf(row),
      id: row.postId,
      version: row.version,
      state,
      live: live !== null,
      liveSlug: live && live.slug !== row.slug ? live.slug : null,
      unpublishedChanges: live !== null && row.publishedVersion !== row.version,
      scheduledAt: row.scheduledAt?.toISOString() ?? null,
      deletedAt: row.deletedAt?.toISOString() ?? null,
      updatedAt: row.updatedAt.toISOString(),
    };
  }
  if (!live) throw new Error("a post needs a public or a studio row");
  // A post inserted by SQL (or the import): public, never opened in the studio.
  return {
    ...fieldsOf(live),
    id: live.id,
    version: 0,
    state: "published",
    live: true,
    liveSlug: null,
    unpublishedChanges: false,
    scheduledAt: null,
    deletedAt: null,
    updatedAt: live.createdAt.toISOString(),
  };
}
