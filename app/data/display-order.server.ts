import { asc } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { z } from "zod";

import type { Database } from "~database/client";
import { parseRows } from "~/lib/content";

/**
 * The read behind every section list (docs/CONTENT.md): all of a table's rows,
 * ordered by display_order ascending, each parsed leniently.
 */
export async function readByDisplayOrder<T>(
  db: Database,
  table: PgTable & { displayOrder: AnyPgColumn },
  schema: z.ZodType<T>,
): Promise<T[]> {
  const rows = await db.select().from(table).orderBy(asc(table.displayOrder));
  return parseRows(schema, rows);
}
