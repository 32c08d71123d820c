// The studio's reads of posts: the list, one post for the editor, its
// revisions, former addresses and the categories in use. Every change to a
// post is the post lifecycle's (database/post-lifecycle/,
// docs/decisions/037-one-post-lifecycle.md).
import { and, desc, eq } from "drizzle-orm";

import type { Database } from "~database/client";
import { describe, snapshotFields } from "~database/post-lifecycle/model";
import type {
  PostFields,
  PostState,
  StudioPost,
} from "~database/post-lifecycle/model";
import { readRows } from "~database/post-lifecycle/rows";
import {
  postSlugRedirects,
  posts,
  studioPostRevisions,
  studioPosts,
  trash,
} from "~database/schema";

export interface PostListFilter {
  query?: string;
  category?: string;
  state?: PostState;
}

/** Every post the owner has: public ones (however they got there), drafts, scheduled, trash. */
export async function listStudioPosts(
  db: Database,
  filter: PostListFilter = {},
): Promise<StudioPost[]> {
  const rows = await db
    .select({ live: posts, row: studioPosts, deletedAt: trash.deletedAt })
    .from(posts)
    .fullJoin(studioPosts, eq(posts.id, studioPosts.postId))
    .leftJoin(
      trash,
      and(eq(trash.kind, "post"), eq(trash.itemId, studioPosts.postId)),
    );
  const query = filter.query?.trim().toLowerCase();
  return rows
    .map((row) => describe(row.live, row.row, row.deletedAt))
    .filter(
      (post) =>
        (!query || post.title.toLowerCase().includes(query)) &&
        (!filter.category || post.category === filter.category) &&
        (!filter.state || post.state === filter.state),
    )
    .sort(
      (a, b) =>
        b.date.localeCompare(a.date) || b.updatedAt.localeCompare(a.updatedAt),
    );
}

/** One post for the editor; null when there is none. */
export async function readStudioPost(
  db: Database,
  id: string,
): Promise<StudioPost | null> {
  const { live, row, trashed } = await readRows(db, id, false);
  return live || row ? describe(live, row, trashed?.deletedAt) : null;
}

export interface PostRevision {
  id: string;
  version: number;
  kind: string;
  createdAt: string;
  fields: PostFields;
}

/** A post's revisions, newest first. */
export async function listRevisions(
  db: Database,
  id: string,
): Promise<PostRevision[]> {
  const rows = await db
    .select()
    .from(studioPostRevisions)
    .where(eq(studioPostRevisions.postId, id))
    .orderBy(
      desc(studioPostRevisions.createdAt),
      desc(studioPostRevisions.version),
    );
  return rows.map((row) => ({
    id: row.id,
    version: row.version,
    kind: row.kind,
    createdAt: row.createdAt.toISOString(),
    fields: snapshotFields(row.snapshot),
  }));
}

/** The current address of a post that used to live at `slug`, if it is public. */
export async function findMovedPostSlug(
  db: Database,
  slug: string,
): Promise<string | null> {
  const [row] = await db
    .select({ slug: posts.slug })
    .from(postSlugRedirects)
    .innerJoin(posts, eq(posts.id, postSlugRedirects.postId))
    .where(eq(postSlugRedirects.oldSlug, slug))
    .limit(1);
  return row && row.slug !== slug ? row.slug : null;
}

/** The categories in use, for the list's filter and the editor's suggestions. */
export async function listCategories(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ category: posts.category })
    .from(posts)
    .union(
      db.selectDistinct({ category: studioPosts.category }).from(studioPosts),
    );
  return rows.map((row) => row.category).sort((a, b) => a.localeCompare(b));
}
