// Where a reader of a post goes on: its neighbours by date and its related
// posts (decision 031, drizzle/0012_post_reading.sql).
import { sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { z } from "zod";

import type { Database } from "~database/client";
import { posts } from "~database/schema";
import { lenientText, parseRows } from "~/lib/content";
import type { PostSummary } from "~/lib/posts";

import { byDateDesc, summaryColumns, summarySchema } from "./post-rows.server";

/** Where a reader of a post can go on: its neighbours by date and up to three related posts. */
export interface WhereNext {
  /** The post before it in the Content Hub's order (older), if any. */
  previous: PostSummary | null;
  /** The post after it (newer), if any. */
  next: PostSummary | null;
  related: PostSummary[];
}

/** How many related posts a post shows. */
export const RELATED_POSTS = 3;

// Raw rows carry the date as text (node-postgres would make a Date of it).
const relatedRowSchema = summarySchema.extend({
  date: lenientText,
  words: z.coerce.number().int().nonnegative().optional().catch(undefined),
});

/**
 * A post's neighbours in the Content Hub's order and its related posts.
 * The posts table holds published posts only (a draft lives in the studio's
 * copy until it is published), so none of them is ever a draft.
 */
export async function readWhereNext(
  db: Database,
  postId: string,
): Promise<WhereNext> {
  const self = sql`(select ${posts.date}, ${posts.createdAt} from ${posts} where ${posts.id} = ${postId})`;
  const neighbour = (older: boolean) =>
    db
      .select(summaryColumns)
      .from(posts)
      .where(
        older
          ? sql`(${posts.date}, ${posts.createdAt}) < ${self}`
          : sql`(${posts.date}, ${posts.createdAt}) > ${self}`,
      )
      .orderBy(...(older ? byDateDesc : [posts.date, posts.createdAt]))
      .limit(1);
  const [previous, next, sameCategory] = await Promise.all([
    neighbour(true),
    neighbour(false),
    readRelated(db, postId, "same category", RELATED_POSTS),
  ]);
  // Another category's posts only when its own has too few.
  const related =
    sameCategory.length < RELATED_POSTS
      ? [
          ...sameCategory,
          ...(await readRelated(
            db,
            postId,
            "other categories",
            RELATED_POSTS - sameCategory.length,
          )),
        ]
      : sameCategory;
  return {
    previous: parseRows(summarySchema, previous)[0] ?? null,
    next: parseRows(summarySchema, next)[0] ?? null,
    related,
  };
}

export type RelatedAmong = "same category" | "other categories";

async function readRelated(
  db: Database,
  postId: string,
  among: RelatedAmong,
  limit: number,
): Promise<PostSummary[]> {
  const result = await db.execute(relatedPostsQuery(postId, among, limit));
  return parseRows(relatedRowSchema, (result as { rows: unknown[] }).rows);
}

/**
 * Related posts (also what bench and its test explain): posts of the same
 * category first, then, when those are too few, of any other, each by how
 * alike its title and excerpt are to this post's (the rank of the generated
 * `related` column against this post's own lexemes, each quoted, joined by
 * "or"; drizzle/0012_post_reading.sql), newest first among equals; never
 * the post itself. Another category's posts are found through the GIN index.
 */
export function relatedPostsQuery(
  postId: string,
  among: RelatedAmong,
  limit: number,
): SQL {
  const where =
    among === "same category"
      ? sql`p.category = s.category and p.id <> s.id`
      : sql`p.related @@ s.q and p.category <> s.category`;
  return sql`
    with self as (
      select id, category, (
        select string_agg('''' || replace(replace(lexeme, '\\', '\\\\'), '''', '''''') || '''', ' | ')
        from unnest(related)
      )::tsquery as q
      from posts where id = ${postId}
    )
    select p.slug, p.title, p.excerpt, p.image, p.date::text as date,
      p.category, p.author, p.words
    from posts p, self s
    where ${where}
    order by ts_rank(p.related, s.q) desc, p.date desc, p.created_at desc
    limit ${limit}
  `;
}
