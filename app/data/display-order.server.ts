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
 * in the one display order, each parsed leniently.
 */
export async function readByDisplayOrder<T>(
  db: Database,
  table: OrderedTable,
  schema: z.ZodType<T>,
): Promise<T[]> {
  const rows = await db
    .select()
    .from(table)
    .orderBy(...inDisplayOrder(table));
  return parseRows(schema, rows);
}
