// The one purge (docs/decisions/045): whatever has been in the trash for
// more than TRASH_DAYS goes, with what its kind keeps outside the trash;
// each kind's rule lives beside the kind.
import { lte } from "drizzle-orm";

import { recordActivity } from "./activity";
import type { Database, Transaction } from "./client";
import { purgeMessages } from "./message-trash";
import { purgePosts } from "./post-lifecycle/trash";
import { trash } from "./schema";
import { trashPurgeCutoff } from "./trash";
import type { TrashKind } from "./trash";

type PurgeRule = (tx: Transaction, ids: string[]) => Promise<void>;

/** What each kind keeps outside the trash, forgotten with it (a section row keeps nothing). */
const purgeRules: Partial<Record<TrashKind, PurgeRule>> = {
  post: purgePosts,
  message: purgeMessages,
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
      await purgeRules[kind as TrashKind]?.(
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
