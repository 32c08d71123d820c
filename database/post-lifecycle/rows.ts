// The lifecycle's building blocks: reading a post's two rows, free
// addresses, revisions, and the one way a studio row is written (insertRow,
// changeRow), always in the caller's transaction.
import { and, desc, eq, ne } from "drizzle-orm";

import { recordActivity } from "~database/activity";
import type { Database, Executor, Transaction } from "~database/client";
import {
  postSlugRedirects,
  posts,
  studioPostRevisions,
  studioPosts,
} from "~database/schema";
import { trashEntry } from "~database/trash";

import { fieldsOf } from "./model";
import type { LivePost, StudioRow } from "./model";

/** Autosaves within this time of the last autosave replace its revision. */
const AUTOSAVE_COALESCE_MS = 10 * 60 * 1000;

/**
 * A post's public row and studio row, locked for the transaction when asked,
 * and its entry in the trash (a post's trash changes only under the lock of
 * its rows, so the entry read with them stays true for the transaction).
 */
export async function readRows(executor: Executor, id: string, lock: boolean) {
  const liveQuery = executor.select().from(posts).where(eq(posts.id, id));
  const studioQuery = executor
    .select()
    .from(studioPosts)
    .where(eq(studioPosts.postId, id));
  const [live] = lock ? await liveQuery.for("update") : await liveQuery;
  const [row] = lock ? await studioQuery.for("update") : await studioQuery;
  const trashed = row ? await trashEntry(executor, "post", id) : null;
  return { live: live ?? null, row: row ?? null, trashed };
}

export type PostRows = Awaited<ReturnType<typeof readRows>>;

/** One change of a post in its own transaction, its rows read and locked first. */
export function changePost<T>(
  db: Database,
  id: string,
  change: (tx: Transaction, rows: PostRows) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => change(tx, await readRows(tx, id, true)));
}

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return (
    (error as { code?: string }).code === "23505" || cause?.code === "23505"
  );
}

/**
 * Runs a change, answering "slug-taken" (at the address `slug` names) when
 * the database refuses it for a unique address: another transaction took
 * the address between the check and the write.
 */
export async function orSlugTaken<T>(
  change: () => Promise<T>,
  slug: () => string | Promise<string>,
): Promise<T | { status: "slug-taken"; slug: string }> {
  try {
    return await change();
  } catch (error) {
    if (isUniqueViolation(error))
      return { status: "slug-taken", slug: await slug() };
    throw error;
  }
}

/**
 * The studio's copy of a post, made on the first change of a public post
 * the studio has not touched (null: the post does not exist).
 */
export async function studioCopy(
  tx: Transaction,
  { live, row }: Pick<PostRows, "live" | "row">,
  now: Date,
): Promise<StudioRow | null> {
  return row ?? (live ? adoptLivePost(tx, live, now) : null);
}

export async function slugTaken(
  executor: Executor,
  slug: string,
  id: string,
): Promise<boolean> {
  const [publicRow] = await executor
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.slug, slug), ne(posts.id, id)))
    .limit(1);
  if (publicRow) return true;
  const [studioRow] = await executor
    .select({ id: studioPosts.postId })
    .from(studioPosts)
    .where(and(eq(studioPosts.slug, slug), ne(studioPosts.postId, id)))
    .limit(1);
  return studioRow !== undefined;
}

/**
 * A public post now at `slug` owns it: a redirect another post left there
 * when it moved away would otherwise send visitors on once this one goes.
 */
export async function claimAddress(
  executor: Executor,
  slug: string,
): Promise<void> {
  await executor
    .delete(postSlugRedirects)
    .where(eq(postSlugRedirects.oldSlug, slug));
}

/**
 * The address a change may store for post `id`: `slug` when no other post
 * has it; the next free one when `slug` only follows the title of a post
 * visitors do not know yet; null (refused) for an address the owner typed,
 * or a public post's.
 */
