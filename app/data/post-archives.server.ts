// The public archives of posts: the Content Hub's pages and each category
// page's, with the newest post it features (docs/CONTENT.md).
import { count, eq } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { z } from "zod";

import type { Database } from "~database/client";
import { posts } from "~database/schema";
import { parseRows } from "~/lib/content";
import { ARCHIVE_PAGE_SIZE, pageCountOf } from "~/lib/pagination";
import type { PageInfo } from "~/lib/pagination";
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

import {
  byCreatedDesc,
  byDateDesc,
  postRowSchema,
  summaryColumns,
  summarySchema,
  withMetaColumns,
} from "./post-rows.server";

export type HikingPost = PostSummary & { hiking: HikingMeta };
export type ConcertPost = PostSummary & { concert: ConcertMeta };
export type TravelPost = PostSummary & { travel: TravelMeta };
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
