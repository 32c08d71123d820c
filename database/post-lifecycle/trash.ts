// A post's trash: off the public site with its public row kept exactly in
// the one trash (database/trash.ts), restorable until the purge forgets it
// with its studio rows (purgePosts).
import { eq, inArray } from "drizzle-orm";

import type { Database, Transaction } from "~database/client";
import { postSlugRedirects, posts, studioPosts } from "~database/schema";
import {
  putInTrash,
  rowFromSaved,
  savedRow,
  takeOutOfTrash,
} from "~database/trash";

import { describe } from "./model";
import type { ChangeContext, ChangeResult, LivePost } from "./model";
import { changePost, changeRow, slugTaken, studioCopy } from "./rows";

/** Moves a post to the trash: off the public site, restorable for the trash period (shared/retention.ts). */
export function trashPost(
  db: Database,
  input: { id: string },
  { actor, now = new Date() }: ChangeContext,
): Promise<ChangeResult> {
  return changePost(
    db,
    input.id,
    async (tx, { live, row: existing, trashed }) => {
      if (!live && !existing) return { status: "missing" } as const;
      if (existing && trashed)
        return {
          status: "done",
          post: describe(null, existing, trashed.deletedAt),
        } as const;
      const row = await studioCopy(tx, { live, row: existing }, now);
      if (!row) return { status: "missing" } as const;
      if (live) await tx.delete(posts).where(eq(posts.id, input.id));
      const unscheduled = await changeRow(
        tx,
        row.postId,
        { scheduledAt: null },
        { action: "delete", actor },
      );
      await putInTrash(tx, {
        kind: "post",
        itemId: row.postId,
        title: unscheduled.title,
        // The public row exactly as it was (its created_at too).
        saved: live ? savedRow(live) : null,
        now,
      });
      return {
        status: "done",
        post: describe(null, unscheduled, now),
      } as const;
    },
  );
}

/** Takes a post out of the trash exactly as it went in: same id, same slug, public again if it was. */
export function restorePost(
  db: Database,
  input: { id: string },
  { actor, now = new Date() }: ChangeContext,
): Promise<ChangeResult> {
  return changePost(db, input.id, async (tx, { row, trashed }) => {
    if (!row) return { status: "missing" } as const;
    if (!trashed) return { status: "done", post: describe(null, row) } as const;
    const saved = trashed.saved
      ? (rowFromSaved(trashed.saved) as LivePost)
      : null;
    if (saved && (await slugTaken(tx, saved.slug, row.postId)))
      return { status: "slug-taken", slug: saved.slug } as const;
    await takeOutOfTrash(tx, "post", row.postId);
    if (saved) await tx.insert(posts).values(saved);
    const restored = await changeRow(
      tx,
      row.postId,
      { updatedAt: now },
      { action: "restore", actor },
    );
    const [live] = await tx
      .select()
      .from(posts)
      .where(eq(posts.id, row.postId));
    return { status: "done", post: describe(live ?? null, restored) } as const;
  });
}

/** The purge's rule for posts: their studio rows (the revisions go with them, on delete cascade) and their old addresses. */
export async function purgePosts(
  tx: Transaction,
  ids: string[],
): Promise<void> {
  await tx.delete(studioPosts).where(inArray(studioPosts.postId, ids));
  await tx
    .delete(postSlugRedirects)
    .where(inArray(postSlugRedirects.postId, ids));
}
