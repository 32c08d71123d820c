// The section tables as the studio changes them (docs/decisions/021). The
// public tables stay exactly what visitors see; a deleted row waits in the
// one trash, whole (database/section-trash.ts). Every change
// runs in one transaction, validated by the table's one schema, and is
// recorded in the activity log. An edit is based on a row's version, the
// one concurrency rule (docs/decisions/045).
import { and, count, eq } from "drizzle-orm";

import type { Database, Transaction } from "~database/client";
import {
  describe,
  inDisplayOrder,
  logChange,
  orderedIds,
  readRaw,
  writeOrder,
} from "~database/section-rows";
import type {
  ChangeContext,
  Raw,
  SectionChange,
  SectionRow,
} from "~database/section-rows";
import { camelCase, sectionTables } from "~database/section-tables";
import { checkSectionValues, sectionConfigs } from "~/studio/sections";
import type { SectionTable, SectionValues } from "~/studio/sections";

export type {
  ChangeContext,
  Raw,
  SectionChange,
  SectionRow,
} from "~database/section-rows";

/** The columns to write for validated values; a cleared optional column is written as null. */
function columnsOf(table: SectionTable, values: SectionValues): Raw {
  const columns: Raw = {};
  for (const field of sectionConfigs[table].fields) {
    columns[camelCase(field.name)] = values[field.name] ?? null;
  }
  return columns;
}

/** A table's rows as the public page orders them (display_order, then age). */
export async function listSectionRows(
  db: Database,
  table: SectionTable,
): Promise<SectionRow[]> {
  const target = sectionTables[table];
  const rows = await db
    .select()
    .from(target)
    .orderBy(...inDisplayOrder(target));
  return rows.map((raw) => describe(table, raw as Raw));
}

export async function readSectionRow(
  db: Database,
  table: SectionTable,
  id: string,
): Promise<SectionRow | null> {
  const target = sectionTables[table];
  const [raw] = await db.select().from(target).where(eq(target.id, id));
  return raw ? describe(table, raw as Raw) : null;
}

/** A new row, last in the list. */
export async function createSectionRow(
  db: Database,
  table: SectionTable,
  input: unknown,
  { actor }: ChangeContext,
): Promise<SectionChange> {
  const checked = checkSectionValues(table, input);
  if (!checked.ok) return { status: "invalid", errors: checked.errors };
  const target = sectionTables[table];
  return db.transaction(async (tx) => {
    const current = await orderedIds(tx, table);
    const last = current.reduce(
      (highest, row) => Math.max(highest, row.displayOrder),
      0,
    );
    const [raw] = await tx
      .insert(target)
      .values({
        ...columnsOf(table, checked.values),
        displayOrder: last + 1,
      } as never)
      .returning();
    const row = describe(table, raw as Raw);
    await logChange(tx, "create", table, row, actor);
    return { status: "done", row } as const;
  });
}

/**
 * Saves an edit made to the version the owner loaded; any other version is
 * refused. The table's trigger (drizzle/0018_one_trash.sql) moves the
 * version on when the values change, whoever changes them.
 */
export async function updateSectionRow(
  db: Database,
  table: SectionTable,
  input: { id: string; version: number; values: unknown },
  { actor }: ChangeContext,
): Promise<SectionChange> {
  const checked = checkSectionValues(table, input.values);
  if (!checked.ok) return { status: "invalid", errors: checked.errors };
  const target = sectionTables[table];
  return db.transaction(async (tx) => {
    const raw = await readRaw(tx, table, input.id);
    if (!raw) return { status: "missing" } as const;
    const current = describe(table, raw);
    if (current.version !== input.version) {
      return { status: "conflict", current } as const;
    }
    const [saved] = await tx
      .update(target)
      .set(columnsOf(table, checked.values))
      .where(and(eq(target.id, input.id), eq(target.version, input.version)))
      .returning();
    if (!saved) return { status: "conflict", current } as const;
    const row = describe(table, saved as Raw);
    await logChange(tx, "save", table, row, actor);
    return { status: "done", row } as const;
  });
}

/** Moves one row a place up or down: the whole list is renumbered in one transaction. */
export async function moveSectionRow(
  db: Database,
  table: SectionTable,
  input: { id: string; direction: "up" | "down" },
  context: ChangeContext,
): Promise<SectionChange> {
  return db.transaction(async (tx) => {
    const current = await orderedIds(tx, table);
    const ids = current.map((row) => row.id);
    const from = ids.indexOf(input.id);
    if (from < 0) return { status: "missing" } as const;
    const to = input.direction === "up" ? from - 1 : from + 1;
    if (to >= 0 && to < ids.length) {
      ids.splice(to, 0, ...ids.splice(from, 1));
    }
    return finishReorder(tx, table, current, ids, input.id, context);
  });
}

/**
 * Puts the rows in the given order (drag and drop). The list must be the
 * table's rows as they are now: a row added or deleted meanwhile refuses it.
 */
export async function reorderSectionRows(
  db: Database,
  table: SectionTable,
  input: { ids: ReadonlyArray<string>; moved: string },
  context: ChangeContext,
): Promise<SectionChange> {
  return db.transaction(async (tx) => {
    const current = await orderedIds(tx, table);
    const known = new Set(current.map((row) => row.id));
    const same =
      input.ids.length === known.size &&
      new Set(input.ids).size === known.size &&
      input.ids.every((id) => known.has(id));
    if (!same) return { status: "conflict", current: null } as const;
    return finishReorder(tx, table, current, input.ids, input.moved, context);
  });
}

async function finishReorder(
  tx: Transaction,
  table: SectionTable,
  current: ReadonlyArray<{ id: string; displayOrder: number }>,
  ids: ReadonlyArray<string>,
  moved: string,
  { actor }: ChangeContext,
): Promise<SectionChange> {
  await writeOrder(tx, table, current, ids);
  const raw = await readRaw(tx, table, moved);
  if (!raw) return { status: "missing" };
  const row = describe(table, raw);
  await logChange(tx, "reorder", table, row, actor);
  return { status: "done", row };
}

/** How many rows each section table has (the Pages screen). */
export async function countSectionRows(
  db: Database,
): Promise<Partial<Record<SectionTable, number>>> {
  const tables = Object.keys(sectionTables) as SectionTable[];
  const counts = await Promise.all(
    tables.map(async (table) => {
      const [result] = await db
        .select({ count: count() })
        .from(sectionTables[table]);
      return [table, result?.count ?? 0] as const;
    }),
  );
  return Object.fromEntries(counts);
}
