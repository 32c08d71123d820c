// The media library: storing processed uploads, listing them with where each
// is used, and deleting one only when nothing uses it.
import { desc, eq, inArray, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { z } from "zod";

import type { Database } from "~database/client";
import {
  media,
  mediaVariants,
  posts,
  studioPosts,
  trash,
} from "~database/schema";
import { recordActivity } from "~database/activity";
import { mediaUrl, variantSizes } from "~/lib/media";
import { pageCountOf } from "~/lib/pagination";
import type { MediaSize } from "~/lib/media";

import type { ProcessedImage } from "./process.server";

/** A post that shows an image, in its body or as its image: published, or only in the studio. */
export interface MediaUse {
  title: string;
  /** Where the owner sees it: the public post, or the studio's editor. */
  href: string;
  /** Where it is used when not on the public site: 'draft', 'unpublished changes', 'in the trash'. */
  note?: string;
}

export interface MediaItem extends MediaSize {
  id: string;
  hash: string;
  filename: string;
  alt: string;
  /** The largest JPEG: the URL a post stores. */
  url: string;
  /** A small WebP for the library's grid. */
  thumbnailUrl: string;
  originalBytes: number;
  /** Bytes of every variant together. */
  storedBytes: number;
  createdAt: string;
  usedIn: MediaUse[];
}

export interface StoredMedia extends MediaSize {
  id: string;
  hash: string;
  url: string;
  alt: string;
  /** False when the same image had been uploaded before (same bytes, same hash). */
  created: boolean;
}

/** Stores an upload's variants; the same image uploaded again returns the stored one. */
export async function saveMedia(
  db: Database,
  image: ProcessedImage,
  details: {
    filename: string;
    alt: string;
    originalBytes: number;
    /** Who uploaded it, for the activity log. */
    actor: string;
    /** The public file it was imported from, which posts may show it by (docs/decisions/034). */
    source?: string;
  },
): Promise<StoredMedia> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(media)
      .values({
        hash: image.hash,
        filename: details.filename,
        width: image.width,
        height: image.height,
        originalBytes: details.originalBytes,
        alt: details.alt,
        source: details.source,
      })
      .onConflictDoNothing({ target: media.hash })
      .returning();
    if (inserted) {
      await tx.insert(mediaVariants).values(
        image.variants.map((variant) => ({
          mediaId: inserted.id,
          width: variant.width,
          height: variant.height,
          format: variant.format,
          bytes: variant.bytes,
        })),
      );
      await recordActivity(tx, {
        action: "upload",
        subjectType: "media",
        subjectId: inserted.id,
        summary: details.filename,
        actor: details.actor,
      });
    }
    const row =
      inserted ??
      (await tx.select().from(media).where(eq(media.hash, image.hash)))[0];
    if (!row) throw new Error("the stored image was not found");
    return {
      id: row.id,
      hash: row.hash,
      width: row.width,
      height: row.height,
      url: mediaUrl(row.hash, row, "jpeg"),
      alt: row.alt,
      created: Boolean(inserted),
    };
  });
}

const publishedUseRow = z
  .object({
    media_id: z.string(),
    post_id: z.string(),
    slug: z.string(),
    title: z.string(),
  })
  .transform((row) => ({
    mediaId: row.media_id,
    postId: row.post_id,
    slug: row.slug,
    title: row.title,
  }));

const studioUseRow = z
  .object({
    media_id: z.string(),
    post_id: z.string(),
    title: z.string(),
    trashed: z.boolean(),
    live: z.boolean(),
  })
  .transform((row) => ({
    mediaId: row.media_id,
    postId: row.post_id,
    title: row.title,
    trashed: row.trashed,
    live: row.live,
  }));