export async function addressFor(
  executor: Executor,
  input: { id: string; slug: string; followsTitle: boolean; live: boolean },
): Promise<string | null> {
  if (input.followsTitle && !input.live)
    return freeSlug(executor, input.slug, input.id);
  return (await slugTaken(executor, input.slug, input.id)) ? null : input.slug;
}

/**
 * `slug`, or the next free address after it (`slug-2`, `slug-3`, ...): a
 * draft whose title another post's address already has takes the next one
 * rather than being refused (the owner can still change it).
 */
export async function freeSlug(
  executor: Executor,
  slug: string,
  id: string,
): Promise<string> {
  if (!(await slugTaken(executor, slug, id))) return slug;
  for (let n = 2; ; n += 1) {
    const suffix = `-${n}`;
    // Slugs are at most 80 characters (post-schema.ts).
    const candidate = `${slug.slice(0, 80 - suffix.length).replace(/-+$/, "")}${suffix}`;
    if (!(await slugTaken(executor, candidate, id))) return candidate;
  }
}

async function keepRevision(
  executor: Executor,
  row: StudioRow,
  kind: string,
  now: Date,
) {
  const snapshot = fieldsOf(row);
  if (kind === "autosave") {
    // Autosaves while the owner types would bury the history: the latest
    // autosave revision is replaced while it is recent.
    const [last] = await executor
      .select()
      .from(studioPostRevisions)
      .where(eq(studioPostRevisions.postId, row.postId))
      .orderBy(desc(studioPostRevisions.createdAt))
      .limit(1);
    if (
      last?.kind === "autosave" &&
      now.getTime() - last.createdAt.getTime() < AUTOSAVE_COALESCE_MS
    ) {
      await executor
        .update(studioPostRevisions)
        .set({ version: row.version, snapshot, createdAt: now })
        .where(eq(studioPostRevisions.id, last.id));
      return;
    }
  }
  await executor.insert(studioPostRevisions).values({
    postId: row.postId,
    version: row.version,
    kind,
    snapshot,
    createdAt: now,
  });
}

/** A new studio row with its first revision. */
export async function insertRow(
  tx: Transaction,
  values: typeof studioPosts.$inferInsert,
  revision: { kind: string; now: Date },
): Promise<StudioRow> {
  const [row] = await tx.insert(studioPosts).values(values).returning();
  if (!row) throw new Error("insert returned nothing");
  await keepRevision(tx, row, revision.kind, revision.now);
  return row;
}

/**
 * The studio row of a public post the studio has not touched yet: a copy of
 * it, published as version 1, its revision of `kind` ("publish" when the
 * studio adopts it, "import" when an import does).
 */
export async function adoptLivePost(
  tx: Transaction,
  live: LivePost,
  now: Date,
  kind = "publish",
): Promise<StudioRow> {
  return insertRow(
    tx,
    {
      ...fieldsOf(live),
      postId: live.id,
      version: 1,
      publishedVersion: 1,
      createdAt: live.createdAt,
      updatedAt: now,
    },
    { kind, now },
  );
}

/**
 * Changes a post's studio row in the caller's transaction, keeps a revision
 * of the result when asked, and says what happened in the activity log
 * (nothing for a null action: autosaves and imports are not news).
 */
export async function changeRow(
  tx: Transaction,
  postId: string,
  set: Partial<typeof studioPosts.$inferInsert>,
  log: {
    action: string | null;
    actor: string;
    /** What the log names; the post's title by default. */
    summary?: string;
    revision?: { kind: string; now: Date };
  },
): Promise<StudioRow> {
  const [changed] = await tx
    .update(studioPosts)
    .set(set)
    .where(eq(studioPosts.postId, postId))
    .returning();
  if (!changed) throw new Error("update returned nothing");
  if (log.revision)
    await keepRevision(tx, changed, log.revision.kind, log.revision.now);
  if (log.action) {
    await recordActivity(tx, {
      action: log.action,
      subjectType: "post",
      subjectId: postId,
      summary: log.summary ?? changed.title,
      actor: log.actor,
    });
  }
  return changed;
}
