// A post's trash: off the public site with its public row kept exactly,
// restorable until the purge (database/trash.ts) forgets it.
import { eq, lte } from "drizzle-orm";

import { recordActivity } from "~database/activity";
import type { Database } from "~database/client";
import { postSlugRedirects, posts, studioPosts } from "~database/schema";
import { trashPurgeCutoff } from "~database/trash";

import { describe } from "./model";
import type { ChangeContext, ChangeResult, LivePost } from "./model";
import { adoptLivePost, changeRow, readRows, slugTaken } from "./rows";

/** Moves a post to the trash: off the public site, restorable for 30 days. */
export async function trashPost(
  db: Database,
  input: { id: string },
  { actor, now = new Date() }: ChangeContext,
): Promise<ChangeResult> {
  const result = await db.transaction(async (tx) => {
    const { live, row: existing } = await readRows(tx, input.id, true);
    if (!live && !existing) return { status: "missing" } as const;
    if (existing?.deletedAt)
      return { status: "done", post: describe(null, existing) } as const;
    const row = existing ?? (live ? await adoptLivePost(tx, live, now) : null);
    if (!row) return { status: "missing" } as const;
    if (live) await tx.delete(posts).where(eq(posts.id, input.id));
    const trashed = await changeRow(
      tx,
      row.postId,
      {
        deletedAt: now,
        scheduledAt: null,
        // The public row exactly as it was (its created_at too).
        trashedPost: live
          ? { ...live, createdAt: live.createdAt.toISOString() }
          : null,
      },
      { action: "delete", actor },
    );
    return { status: "done", post: describe(null, trashed) } as const;
  });
  return result;
}

/** Takes a post out of the trash exactly as it went in: same id, same slug, public again if it was. */
export async function restorePost(
  db: Database,
  input: { id: string },
  { actor, now = new Date() }: ChangeContext,
): Promise<ChangeResult> {
  const result = await db.transaction(async (tx) => {
    const { row } = await readRows(tx, input.id, true);
    if (!row) return { status: "missing" } as const;
    if (!row.deletedAt)
      return { status: "done", post: describe(null, row) } as const;
    const trashed = row.trashedPost as
      (Omit<LivePost, "createdAt"> & { createdAt: string }) | null;
    if (trashed) {
      if (await slugTaken(tx, trashed.slug, row.postId))
        return { status: "slug-taken", slug: trashed.slug } as const;
      await tx
        .insert(posts)
        .values({ ...trashed, createdAt: new Date(trashed.createdAt) });
    }
    const restored = await changeRow(
      tx,
      row.postId,
      { deletedAt: null, trashedPost: null, updatedAt: now },
      { action: "restore", actor },
    );
    const [live] = await tx
      .select()
      .from(posts)
      .where(eq(posts.id, row.postId));
    return { status: "done", post: describe(live ?? null, restored) } as const;
  });
  return result;
}

/** Forgets posts that have been in the trash for more than 30 days. */
export async function purgeTrash(db: Database, now: Date): Promise<number> {
  const cutoff = trashPurgeCutoff(now);
  return db.transaction(async (tx) => {
    const purged = await tx
      .delete(studioPosts)
      .where(lte(studioPosts.deletedAt, cutoff))
      .returning({ id: studioPosts.postId, title: studioPosts.title });
    for (const post of purged) {
      await tx
        .delete(postSlugRedirects)
        .where(eq(postSlugRedirects.postId, post.id));
      await recordActivity(tx, {
        action: "purge",
        subjectType: "post",
        subjectId: post.id,
        summary: post.title,
        actor: "Trash",
      });
    }
    return purged.length;
  });
}