async function usesOf(
  db: Pick<Database, "execute">,
  mediaIds: string[],
): Promise<Map<string, MediaUse[]>> {
  const uses = new Map<string, Array<MediaUse & { postId: string }>>();
  const answer = new Map<string, MediaUse[]>();
  if (mediaIds.length === 0) return answer;
  // A post refers to an image by any of its URLs, '/media/<hash>-<size>.<ext>'.
  // The hashes a text references are drawn out of it once and matched to the
  // page's images (a join on strpos would search every body once per image).
  const referenced = (text: SQL) => sql`
    cross join lateral (
      select distinct (regexp_matches(${text}, '/media/([0-9a-f]+)-', 'g'))[1] as hash
    ) ref
    join ${media} on ${media.hash} = ref.hash
    where ${inArray(media.id, mediaIds)}`;
  // Only the public posts that show an upload are searched, through their
  // partial index (posts_media_refs_idx names the same condition word for
  // word); studio rows are few (drafts and working copies).
  // A demo picture is shown by the public address it was imported from
  // (docs/decisions/034); those are few, so each is looked for directly.
  const bySource = (text: SQL) => sql`
    join ${media} on ${media.source} is not null
      and strpos(${text}, ${media.source}) > 0
    where ${inArray(media.id, mediaIds)}`;
  // The body, the hero image and the social image (decision 043) show images.
  const publicText = sql`p.content || ' ' || coalesce(p.image, '') || ' ' || coalesce(p.social_image, '')`;
  // A trashed post's public row waits in the trash (docs/decisions/045).
  const trashedPost = sql`exists (select 1 from ${trash} t where t.kind = 'post' and t.item_id = s.post_id)`;
  const studioText = sql`s.content || ' ' || coalesce(s.image, '') || ' ' || coalesce(s.social_image, '') || ' ' || coalesce((select t.saved::text from ${trash} t where t.kind = 'post' and t.item_id = s.post_id), '')`;
  const [published, studio] = await Promise.all([
    db.execute(sql`
      select ${media.id} as media_id, p.id as post_id, p.slug, p.title
      from ${posts} p
      ${referenced(publicText)}
        and (strpos(p.content, '/media/') > 0 or strpos(coalesce(p.image, ''), '/media/') > 0 or strpos(coalesce(p.social_image, ''), '/media/') > 0)
      union all
      select ${media.id} as media_id, p.id as post_id, p.slug, p.title
      from ${posts} p
      ${bySource(publicText)}
    `),
    // Drafts, working copies and the trash (a trashed post's public row too):
    // deleting an image they show would break them when published or restored.
    db.execute(sql`
      select ${media.id} as media_id, s.post_id, s.title,
        ${trashedPost} as trashed,
        exists (select 1 from ${posts} where ${posts.id} = s.post_id) as live
      from ${studioPosts} s
      ${referenced(studioText)}
        and strpos(${studioText}, '/media/') > 0
      union all
      select ${media.id} as media_id, s.post_id, s.title,
        ${trashedPost} as trashed,
        exists (select 1 from ${posts} where ${posts.id} = s.post_id) as live
      from ${studioPosts} s
      ${bySource(studioText)}
    `),
  ]).then(
    ([publicRows, studioRows]) =>
      [
        z
          .array(publishedUseRow)
          .parse((publicRows as { rows: unknown[] }).rows),
        z.array(studioUseRow).parse((studioRows as { rows: unknown[] }).rows),
      ] as const,
  );
  const add = (mediaId: string, use: MediaUse & { postId: string }) => {
    const list = uses.get(mediaId) ?? [];
    // A published post whose working copy shows the image too is one use.
    if (!list.some((each) => each.postId === use.postId)) list.push(use);
    uses.set(mediaId, list);
  };
  for (const row of published) {
    add(row.mediaId, {
      postId: row.postId,
      title: row.title,
      href: `/post/${row.slug}`,
    });
  }
  for (const row of studio) {
    add(row.mediaId, {
      postId: row.postId,
      title: row.title,
      href: `/studio/posts/${row.postId}`,
      note: row.trashed
        ? "in the trash"
        : row.live
          ? "unpublished changes"
          : "draft",
    });
  }
  for (const [mediaId, list] of uses) {
    answer.set(
      mediaId,
      list
        .sort((x, y) => x.title.localeCompare(y.title))
        .map(({ title, href, note }) =>
          note ? { title, href, note } : { title, href },
        ),
    );
  }
  return answer;
}

