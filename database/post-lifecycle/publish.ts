// Making a post public: publish now, schedule, the scheduler's due posts,
// and unpublish. The editor's text, when a publish brings it, is saved in
// the same transaction as the publish.
import { and, eq, isNotNull, lte, not } from "drizzle-orm";

import type { Database, Transaction } from "~database/client";
import { postSlugRedirects, posts, studioPosts } from "~database/schema";
import { inTrash } from "~database/trash";

import { describe, fieldsOf, sameText } from "./model";
import type {
  ChangeContext,
  ChangeResult,
  LivePost,
  PostFields,
  StudioRow,
} from "./model";
import {
  adoptLivePost,
  changePost,
  changeRow,
  isUniqueViolation,
  readRows,
  slugTaken,
} from "./rows";
import type { PostRows } from "./rows";

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
  { live, row: existing, trashed }: PostRows,
  input: { id: string; baseVersion: number; fields?: PostFields | undefined },
  { actor, now, verb }: { actor: string; now: Date; verb: string },
): Promise<{ row: StudioRow } | ChangeResult> {
  if (!live && !existing) return { status: "missing" };
  if (trashed)
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
    return await changePost(db, input.id, async (tx, rows) => {
      const { live, row: existing } = rows;
      if (!existing && live && !input.fields)
        return { status: "done", post: describe(live, null) } as const;
      const ready = await withText(tx, rows, input, {
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
  } catch (error) {
    if (isUniqueViolation(error)) {
      const { live, row } = await readRows(db, input.id, false);
      return {
        status: "slug-taken",
        slug: input.fields?.slug ?? row?.slug ?? live?.slug ?? "",
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
  return changePost(db, input.id, async (tx, rows) => {
    const { live, row: existing } = rows;
    if (!live) {
      return existing
        ? ({
            status: "done",
            post: describe(null, existing, rows.trashed?.deletedAt),
          } as const)
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
    return await changePost(db, input.id, async (tx, rows) => {
      const { live } = rows;
      const ready = await withText(tx, rows, input, {
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
          not(inTrash("post", studioPosts.postId)),
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
