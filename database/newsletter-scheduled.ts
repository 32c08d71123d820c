// "Also send to N subscribers" ticked when scheduling a post (decision 060).
// The wish is a row of its own; each scheduler pass queues the send of every
// wished post that is out (published and no longer scheduled), in the same
// transaction that drops the wish, so a kill between the two leaves the wish
// for the next pass and queueSend's unique post id keeps it to one send ever.
// Several instances skip each other's locked wishes.
import { and, eq, isNotNull, isNull } from "drizzle-orm";

import type { Database, Executor } from "./database-types";
import { queueSend } from "./newsletter-sends";
import {
  newsletterScheduledSends,
  newsletterSettings,
  studioPosts,
} from "./schema";

/** Records (or, with `wanted` false, drops) the wish to mail a post once published. */
export async function setScheduledSend(
  db: Executor,
  postId: string,
  wanted: boolean,
): Promise<void> {
  if (wanted)
    await db
      .insert(newsletterScheduledSends)
      .values({ postId })
      .onConflictDoNothing();
  else
    await db
      .delete(newsletterScheduledSends)
      .where(eq(newsletterScheduledSends.postId, postId));
}

/** Whether the owner asked for the post to be mailed when it is published. */
export async function hasScheduledSend(
  db: Database,
  postId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ postId: newsletterScheduledSends.postId })
    .from(newsletterScheduledSends)
    .where(eq(newsletterScheduledSends.postId, postId));
  return row !== undefined;
}

/**
 * Queues the send of each wished post now out, and drops its wish; with the
 * newsletter turned off meanwhile the wish is dropped and nothing is queued.
 * Answers the posts queued.
 */
export async function queueScheduledSends(
  db: Database,
  limit = 20,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const ready = await tx
      .select({ postId: studioPosts.postId, title: studioPosts.title })
      .from(newsletterScheduledSends)
      .innerJoin(
        studioPosts,
        eq(studioPosts.postId, newsletterScheduledSends.postId),
      )
      .where(
        and(
          isNotNull(studioPosts.publishedVersion),
          isNull(studioPosts.scheduledAt),
        ),
      )
      .limit(limit)
      .for("update", { of: newsletterScheduledSends, skipLocked: true });
    if (ready.length === 0) return [];
    const [settings] = await tx
      .select({ enabled: newsletterSettings.enabled })
      .from(newsletterSettings);
    const queued: string[] = [];
    for (const post of ready) {
      if (settings?.enabled) {
        const outcome = await queueSend(tx, post.postId, post.title);
        if (outcome.queued) queued.push(post.postId);
      }
      await setScheduledSend(tx, post.postId, false);
    }
    return queued;
  });
}
