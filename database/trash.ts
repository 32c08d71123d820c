// The studio's one trash (docs/decisions/045): posts, section rows and
// messages alike are a row of `trash` while they are in it, restorable until
// the one purge (database/trash-purge.ts) forgets them, all with the one
// retention. Each kind's module decides what trashing means for it (a post
// leaves the public site, a section row leaves its table whole) and what its
// purge forgets, and calls these, in its transaction: posts in
// database/post-lifecycle/trash.ts, section rows in database/section-trash.ts,
// messages in database/message-trash.ts.
import { and, desc, eq, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

import type { Executor } from "./client";
import { trash } from "./schema";
import type { SectionTable } from "./sections";
import { TRASH_MS } from "~shared/retention";

/** What the trash holds: what the activity log calls each item. */
export type TrashKind = "post" | "message" | SectionTable;

export interface TrashEntry {
  kind: string;
  itemId: string;
  title: string;
  /** What left a public table, as saved (timestamps as ISO text); null: nothing did. */
  saved: Record<string, unknown> | null;
  deletedAt: Date;
}

/** The purge's cut-off: what was trashed at or before this moment has been kept TRASH_DAYS. */
export function trashPurgeCutoff(now: Date): Date {
  return new Date(now.getTime() - TRASH_MS);
}

function entryOf(row: typeof trash.$inferSelect): TrashEntry {
  return {
    ...row,
    saved: (row.saved as Record<string, unknown> | null) ?? null,
  };
}

/** A row as `saved` keeps it: its columns as drizzle reads them, timestamps as ISO text. */
export function savedRow(row: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      value instanceof Date ? value.toISOString() : value,
    ]),
  );
}

/** A saved row as drizzle writes it back, its created_at a date again. */
export function rowFromSaved(
  saved: Record<string, unknown>,
): Record<string, unknown> & { createdAt: Date } {
  return { ...saved, createdAt: new Date(String(saved.createdAt)) };
}

/**
 * Puts an item in the trash, in the caller's transaction; one already there
 * stays as it went in (a resent delete changes nothing).
 */
export async function putInTrash(
  executor: Executor,
  item: {
    kind: TrashKind;
    itemId: string;
    title: string;
    saved?: Record<string, unknown> | null;
    now: Date;
  },
): Promise<void> {
  await executor
    .insert(trash)
    .values({
      kind: item.kind,
      itemId: item.itemId,
      title: item.title,
      saved: item.saved ?? null,
      deletedAt: item.now,
    })
    .onConflictDoNothing();
}

const entryKey = (kind: TrashKind, itemId: string) =>
  and(eq(trash.kind, kind), eq(trash.itemId, itemId));

/** Takes an item out of the trash; what it held, or null when it was not in it. */
export async function takeOutOfTrash(
  executor: Executor,
  kind: TrashKind,
  itemId: string,
): Promise<TrashEntry | null> {
  const [row] = await executor
    .delete(trash)
    .where(entryKey(kind, itemId))
    .returning();
  return row ? entryOf(row) : null;
}

/** An item's entry in the trash, or null when it is not in it. */
export async function trashEntry(
  executor: Executor,
  kind: TrashKind,
  itemId: string,
): Promise<TrashEntry | null> {
  const [row] = await executor
    .select()
    .from(trash)
    .where(entryKey(kind, itemId));
  return row ? entryOf(row) : null;
}

/** One kind's items in the trash, most recently deleted first. */
export async function listTrash(
  executor: Executor,
  kind: TrashKind,
): Promise<TrashEntry[]> {
  const rows = await executor
    .select()
    .from(trash)
    .where(eq(trash.kind, kind))
    .orderBy(desc(trash.deletedAt), desc(trash.itemId));
  return rows.map(entryOf);
}

/** The condition "this item is in the trash", for a listing's where clause (through the trash's key). */
export function inTrash(kind: TrashKind, id: AnyPgColumn) {
  return sql`exists (select 1 from ${trash} where ${trash.kind} = ${kind} and ${trash.itemId} = ${id})`;
}

/**
 * The condition "this item is in the trash" for a listing of the trash
 * itself: the kind's entries are read first (the trash holds at most 30
 * days of deletions) and the items then found by their keys, however many
 * items are not in the trash.
 */
export function amongTrashed(kind: TrashKind, id: AnyPgColumn) {
  return sql`${id} = any(array(select ${trash.itemId} from ${trash} where ${trash.kind} = ${kind}))`;
}
