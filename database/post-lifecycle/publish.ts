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
  addressFor,
  changePost,
  claimAddress,
  changeRow,
  orSlugTaken,
  readRows,
  slugTaken,
  studioCopy,
} from "./rows";
import type { PostRows } from "./rows";

/**
 * What a publish or schedule brings: the version it is based on, the
 * editor's text when it sends it, and whether its address still follows
 * the title (a post never published then takes the next free address
 * rather than being refused one another post has).
 */
interface TextInput {
  id: string;
  baseVersion: number;
  fields?: PostFields | undefined;
  followsTitle?: boolean | undefined;
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
  { live, row: existing, trashed }: PostRows,
  input: TextInput,
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
  const asked = input.fields?.slug ?? stored?.slug ?? "";
  const slug = await addressFor(tx, {
    id: input.id,
    slug: asked,
    followsTitle: input.followsTitle === true,
    live: live !== null,
  });
  if (slug === null) return { status: "slug-taken", slug: asked };
  const row = await studioCopy(tx, { live, row: existing }, now);
  if (!row) return { status: "missing" };
  const fields = input.fields && { ...input.fields, slug };
  if (!fields || unchanged || sameText(fieldsOf(row), fields)) return { row };
  const saved = await changeRow(
    tx,
    input.id,
    { ...fields, version: row.version + 1, updatedAt: now },
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
  await claimAddress(tx, row.slug);
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
  input: TextInput,
  { actor, now = new Date() }: ChangeContext,
): Promise<ChangeResult> {
  return orSlugTaken(
    () =>
      changePost(db, input.id, async (tx, rows) => {
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
      }),
    async () => {
      const { live, row } = await readRows(db, input.id, false);
      return input.fields?.slug ?? row?.slug ?? live?.slug ?? "";
    },
  );
}

/**
 * Takes a post off the public site; its working copy stays as a draft. The
 * version it was asked for is checked under the row lock: a save that
 * committed first makes it a conflict, never an unpublish of unseen text.
 */
export async function unpublishPost(
  db: Database,
  input: { id: string; baseVersion?: number },
  { actor, now = new Date() }: ChangeContext,
): Promise<ChangeResult> {
  return changePost(db, input.id, async (tx, rows) => {
    const { live, row: existing } = rows;
    if (
      (live || existing) &&
      input.baseVersion !== undefined &&
      (existing?.version ?? 0) !== input.baseVersion
    )
      return {
        status: "conflict",
        current: describe(live, existing, rows.trashed?.deletedAt),
      } as const;
    if (!live) {
      return existing
        ? ({
            status: "done",
            post: describe(null, existing, rows.trashed?.deletedAt),
          } as const)
        : ({ status: "missing" } as const);
    }
    const row = await studioCopy(tx, rows, now);
    if (!row) return { status: "missing" } as const;
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

/**
 * Publishes the working copy at `at` (null: cancels the schedule), with the
 * editor's text when it brings it. `alongside` writes what goes with the
 * schedule (the newsletter's wish) in its transaction, resent or not.
 */
export async function schedulePost(
  db: Database,
  input: TextInput & { at: Date | null },
  { actor, now = new Date() }: ChangeContext,
  alongside?: (tx: Transaction, postId: string) => Promise<void>,
): Promise<ChangeResult> {
  if (input.at && input.at.getTime() <= now.getTime())
    return {
      status: "refused",
      message: "Choose a time in the future to schedule the post.",
    };
  return orSlugTaken(
    () =>
      changePost(db, input.id, async (tx, rows) => {
        const { live } = rows;
        const ready = await withText(tx, rows, input, {
          actor,
          now,
          verb: "schedule",
        });
        if (!("row" in ready)) return ready;
        const { row } = ready;
        await alongside?.(tx, row.postId);
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
      }),
    () => input.fields?.slug ?? "",
  );
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
