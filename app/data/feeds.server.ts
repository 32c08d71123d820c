// Reads for the feeds (sitemap, RSS) and the generated social cards. Posts
// are read as spec §7 reads them for the Content Hub: by date, newest first.
import { count, desc, eq, getTableName, max } from "drizzle-orm";
import { z } from "zod";

import type { Database } from "~database/client";
import { contentTables } from "~database/content-cache";
import * as schema from "~database/schema";
import { lenientText, parseRows } from "~/lib/content";

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .catch("1970-01-01");

const feedPostSchema = z.object({
  slug: z.string().min(1),
  title: lenientText,
  excerpt: lenientText,
  date: isoDate,
  category: lenientText,
  author: lenientText,
  image: z.string().nullable().catch(null),
  createdAt: z.date().nullable().catch(null),
});
export type FeedPostRow = z.infer<typeof feedPostSchema>;

const feedColumns = {
  slug: schema.posts.slug,
  title: schema.posts.title,
  excerpt: schema.posts.excerpt,
  date: schema.posts.date,
  category: schema.posts.category,
  author: schema.posts.author,
  image: schema.posts.image,
  createdAt: schema.posts.createdAt,
};

/** Posts, newest date first: every one, or the newest `limit`. */
export async function readFeedPosts(
  db: Database,
  limit?: number,
): Promise<FeedPostRow[]> {
  const query = db
    .select(feedColumns)
    .from(schema.posts)
    .orderBy(desc(schema.posts.date), desc(schema.posts.createdAt));
  return parseRows(
    feedPostSchema,
    await (limit === undefined ? query : query.limit(limit)),
  );
}

/** How many posts each category holds, for the archive pages the sitemap lists. */
export async function readPostCounts(
  db: Database,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ category: schema.posts.category, posts: count() })
    .from(schema.posts)
    .groupBy(schema.posts.category);
  return new Map(rows.map((row) => [row.category, row.posts]));
}

/** One post by slug, or null. */
export async function readFeedPost(
  db: Database,
  slug: string,
): Promise<FeedPostRow | null> {
  const rows = await db
    .select(feedColumns)
    .from(schema.posts)
    .where(eq(schema.posts.slug, slug))
    .limit(1);
  return parseRows(feedPostSchema, rows)[0] ?? null;
}

/**
 * The newest row of each content table, by table name. A table that cannot
 * be read is left out (its pages fall back to the build date), so the
 * sitemap survives a broken table.
 */
export async function readLatestContent(
  db: Database,
): Promise<Map<string, Date>> {
  const results = await Promise.all(
    contentTables.map(async (table) => {
      try {
        const [row] = await db
          .select({ latest: max(table.createdAt) })
          .from(table);
        return [getTableName(table), row?.latest ?? null] as const;
      } catch {
        return [getTableName(table), null] as const;
      }
    }),
  );
  const latest = new Map<string, Date>();
  for (const [name, date] of results) {
    if (date instanceof Date) latest.set(name, date);
  }
  return latest;
}
