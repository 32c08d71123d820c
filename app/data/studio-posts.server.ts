// The owner's posts as the studio sees them (docs/decisions/017-studio-posts.md).
// `posts` stays "what visitors see"; drafts, working copies, revisions, the
// trash and former slugs live in the studio's own tables. Every change runs
// in one transaction and says what happened in the activity log.
import { isDeepStrictEqual } from "node:util";

import { and, desc, eq, isNotNull, isNull, lte, ne } from "drizzle-orm";

import type { Database } from "~database/client";
import {
  postSlugRedirects,
  posts,
  studioActivity,
  studioPostRevisions,
  studioPosts,
} from "~database/schema";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Executor = Database | Transaction;
type LivePost = typeof posts.$inferSelect;
type StudioRow = typeof studioPosts.$inferSelect;

/** The fields the owner writes; the public row has exactly these. */
export interface PostFields {
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  image: string | null;
  /** yyyy-MM-dd */
  date: string;
  category: string;
  author: string;
  meta: unknown;
}

export const POST_FIELD_NAMES = [
  "title",
  "slug",
  "excerpt",
  "category",
  "author",
  "date",
  "image",
  "content",
  "meta",
] as const satisfies ReadonlyArray<keyof PostFields>;

export type PostState = "published" | "draft" | "scheduled" | "trash";

export interface StudioPost extends PostFields {
  id: string;
  /** The version a save must be based on; 0 for a public post the studio has not saved yet. */
  version: number;
  state: PostState;
  /** Visitors see it now. */
  live: boolean;
  /** The public post's slug while it differs from the working copy's. */
  liveSlug: string | null;
  /** Saved changes visitors do not see yet. */
  unpublishedChanges: boolean;
  scheduledAt: string | null;
  deletedAt: string | null;
  updatedAt: string;
}

/** Days anything in the trash (posts, section rows, messages) stays before it is purged. */
const TRASH_DAYS = 30;

/** The purge's cut-off: what was trashed at or before this moment has been kept TRASH_DAYS. */
export function trashPurgeCutoff(now: Date): Date {
  return new Date(now.getTime() - TRASH_DAYS * 24 * 60 * 60 * 1000);
}
/** Autosaves within this time of the last autosave replace its revision. */
const AUTOSAVE_COALESCE_MS = 10 * 60 * 1000;

function fieldsOf(row: LivePost | StudioRow): PostFields {
  return {
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content,
    image: row.image,
    date: row.date,
    category: row.category,
    author: row.author,
    meta: row.meta ?? null,
  };
}

/** The editor's fields equal what is stored: a resend of what is already saved, or nothing changed. */
export function sameText(
  stored: PostFields | StudioPost,
  fields: PostFields,
): boolean {
  // Deep equality, not JSON text: jsonb gives `meta` back with its keys in
  // its own order.
  return (Object.keys(fields) as Array<keyof PostFields>).every((key) =>
    isDeepStrictEqual(stored[key], fields[key]),
  );
}

function describe(live: LivePost | null, row: StudioRow | null): StudioPost {
  if (row) {
    const state: PostState = row.deletedAt
      ? "trash"
      : live
        ? "published"
        : row.scheduledAt
          ? "scheduled"
          : "draft";
    return {
      ...fieldsOf(row),
      id: row.postId,
      version: row.version,
      state,
      live: live !== null,
      liveSlug: live && live.slug !== row.slug ? live.slug : null,
      unpublishedChanges: live !== null && row.publishedVersion !== row.version,
      scheduledAt: row.scheduledAt?.toISOString() ?? null,
      deletedAt: row.deletedAt?.toISOString() ?? null,
      updatedAt: row.updatedAt.toISOString(),
    };
  }
  if (!live) throw new Error("a post needs a public or a studio row");
  // A post inserted by SQL (or the import): public, never opened in the studio.
  return {
    ...fieldsOf(live),
    id: live.id,
    version: 0,
    state: "published",
    live: true,
    liveSlug: null,
    unpublishedChanges: false,
    scheduledAt: null,
    deletedAt: null,
    updatedAt: live.createdAt.toISOString(),
  };
}

export interface PostListFilter {
  query?: string;
  category?: string;
  state?: PostState;
}

