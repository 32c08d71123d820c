// A section row's trash: off its public page and into the one trash
// (database/trash.ts), whole (its id, created_at, place and version too),
// until "Restore" puts it back exactly or the purge forgets it. A row keeps
// nothing outside the trash, so its purge has nothing more to forget.
import { eq } from "drizzle-orm";

import type { Database } from "./client";
import {
  describe,
  logChange,
  orderedIds,
  readRaw,
  writeOrder,
} from "./section-rows";
import type { ChangeContext, SectionChange } from "./section-rows";
import { sectionTables } from "./section-tables";
import type { SectionTable } from "./sections";
import {
  listTrash,
  putInTrash,
  rowFromSaved,
  savedRow,
  takeOutOfTrash,
} from "./trash";

export interface TrashedSectionRow {
  id: string;
  title: string;
  deletedAt: string;
}

/** Takes a row off its public page into the trash, whole (restorable for the trash period, shared/retention.ts). */
export async function trashSectionRow(
  db: Database,
  table: SectionTable,
  input: { id: string },
  { actor, now = new Date() }: ChangeContext,
): Promise<SectionChange> {
  const target = sectionTables[table];
  return db.transaction(async (tx) => {
    const raw = await readRaw(tx, table, input.id);
    if (!raw) return { status: "missing" } as const;
    const row = describe(table, raw);
    await tx.delete(target).where(eq(target.id, input.id));
    await putInTrash(tx, {
      kind: table,
      itemId: row.id,
      title: row.title,
      saved: savedRow(raw),
      now,
    });
    await logChange(tx, "delete", table, row, actor);
    return { status: "done", row } as const;
  });
}

/** Puts a trashed row back exactly as it was: same id, created_at and place. */
export async function restoreSectionRow(
  db: Database,
  table: SectionTable,
  input: { id: string },
  { actor }: ChangeContext,
): Promise<SectionChange> {
  const target = sectionTables[table];
  return db.transaction(async (tx) => {
    const trashed = await takeOutOfTrash(tx, table, input.id);
    if (!trashed?.saved) return { status: "missing" } as const;
    const [raw] = await tx
      .insert(target)
      .values(rowFromSaved(trashed.saved) as never)
      .returning();
    // Back in its old place; the others may have been renumbered since, so
    // the list is numbered 1..n again in the order it now shows.
    const order = await orderedIds(tx, table);
    await writeOrder(
      tx,
      table,
      order,
      order.map((entry) => entry.id),
    );
    const row = describe(table, raw as Record<string, unknown>);
    await logChange(tx, "restore", table, row, actor);
    return { status: "done", row } as const;
  });
}

/** A table's rows in the trash, most recently deleted first. */
export async function listTrashedSectionRows(
  db: Database,
  table: SectionTable,
): Promise<TrashedSectionRow[]> {
  return (await listTrash(db, table)).map((trashed) => ({
    id: trashed.itemId,
    title: trashed.title,
    deletedAt: trashed.deletedAt.toISOString(),
  }));
}
