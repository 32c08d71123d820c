// What a post is to the studio: the fields the owner writes, the states a
// post can be in, and how a public row and a studio row together describe
// one post (docs/decisions/037-one-post-lifecycle.md).
import { isDeepStrictEqual } from "node:util";

import type { posts, studioPosts } from "~database/schema";

import { POST_FIELDS, POST_FIELD_NAMES } from "./fields";
import type { PostFields, PostSearchFields } from "./fields";

export type LivePost = typeof posts.$inferSelect;
export type StudioRow = typeof studioPosts.$inferSelect;

export { POST_FIELD_NAMES } from "./fields";
export type { PostFields, PostSearchFields } from "./fields";

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

/**
 * A post's fields from a row or a revision's snapshot. Snapshots kept before
 * the search fields existed lack them: they read as null, so restoring one
 * clears them rather than keeping what the working copy holds.
 */
export function fieldsOf(
  row: Omit<PostFields, keyof PostSearchFields> & Partial<PostSearchFields>,
): PostFields {
  const fields: Record<string, unknown> = {};
  for (const name of POST_FIELD_NAMES)
    fields[name] = POST_FIELDS[name].optional ? (row[name] ?? null) : row[name];
  return fields as unknown as PostFields;
}

/** A revision's snapshot (studio_post_revisions.snapshot) as a post's fields. */
export function snapshotFields(snapshot: unknown): PostFields {
  return fieldsOf(snapshot as Parameters<typeof fieldsOf>[0]);
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

/**
 * One post as the studio shows it, from its public row, its studio row, or
 * both, and when it went in the trash (null: it is not in it).
 */
export function describe(
  live: LivePost | null,
  row: StudioRow | null,
  deletedAt: Date | null = null,
): StudioPost {
  if (row) {
    const state: PostState = deletedAt
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
      deletedAt: deletedAt?.toISOString() ?? null,
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
