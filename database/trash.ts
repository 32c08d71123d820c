// The studio's one trash (docs/decisions/045): posts, section rows and
// messages alike are a row of `trash` while they are in it, restorable until
// the one purge forgets them, all with the one retention. Each kind's module
// decides what trashing means for it (a post leaves the public site, a
// section row leaves its table whole) and calls these, in its transaction.
import { and, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

import { recordActivity } from "./activity";
import type { Database, Executor, Transaction } from "./client";
import { messages, postSlugRedirects, studioPosts, trash } from "./schema";
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

/** What the trash and the activity log call a message (drizzle/0018_one_trash.sql says it too). */
export function messageTitle(name: string): string {
  return `Message from ${name}`;
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

/** What an item's kind keeps outside the trash, forgotten with it (a section row keeps nothing). */
const privateRows: Partial<
  Record<TrashKind, (tx: Transaction, ids: string[]) => Promise<unknown>>
> = {
  // Revisions go with the studio row (on delete cascade).
  post: async (tx, ids) => {
    await tx.delete(studioPosts).where(inArray(studioPosts.postId, ids));
    await tx
      .delete(postSlugRedirects)
      .where(inArray(postSlugRedirects.postId, ids));
  },
  // The notification mail goes with the message (on delete cascade).
  message: (tx, ids) => tx.delete(messages).where(inArray(messages.id, ids)),
};

export interface PurgedItem {
  kind: string;
  itemId: string;
  title: string;
}

/**
 * Forgets everything that has been in the trash for more than TRASH_DAYS,
 * whatever its kind, with the rows each kind keeps elsewhere; each purge is
 * in the activity log. Instances purging at the same moment each forget
 * different items (a deleted trash row is deleted once).
 */
export async function purgeTrash(
  db: Database,
  now: Date,
): Promise<PurgedItem[]> {
  const cutoff = trashPurgeCutoff(now);
  return db.transaction(async (tx) => {
    const purged = await tx
      .delete(trash)
      .where(lte(trash.deletedAt, cutoff))
      .returning({
        kind: trash.kind,
        itemId: trash.itemId,
        title: trash.title,
      });
    const byKind = Map.groupBy(purged, (item) => item.kind);
    for (const [kind, items] of byKind) {
      await privateRows[kind as TrashKind]?.(
        tx,
        items.map((item) => item.itemId),
      );
    }
    for (const item of purged) {
      await recordActivity(tx, {
        action: "purge",
        subjectType: item.kind,
        subjectId: item.itemId,
        summary: item.title,
        actor: "Trash",
      });
    }
    return purged;
  });
}
