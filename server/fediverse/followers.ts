// The site's followers and the owner's blocks (fediverse_followers,
// fediverse_blocks).
import { and, count, eq, inArray } from "drizzle-orm";

import type { Database } from "~database/client";
import { fediverseBlocks, fediverseFollowers } from "~database/schema";

export interface Follower {
  actorId: string;
  handle: string | null;
  inbox: string;
  sharedInbox: string | null;
  followId: string | null;
}

/** Adds a follower, or updates where its copies go when it follows again. */
export async function addFollower(db: Database, follower: Follower) {
  await db
    .insert(fediverseFollowers)
    .values(follower)
    .onConflictDoUpdate({
      target: fediverseFollowers.actorId,
      set: {
        handle: follower.handle,
        inbox: follower.inbox,
        sharedInbox: follower.sharedInbox,
        followId: follower.followId,
      },
    });
}

/** Removes a follower; true when there was one. */
export async function removeFollower(
  db: Database,
  actorId: string,
): Promise<boolean> {
  const removed = await db
    .delete(fediverseFollowers)
    .where(eq(fediverseFollowers.actorId, actorId))
    .returning({ actorId: fediverseFollowers.actorId });
  return removed.length > 0;
}

/** Undoes a follow: the follower goes when this was its follow. */
export async function removeFollow(
  db: Database,
  actorId: string,
  followId: string,
): Promise<boolean> {
  const removed = await db
    .delete(fediverseFollowers)
    .where(
      and(
        eq(fediverseFollowers.actorId, actorId),
        eq(fediverseFollowers.followId, followId),
      ),
    )
    .returning({ actorId: fediverseFollowers.actorId });
  return removed.length > 0;
}

/** Removes the followers whose inbox (or shared inbox) is one of these. */
export async function removeFollowersAt(
  db: Database,
  inboxes: readonly string[],
): Promise<number> {
  if (inboxes.length === 0) return 0;
  const byInbox = await db
    .delete(fediverseFollowers)
    .where(inArray(fediverseFollowers.inbox, [...inboxes]))
    .returning({ actorId: fediverseFollowers.actorId });
  const byShared = await db
    .delete(fediverseFollowers)
    .where(inArray(fediverseFollowers.sharedInbox, [...inboxes]))
    .returning({ actorId: fediverseFollowers.actorId });
  return byInbox.length + byShared.length;
}

export async function listFollowers(db: Database): Promise<Follower[]> {
  return db
    .select({
      actorId: fediverseFollowers.actorId,
      handle: fediverseFollowers.handle,
      inbox: fediverseFollowers.inbox,
      sharedInbox: fediverseFollowers.sharedInbox,
      followId: fediverseFollowers.followId,
    })
    .from(fediverseFollowers)
    .orderBy(fediverseFollowers.createdAt);
}

export async function countFollowers(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(fediverseFollowers);
  return row?.n ?? 0;
}

/** Whether the owner blocked this account or its server. */
export async function isBlocked(
  db: Database,
  actorId: string,
): Promise<boolean> {
  let host: string;
  try {
    host = new URL(actorId).hostname.toLowerCase();
  } catch {
    return true;
  }
  const [row] = await db
    .select({ pattern: fediverseBlocks.pattern })
    .from(fediverseBlocks)
    .where(inArray(fediverseBlocks.pattern, [actorId, host]))
    .limit(1);
  return row !== undefined;
}
