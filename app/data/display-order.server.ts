import type { z } from "zod";

import type { Database } from "~database/client";
import { inDisplayOrder } from "~database/section-rows";
import type { OrderedTable } from "~database/section-rows";
import { parseRows } from "~/lib/content";

/**
 * The read behind every section list (docs/CONTENT.md): all of a table's rows,
 * in the one display order, each parsed leniently, each keyed by its place.
 *
 * A public page needs a key per row, not the row's UUID: nothing public links
 * to a row, and each UUID is about 20 compressed bytes of pure entropy, sent in
 * the HTML and again in the hydration data (Leadership carried 13 of them,
 * Community's document 288 of its bytes). The studio reads rows by id itself.
 */
export async function readByDisplayOrder<T extends { id: string }>(
  db: Database,
  table: OrderedTable,
  schema: z.ZodType<T>,
): Promise<T[]> {
  const rows = await db
    .select()
    .from(table)
    .orderBy(...inDisplayOrder(table));
  return keyedByPlace(parseRows(schema, rows));
}

/** Rows as a public page lists them: each keyed by its place, from 1. */
export function keyedByPlace<T extends { id: string }>(
  rows: ReadonlyArray<T>,
): T[] {
  return rows.map((row, index) => ({ ...row, id: String(index + 1) }));
}
