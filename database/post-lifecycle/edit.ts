// Writing a post: a new draft, a save of the working copy (with the version
// it was based on), and an old revision made current again.
import { and, eq } from "drizzle-orm";

import { recordActivity } from "~database/activity";
import type { Database } from "~database/client";
import { studioPostRevisions } from "~database/schema";

import { describe, fieldsOf, sameText, snapshotFields } from "./model";
import type { ChangeContext, ChangeResult, PostFields } from "./model";
import {
  adoptLivePost,
  changePost,
  changeRow,
  freeSlug,
  insertRow,
  isUniqueViolation,
  slugTaken,
} from "./rows";

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
      const row = await insertRow(
        tx,
        { ...fields, slug, createdAt: now, updatedAt: now },
        { kind: "create", now },
      );
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
    return await changePost(db, input.id, async (tx, rows) => {
      const { live, row: existing } = rows;
      if (!live && !existing) return { status: "missing" } as const;
      if (rows.trashed)
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
      fields: snapshotFields(revision.snapshot),
      kind: "restore",
    },
    context,
  );
}
