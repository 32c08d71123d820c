// A section table's rows as the studio changes them: a row as the studio
// describes it, the one display order, and the locked reads and renumbering
// every change (an edit, a move, the trash) runs in its transaction.
import { asc, eq } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";

import { recordActivity } from "./activity";
import type { Executor, Transaction } from "./client";
import { camelCase, sectionTables } from "./section-tables";
import { sectionColumns } from "./sections";
import type { SectionTable } from "./sections";

export interface SectionRow {
  id: string;
  title: string;
  displayOrder: number;
  /** The editable columns by name (snake_case, as in content files). */
  values: Record<string, unknown>;
  /** The row's version: an edit based on another version is refused. */
  version: number;
}

export type SectionChange =
  | { status: "done"; row: SectionRow }
  | { status: "invalid"; errors: Record<string, string> }
  | { status: "missing" }
  | { status: "conflict"; current: SectionRow | null };

export interface ChangeContext {
  actor: string;
  now?: Date;
}

export type Raw = Record<string, unknown>;

/** A table listed in the display order: a section table. */
export type OrderedTable = PgTable & {
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

/** A stored row as the studio shows it: its editable columns by their content-file names. */
export function describe(table: SectionTable, raw: Raw): SectionRow {
  const values: Record<string, unknown> = {};
  for (const [name] of sectionColumns(table)) {
    values[name] = raw[camelCase(name)] ?? null;
  }
  return {
    id: String(raw.id),
    title: typeof raw.title === "string" ? raw.title : "",
    displayOrder: Number(raw.displayOrder),
    values,
    version: Number(raw.version),
  };
}

/** Says in the activity log what was done to a row, in the change's transaction. */
export function logChange(
  tx: Transaction,
  action: string,
  table: SectionTable,
  row: SectionRow,
  actor: string,
) {
  return recordActivity(tx, {
    action,
    subjectType: table,
    subjectId: row.id,
    summary: row.title,
    actor,
  });
}

/** A row, locked for the transaction; null when there is none. */
export async function readRaw(
  executor: Executor,
  table: SectionTable,
  id: string,
): Promise<Raw | null> {
  const target = sectionTables[table];
  const [raw] = await executor
    .select()
    .from(target)
    .where(eq(target.id, id))
    .for("update");
  return (raw as Raw | undefined) ?? null;
}

/** Every row's id and place, in the display order, locked for the transaction. */
export async function orderedIds(
  executor: Executor,
  table: SectionTable,
): Promise<Array<{ id: string; displayOrder: number }>> {
  const target = sectionTables[table];
  return executor
    .select({ id: target.id, displayOrder: target.displayOrder })
    .from(target)
    .orderBy(...inDisplayOrder(target))
    .for("update");
}

/** Writes display_order 1..n in the given order (only the rows that move). */
export async function writeOrder(
  tx: Transaction,
  table: SectionTable,
  current: ReadonlyArray<{ id: string; displayOrder: number }>,
  ids: ReadonlyArray<string>,
) {
  const target = sectionTables[table];
  const before = new Map(current.map((row) => [row.id, row.displayOrder]));
  for (const [index, id] of ids.entries()) {
    if (before.get(id) === index + 1) continue;
    await tx
      .update(target)
      .set({ displayOrder: index + 1 })
      .where(eq(target.id, id));
  }
}
