// Reads for the sitemap that are not posts (posts are read by
// ./posts.server.ts, the pages' own reader): when each content table last
// changed.
import { getTableName, max } from "drizzle-orm";

import type { Database } from "~database/client";
import { contentTables } from "~database/content-cache";

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
