import { count, desc, eq } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { z } from "zod";

import type { Database } from "~database/client";
import { posts } from "~database/schema";
import { lenientText, parseRows } from "~/lib/content";
import { ARCHIVE_PAGE_SIZE, pageCountOf } from "~/lib/pagination";
import type { PageInfo } from "~/lib/pagination";
import {
  readConcertMeta,
  readHikingMeta,
  readTravelMeta,
} from "~/lib/post-meta.server";
import { IMAGE_ADDRESS, POST_CATEGORIES } from "~/lib/posts";
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
  image: z.string().trim().regex(IMAGE_ADDRESS).nullable().catch(null),
  date: z.string(),
  category: lenientText,
  author: lenientText,
  meta: z.unknown().optional(),
});

// Lists key their cards by slug: a post's id, random and so incompressible,
// would cost every archive page's HTML bytes for nothing a visitor sees.
const summarySchema = postRowSchema.omit({ meta: true, id: true });

export interface Post extends PostSummary {
  /** What the owner's delete names. */
  id: string;
  /** The stored HTML, already sanitised. */
  html: string;
}

const postSchema = summarySchema
  .extend({ id: z.string(), content: lenientText })
  .transform(({ content, ...summary }): Post => ({
    ...summary,
    html: sanitizePostHtml(content),
  }));

export type HikingPost = PostSummary & { hiking: HikingMeta };
export type ConcertPost = PostSummary & { concert: ConcertMeta };
export type TravelPost = PostSummary & { travel: TravelMeta };

// Posts of the same date keep a stable order: the newest written first.
// Each order matches an index (drizzle/0004_scale_indexes.sql).
const byDateDesc = [desc(posts.date), desc(posts.createdAt)];
const byCreatedDesc = [desc(posts.createdAt)];

// Lists never read the body: a page of cards needs only these.
const summaryColumns = {
  slug: posts.slug,
  title: posts.title,
  excerpt: posts.excerpt,
  image: posts.image,
  date: posts.date,
  category: posts.category,
  author: posts.author,
};
const withMetaColumns = { ...summaryColumns, meta: posts.meta };

/** One page of an archive, newest first, and how many pages there are. */
export interface ArchivePage<T> extends PageInfo {
  items: T[];
  total: number;
}

/** A category page's archive: its page of posts, and its newest post, which the page features on every page. */
export interface CategoryArchive<T> extends ArchivePage<T> {
  latest: T | null;
}

interface ArchiveRead<T> {
  where?: SQL;
  order: SQL[];
  columns: typeof summaryColumns | typeof withMetaColumns;
  schema: z.ZodType<T>;
  page: number;
  pageSize: number;
}

async function readArchivePage<T>(
  db: Database,
  { where, order, columns, schema, page, pageSize }: ArchiveRead<T>,
): Promise<ArchivePage<T>> {
  const [rows, counted] = await Promise.all([
    db
      .select(columns)
      .from(posts)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(posts).where(where),
  ]);
  const total = counted[0]?.total ?? 0;
  return {
    items: parseRows(schema, rows),
    page,
    pageCount: pageCountOf(total, pageSize),
    total,
  };
}

async function readCategoryArchive<T>(
  db: Database,
  read: ArchiveRead<T>,
): Promise<CategoryArchive<T>> {
  const [archive, newest] = await Promise.all([
    readArchivePage(db, read),
    // Page 1 starts with the newest post; later pages read it on its own.
    read.page === 1
      ? null
      : readArchivePage(db, { ...read, page: 1, pageSize: 1 }),
  ]);
  const latest = (newest ?? archive).items[0] ?? null;
  return { ...archive, latest };
}

/** Content Hub: one page of every post, date descending (docs/CONTENT.md). */
export function readContentHubPage(
  db: Database,
  page: number,
): Promise<ArchivePage<PostSummary>> {
  return readArchivePage(db, {
    order: byDateDesc,
    columns: summaryColumns,
    schema: summarySchema,
    page,
    pageSize: ARCHIVE_PAGE_SIZE.contentHub,
  });
}

/** A category's posts with their meta read leniently under `key`. */
function withMeta<K extends string, M>(
  key: K,
  readMeta: (meta: unknown, title: string) => M,
) {
  return postRowSchema
    .omit({ id: true })
    .transform(
      ({ meta, ...summary }) =>
        ({ ...summary, [key]: readMeta(meta, summary.title) }) as PostSummary &
          Record<K, M>,
    );
}

/** A category page's archive reader: its posts in its documented order, meta read under `key`. */
function categoryArchive<K extends string, M>(
  category: string,
  order: SQL[],
  key: K,
  readMeta: (meta: unknown, title: string) => M,
  pageSize: number,
) {
  const schema = withMeta(key, readMeta);
  return (
    db: Database,
    page: number,
  ): Promise<CategoryArchive<PostSummary & Record<K, M>>> =>
    readCategoryArchive(db, {
      where: eq(posts.category, category),
      order,
      columns: withMetaColumns,
      schema,
      page,
      pageSize,
    });
}

/** Hiking: posts in 'Hiking & Nature', date descending (docs/CONTENT.md). */
export const readHikingPage = categoryArchive(
  POST_CATEGORIES.hiking,
  byDateDesc,
  "hiking",
  readHikingMeta,
  ARCHIVE_PAGE_SIZE.hiking,
);

/** Music: posts in 'Live Music', created_at descending (docs/CONTENT.md). */
export const readConcertPage = categoryArchive(
  POST_CATEGORIES.music,
  byCreatedDesc,
  "concert",
  readConcertMeta,
  ARCHIVE_PAGE_SIZE.music,
);

/** Travel: posts in 'Travel Log' with their meta, date descending (docs/CONTENT.md). */
export const readTravelPage = categoryArchive(
  POST_CATEGORIES.travel,
  byDateDesc,
  "travel",
  readTravelMeta,
  ARCHIVE_PAGE_SIZE.travel,
);

/** A post's summary with when it was written, for what dates a post by both (the sitemap's lastmod). */
export type DatedPostSummary = PostSummary & { createdAt: Date | null };

const datedSummarySchema = summarySchema.extend({
  createdAt: z.date().nullable().catch(null),
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
    .select({ ...summaryColumns, createdAt: posts.createdAt })
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
): Promise<Post | null> {
  const rows = await db
    .select()
    .from(posts)
    .where(eq(posts.slug, slug))
    .limit(1);
  return parseRows(postSchema, rows)[0] ?? null;
}
