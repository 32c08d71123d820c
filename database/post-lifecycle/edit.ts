// Writing a post: a new draft, a save of the working copy (with the version
// it was based on), and an old revision made current again.
import { and, eq } from "drizzle-orm";

import { recordActivity } from "~database/activity";
import type { Database } from "~database/client";
import { studioPostRevisions } from "~database/schema";

import { describe, fieldsOf, sameText, snapshotFields } from "./model";
import type { ChangeContext, ChangeResult, PostFields } from "./model";
import {
  addressFor,
  changePost,
  changeRow,
  insertRow,
  orSlugTaken,
  studioCopy,
} from "./rows";

/** No post has this id: a new draft's address is checked against every post. */
const NO_POST_YET = "00000000-0000-0000-0000-000000000000";

/**
 * A new draft, at its slug or the next free one; with `followsTitle` false
 * (an address the owner typed, about to be published) a taken one is
 * refused instead, and nothing is stored.
 */
export async function createDraft(
  db: Database,
  fields: PostFields,
  { actor, now = new Date() }: ChangeContext,
  { followsTitle = true }: { followsTitle?: boolean } = {},
): Promise<ChangeResult> {
  return orSlugTaken(
    () =>
      db.transaction(async (tx) => {
        const slug = await addressFor(tx, {
          id: NO_POST_YET,
          slug: fields.slug,
          followsTitle,
          live: false,
        });
        if (slug === null)
          return { status: "slug-taken", slug: fields.slug } as const;
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
      }),
    () => fields.slug,
  );
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
  return orSlugTaken(
    () =>
      changePost(db, input.id, async (tx, rows) => {
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
        const slug = await addressFor(tx, {
          id: input.id,
          slug: input.fields.slug,
          followsTitle: true,
          live: live !== null,
        });
        if (slug === null)
          return { status: "slug-taken", slug: input.fields.slug } as const;
        const row = await studioCopy(tx, rows, now);
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
      }),
    () => input.fields.slug,
  );
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
