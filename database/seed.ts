// Content import: loads content/ (database/content-load.ts, which validates
// every record) and upserts it all in one transaction, so a bad record
// leaves the database exactly as it was. What happens to posts (versions,
// revisions, the studio's copies) is the post lifecycle's
// (database/post-lifecycle/import.ts); this file checks what only the
// database can reveal and writes media and section rows.
import { and, eq, sql } from "drizzle-orm";

import type { Database, Transaction } from "./client";
import { ContentError, loadContent } from "./content-load";
import type { ContentBundle, DraftRecord } from "./content-load";
import {
  followImportedPosts,
  importPublicPosts,
  importWorkingCopy,
} from "./post-lifecycle/import";
import type { LivePost, StudioRow } from "./post-lifecycle/model";
import * as schema from "./schema";
import { sectionTables } from "./section-tables";

export { ContentError, loadContent } from "./content-load";
export type { ContentBundle, DraftRecord, MediaRecord } from "./content-load";

export interface ImportReport {
  records: number;
  posts: number;
  /** The studio's unpublished posts (an archive's drafts/). */
  drafts: number;
  sections: number;
  /** Uploaded images (an archive's media/). */
  media: number;
}

async function studioRowWhere(
  tx: Transaction,
  where: ReturnType<typeof eq>,
): Promise<StudioRow | null> {
  const [row] = await tx.select().from(schema.studioPosts).where(where);
  return row ?? null;
}

/**
 * Where one draft goes: the studio's row at its slug (a public post's
 * unpublished changes: that post's row), or the problem that only the
 * database reveals (the caller refuses the whole import).
 */
async function placeDraft(
  tx: Transaction,
  draft: DraftRecord,
): Promise<
  { live: LivePost | null; existing: StudioRow | null } | { problem: string }
> {
  const { file, fields } = draft;
  let live: LivePost | null = null;
  if (draft.publicSlug) {
    [live = null] = await tx
      .select()
      .from(schema.posts)
      .where(eq(schema.posts.slug, draft.publicSlug));
    if (!live)
      return {
        problem: `${file}: public_slug: no public post has the address "${draft.publicSlug}"`,
      };
  }
  // Publishing it later would fail on a taken address; say so now.
  const [taken] = await tx
    .select({ id: schema.posts.id })
    .from(schema.posts)
    .where(eq(schema.posts.slug, fields.slug));
  if (taken && taken.id !== live?.id)
    return {
      problem: live
        ? `${file}: slug: "${fields.slug}" is the address of another public post here`
        : `${file}: slug: "${fields.slug}" is the address of a public post here (a public post's unpublished changes name it in public_slug)`,
    };
  const bySlug = await studioRowWhere(
    tx,
    eq(schema.studioPosts.slug, fields.slug),
  );
  const existing = live
    ? await studioRowWhere(tx, eq(schema.studioPosts.postId, live.id))
    : bySlug;
  if (bySlug && bySlug.postId !== existing?.postId)
    return {
      problem: `${file}: slug: "${fields.slug}" is used by another post in the studio`,
    };
  if (!live && existing) {
    const [published] = await tx
      .select({ slug: schema.posts.slug })
      .from(schema.posts)
      .where(eq(schema.posts.id, existing.postId));
    if (published)
      return {
        problem: `${file}: slug: "${fields.slug}" is used in the studio by the unpublished changes of /post/${published.slug}`,
      };
  }
  return { live, existing };
}

/**
 * Upserts a validated bundle in one transaction: media by hash, posts by
 * slug, section rows by table and title, drafts into the studio by slug. A
 * problem only the database reveals (a draft taking a public post's address)
 * throws ContentError and rolls everything back.
 */
export async function writeContent(
  db: Database,
  bundle: ContentBundle,
  now = new Date(),
  /** More of the same import, written last in its transaction (content-archive.server.ts). */
  also?: (tx: Transaction) => Promise<void>,
): Promise<ImportReport> {
  const drafts = bundle.drafts ?? [];
  await db.transaction(async (tx) => {
    // An import is not news: the social web's followers are not sent its
    // posts (drizzle/0022_fediverse.sql).
    await tx.execute(
      sql`select set_config('live_site.fediverse_quiet', 'on', true)`,
    );
    for (const { values, variants } of bundle.media ?? []) {
      // An image is its hash: one already here is the same image.
      const [row] = await tx
        .insert(schema.media)
        .values(values)
        .onConflictDoUpdate({
          target: schema.media.hash,
          set: { filename: values.filename, alt: values.alt },
        })
        .returning({ id: schema.media.id });
      if (!row) throw new Error("the media insert returned nothing");
      for (const variant of variants) {
        await tx
          .insert(schema.mediaVariants)
          .values({ ...variant, mediaId: row.id })
          .onConflictDoNothing();
      }
    }
    const written = new Map(
      (await importPublicPosts(tx, bundle.posts)).map(({ id, slug }) => [
        id,
        `posts/${slug}.md`,
      ]),
    );
    const problems: string[] = [];
    const drafted = new Set<string>();
    for (const draft of drafts) {
      const place = await placeDraft(tx, draft);
      if ("problem" in place) {
        problems.push(place.problem);
        continue;
      }
      drafted.add(
        await importWorkingCopy(tx, {
          ...place,
          fields: draft.fields,
          scheduledAt: draft.scheduledAt,
          now,
        }),
      );
    }
    const taken = await followImportedPosts(
      tx,
      new Set(written.keys()),
      drafted,
      now,
    );
    for (const { id, slug } of taken)
      problems.push(
        `${written.get(id)}: slug: "${slug}" is used by another post in the studio`,
      );
    if (problems.length) throw new ContentError(problems);
    for (const { table, values } of bundle.sections) {
      const target = sectionTables[table];
      const title = String(values.title);
      const updated = await tx
        .update(target)
        .set(values)
        .where(and(eq(target.title, title)))
        .returning({ id: target.id });
      if (updated.length === 0) await tx.insert(target).values(values as never);
    }
    await also?.(tx);
  });
  const media = bundle.media?.length ?? 0;
  return {
    records:
      bundle.posts.length + drafts.length + bundle.sections.length + media,
    posts: bundle.posts.length,
    drafts: drafts.length,
    sections: bundle.sections.length,
    media,
  };
}

export async function importContent(
  db: Database,
  contentDir: string,
  publicDir?: string,
): Promise<ImportReport> {
  return writeContent(db, await loadContent(contentDir, publicDir));
}