/** Every post the owner has: public ones (however they got there), drafts, scheduled, trash. */
export async function listStudioPosts(
  db: Database,
  filter: PostListFilter = {},
): Promise<StudioPost[]> {
  const rows = await db
    .select()
    .from(posts)
    .fullJoin(studioPosts, eq(posts.id, studioPosts.postId));
  const query = filter.query?.trim().toLowerCase();
  return rows
    .map((row) => describe(row.posts, row.studio_posts))
    .filter(
      (post) =>
        (!query || post.title.toLowerCase().includes(query)) &&
        (!filter.category || post.category === filter.category) &&
        (!filter.state || post.state === filter.state),
    )
    .sort(
      (a, b) =>
        b.date.localeCompare(a.date) || b.updatedAt.localeCompare(a.updatedAt),
    );
}

async function readRows(executor: Executor, id: string, lock: boolean) {
  const liveQuery = executor.select().from(posts).where(eq(posts.id, id));
  const studioQuery = executor
    .select()
    .from(studioPosts)
    .where(eq(studioPosts.postId, id));
  const [live] = lock ? await liveQuery.for("update") : await liveQuery;
  const [row] = lock ? await studioQuery.for("update") : await studioQuery;
  return { live: live ?? null, row: row ?? null };
}

/** One post for the editor; null when there is none. */
export async function readStudioPost(
  db: Database,
  id: string,
): Promise<StudioPost | null> {
  const { live, row } = await readRows(db, id, false);
  return live || row ? describe(live, row) : null;
}

export interface ActivityEntry {
  id: string;
  action: string;
  subjectType: string;
  subjectId: string;
  summary: string;
  actor: string;
  createdAt: string;
}

/** Records one thing done in the studio, in the caller's transaction. */
export async function recordActivity(
  executor: Executor,
  entry: Omit<ActivityEntry, "id" | "createdAt">,
) {
  await executor.insert(studioActivity).values(entry);
}