/** Uploads a page in the media library (fills 1, 2 or 3 columns). */
export const MEDIA_PAGE_SIZE = 12;

/** Every upload, newest first, with where each is used. */
export async function listMedia(db: Database): Promise<MediaItem[]> {
  return readMediaItems(db);
}

/** One page of the library, newest first, with the library's count. */
export async function listMediaPage(
  db: Database,
  page: number,
  pageSize = MEDIA_PAGE_SIZE,
): Promise<{ items: MediaItem[]; total: number; pageCount: number }> {
  const [items, total] = await Promise.all([
    readMediaItems(db, { limit: pageSize, offset: (page - 1) * pageSize }),
    db.$count(media),
  ]);
  return { items, total, pageCount: pageCountOf(total, pageSize) };
}

async function readMediaItems(
  db: Database,
  window?: { limit: number; offset: number },
): Promise<MediaItem[]> {
  const query = db
    .select()
    .from(media)
    .orderBy(desc(media.createdAt), desc(media.id))
    .$dynamic();
  const rows = await (window
    ? query.limit(window.limit).offset(window.offset)
    : query);
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const [stored, uses] = await Promise.all([
    // The variants' sizes come from their headers: the bytes are not read.
    db
      .select({
        mediaId: mediaVariants.mediaId,
        bytes: sql<number>`sum(octet_length(${mediaVariants.bytes}))::int`,
      })
      .from(mediaVariants)
      .where(inArray(mediaVariants.mediaId, ids))
      .groupBy(mediaVariants.mediaId),
    usesOf(db, ids),
  ]);
  const storedBytes = new Map(stored.map((row) => [row.mediaId, row.bytes]));
  return rows.map((row) => {
    const [smallest = row] = variantSizes(row);
    return {
      id: row.id,
      hash: row.hash,
      filename: row.filename,
      alt: row.alt,
      width: row.width,
      height: row.height,
      url: mediaUrl(row.hash, row, "jpeg"),
      thumbnailUrl: mediaUrl(row.hash, smallest, "webp"),
      originalBytes: row.originalBytes,
      storedBytes: storedBytes.get(row.id) ?? 0,
      createdAt: row.createdAt.toISOString(),
      usedIn: uses.get(row.id) ?? [],
    };
  });
}

/** Changes the alt text offered when the image is placed; false when there is no such image. */
export async function updateMediaAlt(
  db: Database,
  id: string,
  alt: string,
): Promise<boolean> {
  const updated = await db
    .update(media)
    .set({ alt })
    .where(eq(media.id, id))
    .returning({ id: media.id });
  return updated.length > 0;
}

/** An image's name and where it is used; null when there is no such image. */
export async function findMediaUses(
  db: Database,
  id: string,
): Promise<{ filename: string; usedIn: MediaUse[] } | null> {
  const [row] = await db
    .select({ filename: media.filename })
    .from(media)
    .where(eq(media.id, id));
  if (!row) return null;
  return {
    filename: row.filename,
    usedIn: (await usesOf(db, [id])).get(id) ?? [],
  };
}

export type DeleteMediaResult =
  | { status: "deleted"; filename: string }
  | { status: "missing" }
  | { status: "in-use"; filename: string; usedIn: MediaUse[] };

/**
 * Deletes an upload and its variants unless something still shows it. The
 * check and the delete share one transaction, with the image's row locked.
 */
export async function deleteMedia(
  db: Database,
  id: string,
  actor: string,
): Promise<DeleteMediaResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(media)
      .where(eq(media.id, id))
      .for("update");
    if (!row) return { status: "missing" };
    const usedIn = (await usesOf(tx, [id])).get(id);
    if (usedIn?.length) {
      return { status: "in-use", filename: row.filename, usedIn };
    }
    await tx.delete(media).where(eq(media.id, id));
    await recordActivity(tx, {
      action: "delete",
      subjectType: "media",
      subjectId: id,
      summary: row.filename,
      actor,
    });
    return { status: "deleted", filename: row.filename };
  });
}
