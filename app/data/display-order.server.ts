import { asc } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { SQL } from "drizzle-orm";
import type { z } from "zod";

import type { Database } from "~database/client";
import { parseRows } from "~/lib/content";

type OrderedTable = PgTable & {
  displayOrder: AnyPgColumn;
  createdAt: AnyPgColumn;
  id: AnyPgColumn;
};

/**
 * The one order of a section table's rows, wherever they are listed: the
 * public page, the studio, the archive. Two rows may share a display_order
 * (a restored row, an edit by SQL), and without the tie-breakers each reader
 * could list them differently.
 */
export function inDisplayOrder(table: OrderedTable): SQL[] {
  return [asc(table.displayOrder), asc(table.createdAt), asc(table.id)];
}

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
