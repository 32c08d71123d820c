// What a content import (database/seed.ts) does to posts, in the import's
// one transaction: public posts upserted by address, the studio's working
// copies written as new versions, and the studio copy of every public post
// the import replaced brought in line with it. The import validates; the
// versions are decided here, by the same rules as the studio's own changes.
import { eq, isNull, sql } from "drizzle-orm";

import type { Transaction } from "~database/client";
import { posts, studioPosts } from "~database/schema";
import { inTrash, takeOutOfTrash } from "~database/trash";

import { POST_FIELD_NAMES, POST_FIELDS } from "./fields";
import { fieldsOf, sameText } from "./model";
import type { LivePost, PostFields, StudioRow } from "./model";
import { changeRow, claimAddress, insertRow, slugTaken } from "./rows";

/**
 * What an import writes over a public post at its address: every field but
 * the address, an optional one left out of its file set to SQL null (not a
 * JSON null).
 */
function upsertSet(post: typeof posts.$inferInsert) {
  const set: Record<string, unknown> = {};
  for (const name of POST_FIELD_NAMES) {
    if (name === "slug") continue;
    set[name] = POST_FIELDS[name].optional
      ? (post[name] ?? sql`null`)
      : post[name];
  }
  return set as Partial<typeof posts.$inferInsert>;
}

/** The revisions an import keeps: no activity entry (an import is not the owner's edit). */
const IMPORT = { action: null, actor: "Import" } as const;

/**
 * Upserts public posts by slug. A post the studio holds unpublished (a
 * draft, or in the trash) at an address the import publishes is that post:
 * it is published again under its own id rather than listed twice. Each
 * address the import publishes is its post's, as a publish makes it.
 */
export async function importPublicPosts(
  tx: Transaction,
  records: ReadonlyArray<typeof posts.$inferInsert>,
): Promise<Array<{ id: string; slug: string }>> {
  const unpublished = new Map(
    (
      await tx
        .select({ id: studioPosts.postId, slug: studioPosts.slug })
        .from(studioPosts)
        .leftJoin(posts, eq(posts.id, studioPosts.postId))
        .where(isNull(posts.id))
    ).map((row) => [row.slug, row.id]),
  );
  const written: Array<{ id: string; slug: string }> = [];
  for (const post of records) {
    const id = unpublished.get(post.slug);
    const [row] = await tx
      .insert(posts)
      .values(id ? { ...post, id } : post)
      .onConflictDoUpdate({
        target: posts.slug,
        set: {
          ...upsertSet(post),
          ...(post.createdAt ? { createdAt: post.createdAt } : {}),
        },
      })
      .returning({ id: posts.id });
    if (!row) throw new Error("the post upsert returned nothing");
    await claimAddress(tx, post.slug);
    written.push({ id: row.id, slug: post.slug });
  }
  return written;
}

/**
 * Writes an imported working copy: over `existing` (the studio's row at its
 * slug, or the public post's), or as a new row (the public post's own id
 * when it is one's unpublished changes). Always a new version with an
 * "import" revision, so an editor open on the old version gets the conflict
 * screen rather than overwriting it; out of the trash, scheduled as asked.
 * Returns the post's id.
 */
export async function importWorkingCopy(
  tx: Transaction,
  input: {
    live: LivePost | null;
    existing: StudioRow | null;
    fields: PostFields & { createdAt?: Date };
    scheduledAt: Date | null;
    now: Date;
  },
): Promise<string> {
  const { live, existing, fields, now } = input;
  // The studio shows "unpublished changes" while the version differs from
  // the published one; an import only knows whether the texts differ.
  const same = live !== null && sameText(fieldsOf(live), fieldsOf(fields));
  const version = existing ? existing.version + 1 : live && !same ? 2 : 1;
  const values = {
    ...fields,
    version,
    publishedVersion: live ? (same ? version : version - 1) : null,
    scheduledAt: input.scheduledAt,
    updatedAt: now,
  };
  const revision = { kind: "import", now };
  const row = existing
    ? await changeRow(tx, existing.postId, values, { ...IMPORT, revision })
    : await insertRow(
        tx,
        { ...values, ...(live ? { postId: live.id } : {}) },
        revision,
      );
  // The imported post replaces one the studio had in the trash.
  await takeOutOfTrash(tx, "post", row.postId);
  return row.postId;
}

/**
 * The studio's copy of each public post the import replaced (`ids`, except
 * those it also brought a working copy for) becomes that post again, with
 * nothing unpublished, no schedule and out of the trash: otherwise the
 * studio would list its old text (or the post as trashed), and its next
 * "Update" would undo the import. Returns the posts that could not follow
 * because another studio post holds their address.
 */
export async function followImportedPosts(
  tx: Transaction,
  ids: ReadonlySet<string>,
  skip: ReadonlySet<string>,
  now: Date,
): Promise<Array<{ id: string; slug: string }>> {
  const taken: Array<{ id: string; slug: string }> = [];
  const copies = await tx
    .select({
      row: studioPosts,
      live: posts,
      trashed: sql<boolean>`${inTrash("post", studioPosts.postId)}`,
    })
    .from(studioPosts)
    .innerJoin(posts, eq(posts.id, studioPosts.postId));
  for (const { row, live, trashed } of copies) {
    if (!ids.has(row.postId) || skip.has(row.postId)) continue;
    if (
      sameText(fieldsOf(row), fieldsOf(live)) &&
      row.publishedVersion === row.version &&
      !row.scheduledAt &&
      !trashed
    )
      continue;
    if (await slugTaken(tx, live.slug, row.postId)) {
      taken.push({ id: row.postId, slug: live.slug });
      continue;
    }
    const version = row.version + 1;
    await changeRow(
      tx,
      row.postId,
      {
        ...fieldsOf(live),
        version,
        publishedVersion: version,
        scheduledAt: null,
        updatedAt: now,
      },
      { ...IMPORT, revision: { kind: "import", now } },
    );
    await takeOutOfTrash(tx, "post", row.postId);
  }
  return taken;
}
