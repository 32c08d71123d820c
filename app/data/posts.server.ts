// The public pages' reads of single posts and the feeds' lists: a post by
// its address, every post for RSS and the sitemap, and the categories' counts.
import { count, eq, getTableColumns } from "drizzle-orm";
import { z } from "zod";

import type { Database } from "~database/client";
import type { PostSearchFields } from "~database/post-lifecycle/model";
import { posts } from "~database/schema";
import { lenientText, parseRows } from "~/lib/content";
import type { PostSummary } from "~/lib/posts";
import { sanitizePostHtml } from "~/lib/sanitize.server";

import {
  byDateDesc,
  pagePostSchema,
  searchColumns,
  searchFieldsSchema,
  summaryColumns,
  summarySchema,
  wordsColumn,
} from "./post-rows.server";
import type { PostPageFields } from "./post-rows.server";

export interface Post extends PostSummary, PostPageFields {
  /** What the owner's delete names. */
  id: string;
  /** The stored HTML, already sanitised. */
  html: string;
}

/** The single post page's read: the post and, apart, what search results and cards show of it. */
export type PostWithSearch = Post & { search: PostSearchFields };

const postSchema = pagePostSchema
  .extend({ id: z.string(), content: lenientText, ...searchFieldsSchema.shape })
  .transform(
    ({
      content,
      searchTitle,
      searchDescription,
      socialImage,
      canonicalUrl,
      ...summary
    }): PostWithSearch => ({
      ...summary,
      html: sanitizePostHtml(content),
      search: { searchTitle, searchDescription, socialImage, canonicalUrl },
    }),
  );

/** A post's summary with when it was written (the sitemap's lastmod) and its search fields (the RSS item). */
export type DatedPostSummary = PostSummary &
  PostSearchFields & { createdAt: Date | null };

const datedSummarySchema = summarySchema.extend({
  createdAt: z.date().nullable().catch(null),
  ...searchFieldsSchema.shape,
});

/**
 * The feeds' read (RSS, sitemap): the Content Hub's posts in its order,
 * every one or the newest `limit`, through the same schema as the pages.
 */
export async function readPostFeed(
  db: Database,
  limit?: number,
): Promise<DatedPostSummary[]> {
  const query = db
    .select({
      ...summaryColumns,
      ...searchColumns,
      createdAt: posts.createdAt,
    })
    .from(posts)
    .orderBy(...byDateDesc);
  return parseRows(
    datedSummarySchema,
    await (limit === undefined ? query : query.limit(limit)),
  );
}

/** How many posts each category holds, for the archive pages the sitemap lists. */
export async function readPostCounts(
  db: Database,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ category: posts.category, posts: count() })
    .from(posts)
    .groupBy(posts.category);
  return new Map(rows.map((row) => [row.category, row.posts]));
}

/** Single post: one post by slug, its HTML sanitised; null when there is none. */
export async function readPostBySlug(
  db: Database,
  slug: string,
): Promise<PostWithSearch | null> {
  const rows = await db
    .select({ ...getTableColumns(posts), words: wordsColumn })
    .from(posts)
    .where(eq(posts.slug, slug))
    .limit(1);
  return parseRows(postSchema, rows)[0] ?? null;
}