/** The latest things done in the studio, newest first. */
export async function listActivity(
  db: Database,
  limit = 20,
): Promise<ActivityEntry[]> {
  const rows = await db
    .select()
    .from(studioActivity)
    .orderBy(desc(studioActivity.createdAt))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * Changes a post's studio row in the caller's transaction, keeps a revision
 * of the result when asked, and says what happened in the activity log
 * (nothing for a null action: autosaves are not news).
 */
async function changeRow(
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

async function slugTaken(
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
 * `slug`, or the next free address after it (`slug-2`, `slug-3`, ...): a
 * draft whose title another post's address already has takes the next one
 * rather than being refused (the owner can still change it).
 */
async function freeSlug(
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

/** The studio row of a public post the studio has not touched yet: a copy of it, published as version 1. */
async function adoptLivePost(
  executor: Executor,
  live: LivePost,
  now: Date,
): Promise<StudioRow> {
  const [row] = await executor
    .insert(studioPosts)
    .values({
      ...fieldsOf(live),
      postId: live.id,
      version: 1,
      publishedVersion: 1,
      createdAt: live.createdAt,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error("could not adopt the public post");
  await keepRevision(executor, row, "publish", now);
  return row;
}

export type ChangeResult =
  | { status: "done"; post: StudioPost }
  | { status: "missing" }
  | { status: "conflict"; current: StudioPost }
  | { status: "slug-taken"; slug: string }
  | { status: "refused"; message: string };

interface ChangeContext {
  actor: string;
  now?: Date;
}

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return (
    (error as { code?: string }).code === "23505" || cause?.code === "23505"
  );
}

/** A new draft, at its slug or the next free one. */
export async function createDraft(
  db: Database,
  fields: PostFields,
  { actor, now = new Date() }: ChangeContext,
): Promise<ChangeResult> {
  try {
    return await db.transaction(async (tx) => {
      const slug = await freeSlug(
        tx,
        fields.slug,
        "00000000-0000-0000-0000-000000000000",
      );
      const [row] = await tx
        .insert(studioPosts)
        .values({ ...fields, slug, createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new Error("insert returned nothing");
      await keepRevision(tx, row, "create", now);
      await recordActivity(tx, {
        action: "create",
        subjectType: "post",
        subjectId: row.postId,
        summary: row.title,
        actor,
      });
      return { status: "done", post: describe(null, row) } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      return { status: "slug-taken", slug: fields.slug };
    throw error;
  }
}

/**
 * Saves the working copy. `baseVersion` is the version the owner's edits
 * started from: if anyone saved since, nothing is written and the current
 * version comes back for the conflict screen.
 */
export async function savePost(
  db: Database,
  input: {
    id: string;
    baseVersion: number;
    fields: PostFields;
    kind: "save" | "autosave" | "restore";
  },
  { actor, now = new Date() }: ChangeContext,
): Promise<ChangeResult> {
  try {
    return await db.transaction(async (tx) => {
      const { live, row: existing } = await readRows(tx, input.id, true);
      if (!live && !existing) return { status: "missing" } as const;
      if (existing?.deletedAt)
        return {
          status: "refused",
          message: "This post is in the trash. Restore it to edit it.",
        } as const;
      const currentVersion = existing?.version ?? 0;
      if (currentVersion !== input.baseVersion) {
        // A save resent after its first attempt committed (its answer lost)
        // finds its own text: nothing to write, and nothing in conflict.
        if (existing && sameText(fieldsOf(existing), input.fields))
          return { status: "done", post: describe(live, existing) } as const;
        return {
          status: "conflict",
          current: describe(live, existing),
        } as const;
      }
      // A post visitors know keeps its address or gets the one asked for;
      // a draft takes the next free one.
      let slug = input.fields.slug;
      if (live) {
        if (await slugTaken(tx, slug, input.id))
          return { status: "slug-taken", slug } as const;
      } else {
        slug = await freeSlug(tx, slug, input.id);
      }
      const row =
        existing ?? (live ? await adoptLivePost(tx, live, now) : null);
      if (!row) return { status: "missing" } as const;
      const saved = await changeRow(
        tx,
        input.id,
        { ...input.fields, slug, version: row.version + 1, updatedAt: now },
        {
          action:
            input.kind === "autosave"
              ? null
              : input.kind === "restore"
                ? "revert"
                : "save",
          actor,
          revision: { kind: input.kind, now },
        },
      );
      return { status: "done", post: describe(live, saved) } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      return { status: "slug-taken", slug: input.fields.slug };
    throw error;
  }
}

/**
 * In a publish's or schedule's own transaction: the locked row with the
 * editor's text saved on it first (when it differs), so the text and the
 * publish commit together; a crash between them cannot leave the editor
 * holding a version the server has moved past. Text equal to the stored
 * text is no conflict whatever version it was based on: it is a resend of a
 * request that committed, or a publish of what is already saved.
 */
async function withText(
  tx: Transaction,
  live: LivePost | null,
  existing: StudioRow | null,
  input: { id: string; baseVersion: number; fields?: PostFields | undefined },
  { actor, now, verb }: { actor: string; now: Date; verb: string },
): Promise<{ row: StudioRow } | ChangeResult> {
  if (!live && !existing) return { status: "missing" };
  if (existing?.deletedAt)
    return {
      status: "refused",
      message: `This post is in the trash. Restore it to ${verb} it.`,
    };
  const stored = existing ?? live;
  const unchanged =
    existing !== null &&
    input.fields !== undefined &&
    sameText(fieldsOf(existing), input.fields);
  if (!unchanged && (existing?.version ?? 0) !== input.baseVersion)
    return { status: "conflict", current: describe(live, existing) };
  const slug = input.fields?.slug ?? stored?.slug ?? "";
  if (await slugTaken(tx, slug, input.id))
    return { status: "slug-taken", slug };
  const row = existing ?? (live ? await adoptLivePost(tx, live, now) : null);
  if (!row) return { status: "missing" };
  if (!input.fields || unchanged || sameText(fieldsOf(row), input.fields))
    return { row };
  const saved = await changeRow(
    tx,
    input.id,
    { ...input.fields, version: row.version + 1, updatedAt: now },
    { action: "save", actor, revision: { kind: "save", now } },
  );
  return { row: saved };
}

/** Copies the locked working copy to the public table (same id), keeping the old slug as a redirect. */
async function publishRow(
  tx: Transaction,
  live: LivePost | null,
  row: StudioRow,
  { actor, now }: { actor: string; now: Date },
): Promise<StudioRow> {
  const fields = fieldsOf(row);
  if (live) {
    await tx.update(posts).set(fields).where(eq(posts.id, row.postId));
    if (live.slug !== row.slug) {
      await tx
        .insert(postSlugRedirects)
        .values({ oldSlug: live.slug, postId: row.postId })
        .onConflictDoUpdate({
          target: postSlugRedirects.oldSlug,
          set: { postId: row.postId, createdAt: now },
        });
    }
  } else {
    await tx
      .insert(posts)
      .values({ ...fields, id: row.postId, createdAt: now });
  }
  // A slug in use again belongs to its post, not to a redirect.
  await tx
    .delete(postSlugRedirects)
    .where(eq(postSlugRedirects.oldSlug, row.slug));
  return changeRow(
    tx,
    row.postId,
    { publishedVersion: row.version, scheduledAt: null, updatedAt: now },
    {
      action: live ? "update" : "publish",
      actor,
      revision: { kind: "publish", now },
    },
  );
}

/** Publishes the working copy (or updates the public post with it), with the editor's text when it brings it. */
export async function publishPost(
  db: Database,
  input: { id: string; baseVersion: number; fields?: PostFields },
  { actor, now = new Date() }: ChangeContext,
): Promise<ChangeResult> {
  try {
    const result = await db.transaction(async (tx) => {
      const { live, row: existing } = await readRows(tx, input.id, true);
      if (!existing && live && !input.fields)
        return { status: "done", post: describe(live, null) } as const;
      const ready = await withText(tx, live, existing, input, {
        actor,
        now,
        verb: "publish",
      });
      if (!("row" in ready)) return ready;
      const { row } = ready;
      // Already public as it is (a resent publish): nothing more to write.
      if (live && row.publishedVersion === row.version && !row.scheduledAt)
        return { status: "done", post: describe(live, row) } as const;
      const published = await publishRow(tx, live, row, { actor, now });
      const [nowLive] = await tx
        .select()
        .from(posts)
        .where(eq(posts.id, row.postId));
      return {
        status: "done",
        post: describe(nowLive ?? null, published),
      } as const;
    });
    return result;
  } catch (error) {
    if (isUniqueViolation(error)) {
      const post = await readStudioPost(db, input.id);
      return {
        status: "slug-taken",
        slug: input.fields?.slug ?? post?.slug ?? "",
      };
    }
    throw error;
  }
}

/** Takes a post off the public site; its working copy stays as a draft. */
export async function unpublishPost(
  db: Database,
  input: { id: string },
  { actor, now = new Date() }: ChangeContext,
): Promise<ChangeResult> {
  const result = await db.transaction(async (tx) => {
    const { live, row: existing } = await readRows(tx, input.id, true);
    if (!live) {
      return existing
        ? ({ status: "done", post: describe(null, existing) } as const)
        : ({ status: "missing" } as const);
    }
    const row = existing ?? (await adoptLivePost(tx, live, now));
    await tx.delete(posts).where(eq(posts.id, input.id));
    const draft = await changeRow(
      tx,
      row.postId,
      { publishedVersion: null, scheduledAt: null, updatedAt: now },
      { action: "unpublish", actor },
    );
    return { status: "done", post: describe(null, draft) } as const;
  });
  return result;
}

/** Publishes the working copy at `at` (null: cancels the schedule), with the editor's text when it brings it. */
export async function schedulePost(
  db: Database,
  input: {
    id: string;
    baseVersion: number;
    at: Date | null;
    fields?: PostFields;
  },
  { actor, now = new Date() }: ChangeContext,
): Promise<ChangeResult> {
  if (input.at && input.at.getTime() <= now.getTime())
    return {
      status: "refused",
      message: "Choose a time in the future to schedule the post.",
    };
  try {
    return await db.transaction(async (tx) => {
      const { live, row: existing } = await readRows(tx, input.id, true);
      const ready = await withText(tx, live, existing, input, {
        actor,
        now,
        verb: "schedule",
      });
      if (!("row" in ready)) return ready;
      const { row } = ready;
      // A resent schedule finds it set: nothing more to write.
      if (row.scheduledAt?.getTime() === input.at?.getTime())
        return { status: "done", post: describe(live, row) } as const;
      const scheduled = await changeRow(
        tx,
        row.postId,
        { scheduledAt: input.at, updatedAt: now },
        { action: input.at ? "schedule" : "unschedule", actor },
      );
      return { status: "done", post: describe(live, scheduled) } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      return { status: "slug-taken", slug: input.fields?.slug ?? "" };
    throw error;
  }
}

/**
 * Publishes every post whose time has come, exactly once however many
 * instances run this at the same moment: each due row is claimed with
 * FOR UPDATE SKIP LOCKED and its schedule cleared in the same transaction.
 */
export async function publishDuePosts(
  db: Database,
  now: Date,
  limit = 20,
): Promise<string[]> {
  const published = await db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(studioPosts)
      .where(
        and(
          isNotNull(studioPosts.scheduledAt),
          lte(studioPosts.scheduledAt, now),
          isNull(studioPosts.deletedAt),
        ),
      )
      .orderBy(studioPosts.scheduledAt)
      .limit(limit)
      .for("update", { skipLocked: true });
    const ids: string[] = [];
    for (const row of due) {
      const [live] = await tx
        .select()
        .from(posts)
        .where(eq(posts.id, row.postId))
        .for("update");
      if (await slugTaken(tx, row.slug, row.postId)) {
        // Nobody is watching: keep the draft, drop the schedule, say why.
        await changeRow(
          tx,
          row.postId,
          { scheduledAt: null },
          {
            action: "schedule-failed",
            actor: "Scheduler",
            summary: `${row.title} (the address /post/${row.slug} is taken)`,
          },
        );
        continue;
      }
      await publishRow(tx, live ?? null, row, { actor: "Scheduler", now });
      ids.push(row.postId);
    }
    return ids;
  });
  return published;
}

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

export interface PostRevision {
  id: string;
  version: number;
  kind: string;
  createdAt: string;
  fields: PostFields;
}

/** A post's revisions, newest first. */
export async function listRevisions(
  db: Database,
  id: string,
): Promise<PostRevision[]> {
  const rows = await db
    .select()
    .from(studioPostRevisions)
    .where(eq(studioPostRevisions.postId, id))
    .orderBy(
      desc(studioPostRevisions.createdAt),
      desc(studioPostRevisions.version),
    );
  return rows.map((row) => ({
    id: row.id,
    version: row.version,
    kind: row.kind,
    createdAt: row.createdAt.toISOString(),
    fields: row.snapshot as PostFields,
  }));
}

/** Makes an old revision the working copy again, as a new revision. */
export async function restoreRevision(
  db: Database,
  input: { id: string; revisionId: string; baseVersion: number },
  context: ChangeContext,
): Promise<ChangeResult> {
  const [revision] = await db
    .select()
    .from(studioPostRevisions)
    .where(
      and(
        eq(studioPostRevisions.id, input.revisionId),
        eq(studioPostRevisions.postId, input.id),
      ),
    );
  if (!revision) return { status: "missing" };
  return savePost(
    db,
    {
      id: input.id,
      baseVersion: input.baseVersion,
      fields: revision.snapshot as PostFields,
      kind: "restore",
    },
    context,
  );
}

/** The current address of a post that used to live at `slug`, if it is public. */
export async function findMovedPostSlug(
  db: Database,
  slug: string,
): Promise<string | null> {
  const [row] = await db
    .select({ slug: posts.slug })
    .from(postSlugRedirects)
    .innerJoin(posts, eq(posts.id, postSlugRedirects.postId))
    .where(eq(postSlugRedirects.oldSlug, slug))
    .limit(1);
  return row && row.slug !== slug ? row.slug : null;
}

/** The categories in use, for the list's filter and the editor's suggestions. */
export async function listCategories(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ category: posts.category })
    .from(posts)
    .union(
      db.selectDistinct({ category: studioPosts.category }).from(studioPosts),
    );
  return rows.map((row) => row.category).sort((a, b) => a.localeCompare(b));
}
