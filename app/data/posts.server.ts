import { desc, eq } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { z } from "zod";

import type { Database } from "~database/client";
import { posts } from "~database/schema";
import { lenientText, parseRows } from "~/lib/content";
import {
  readConcertMeta,
  readHikingMeta,
  readTravelMeta,
} from "~/lib/post-meta.server";
import { POST_CATEGORIES } from "~/lib/posts";
import type {
  ConcertMeta,
  HikingMeta,
  PostSummary,
  TravelMeta,
} from "~/lib/posts";
import { sanitizePostHtml } from "~/lib/sanitize.server";

const postRowSchema = z.object({
  id: z.string(),
  slug: z.string().min(1),
  title: lenientText,
  excerpt: lenientText,
  // Only the site's own images or web addresses; anything else shows the fallback.
  image: z
    .string()
    .trim()
    .regex(/^(\/(?!\/)|https?:\/\/)/)
    .nullable()
    .catch(null),
  date: z.string(),
  category: lenientText,
  author: lenientText,
  meta: z.unknown().optional(),
});

const summarySchema = postRowSchema.omit({ meta: true });

export interface Post extends PostSummary {
  /** The stored HTML, already sanitised. */
  html: string;
}

const postSchema = summarySchema
  .extend({ content: lenientText })
  .transform(({ content, ...summary }): Post => ({
    ...summary,
    html: sanitizePostHtml(content),
  }));

export type HikingPost = PostSummary & { hiking: HikingMeta };
export type ConcertPost = PostSummary & { concert: ConcertMeta };
export type TravelPost = PostSummary & { travel: TravelMeta };

// Posts of the same date keep a stable order: the newest written first.
const byDateDesc = [desc(posts.date), desc(posts.createdAt)];

function selectPosts(db: Database, where: SQL | undefined, order: SQL[]) {
  return db
    .select()
    .from(posts)
    .where(where)
    .orderBy(...order);
}

/** Content Hub: every post, date descending (spec §7). */
export async function readAllPosts(db: Database): Promise<PostSummary[]> {
  return parseRows(summarySchema, await selectPosts(db, undefined, byDateDesc));
}

/** A category's posts with their meta read leniently under `key`. */
function withMeta<K extends string, M>(
  key: K,
  readMeta: (meta: unknown, title: string) => M,
) {
  return postRowSchema.transform(
    ({ meta, ...summary }) =>
      ({ ...summary, [key]: readMeta(meta, summary.title) }) as PostSummary &
        Record<K, M>,
  );
}

/** Hiking: posts in 'Hiking & Nature', date descending (spec §7). */
export async function readHikingPosts(db: Database): Promise<HikingPost[]> {
  const rows = await selectPosts(
    db,
    eq(posts.category, POST_CATEGORIES.hiking),
    byDateDesc,
  );
  return parseRows(withMeta("hiking", readHikingMeta), rows);
}

/** Music: posts in 'Live Music', created_at descending (spec §7). */
export async function readConcertPosts(db: Database): Promise<ConcertPost[]> {
  const rows = await selectPosts(
    db,
    eq(posts.category, POST_CATEGORIES.music),
    [desc(posts.createdAt)],
  );
  return parseRows(withMeta("concert", readConcertMeta), rows);
}

/** Travel: posts in 'Travel Log' with their meta, date descending (spec §7). */
export async function readTravelPosts(db: Database): Promise<TravelPost[]> {
  const rows = await selectPosts(
    db,
    eq(posts.category, POST_CATEGORIES.travel),
    byDateDesc,
  );
  return parseRows(withMeta("travel", readTravelMeta), rows);
}

/** Single post: one post by slug, its HTML sanitised; null when there is none. */
export async function readPostBySlug(
  db: Database,
  slug: string,
): Promise<Post | null> {
  const rows = await db
    .select()
    .from(posts)
    .where(eq(posts.slug, slug))
    .limit(1);
  return parseRows(postSchema, rows)[0] ?? null;
}
