// The content archive (docs/decisions/023-content-archive.md): everything the
// public site shows, as one .tar.gz laid out like content/ (posts as Markdown
// with front matter, one YAML file per section table) plus the uploaded
// images in media/ and the studio's unpublished posts in drafts/. The
// studio's "Export everything" and `npm run content:export` write it; the
// studio's import and `npm run db:seed -- FILE` read it back through the same
// validation as content/, and write it in one transaction.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { asc, eq, not } from "drizzle-orm";
import { marked } from "marked";
import { parse as parseYaml, stringify } from "yaml";
import { z } from "zod";

import type { Database } from "~database/client";
import { sectionSchemas } from "~database/content-schemas";
import type {
  draftFrontMatterSchema,
  postFrontMatterSchema,
} from "~database/content-schemas";
import type { SectionTable } from "~database/content-schemas";
import { media, mediaVariants, posts, studioPosts } from "~database/schema";
import { camelCase, sectionTables } from "~database/section-tables";
import { inTrash } from "~database/trash";
import { ContentError, loadContent, writeContent } from "~database/seed";
import type { ImportReport, MediaRecord } from "~database/seed";
import { ArchiveError, readTarGz, writeTarGz } from "~database/tar";
import type { ArchiveFile } from "~database/tar";
import { mediaUrl, parseMediaFile } from "~/lib/media";
import {
  ARCHIVE_MAX_ENTRIES,
  ARCHIVE_MAX_EXPANDED_BYTES,
} from "~/studio/archive";

import { inDisplayOrder } from "./display-order.server";
import { readerTotalsFile } from "./readers.server";
import {
  readSettingsFile,
  settingsFile,
  SETTINGS_FILE,
} from "./settings-archive.server";
import { writeStoredSettings } from "./site-settings.server";

/** Every file of an archive sits in this folder, so unpacking it makes a content/ folder. */
const ROOT = "content/";
const MEDIA_INDEX = "media/media.yaml";

const encoder = new TextEncoder();
const yaml = (value: unknown) => stringify(value, { lineWidth: 0 });

type PostFieldValues = Pick<
  typeof posts.$inferSelect,
  | "title"
  | "excerpt"
  | "image"
  | "date"
  | "category"
  | "author"
  | "meta"
  | "content"
  | "createdAt"
  | "searchTitle"
  | "searchDescription"
  | "socialImage"
  | "canonicalUrl"
>;

/** A post's front matter fields as posts/<slug>.md and drafts/<slug>.md share them. */
function postFrontMatter(
  post: PostFieldValues,
): z.input<typeof postFrontMatterSchema> {
  return {
    title: post.title,
    excerpt: post.excerpt,
    ...(post.image ? { image: post.image } : {}),
    date: post.date,
    category: post.category,
    author: post.author,
    ...(post.meta && typeof post.meta === "object"
      ? { meta: post.meta as Record<string, unknown> }
      : {}),
    created_at: post.createdAt.toISOString(),
    ...(post.searchTitle ? { search_title: post.searchTitle } : {}),
    ...(post.searchDescription
      ? { search_description: post.searchDescription }
      : {}),
    ...(post.socialImage ? { social_image: post.socialImage } : {}),
    ...(post.canonicalUrl ? { canonical_url: post.canonicalUrl } : {}),
  };
}

/** Front matter, then the body: the post's HTML. */
function markdownFile(
  file: string,
  front: Record<string, unknown>,
  content: string,
): ArchiveFile {
  // The body is the post's HTML, which Markdown mostly keeps as it is; when
  // it would not (a blank line inside a code block), the front matter says
  // the body is HTML, so the import gives back exactly this.
  const markdownSafe = marked.parse(content, { async: false }) === content;
  const text = `---\n${yaml(markdownSafe ? front : { ...front, format: "html" })}---\n${content}`;
  return { path: file, data: encoder.encode(text) };
}

/** A public post as content/posts/<slug>.md: YAML front matter, then its body. */
function postFile(post: typeof posts.$inferSelect): ArchiveFile {
  return markdownFile(
    `posts/${post.slug}.md`,
    postFrontMatter(post),
    post.content,
  );
}

/**
 * What visitors do not see, as content/drafts/<slug>.md: each draft, each
 * scheduled post, and each public post's saved but unpublished changes (with
 * `public_slug` naming the public post). The trash stays out: the archive is
 * what the owner means to keep.
 */
async function draftFiles(db: Database): Promise<ArchiveFile[]> {
  const rows = await db
    .select({ row: studioPosts, liveSlug: posts.slug })
    .from(studioPosts)
    .leftJoin(posts, eq(posts.id, studioPosts.postId))
    .where(not(inTrash("post", studioPosts.postId)))
    .orderBy(asc(studioPosts.slug));
  return rows
    .filter(
      ({ row, liveSlug }) =>
        liveSlug === null ||
        row.publishedVersion !== row.version ||
        row.scheduledAt !== null,
    )
    .map(({ row, liveSlug }) => {
      const front = {
        ...postFrontMatter(row),
        status: row.scheduledAt ? "scheduled" : "draft",
        ...(row.scheduledAt
          ? { publish_at: row.scheduledAt.toISOString() }
          : {}),
        ...(liveSlug === null ? {} : { public_slug: liveSlug }),
      } satisfies z.input<typeof draftFrontMatterSchema>;
      return markdownFile(`drafts/${row.slug}.md`, front, row.content);
    });
}

/** One section table as content/<table>.yaml, in display order, fields as content/ writes them. */
async function sectionFile(
  db: Database,
  table: SectionTable,
): Promise<ArchiveFile> {
  const target = sectionTables[table];
  const rows = (await db
    .select()
    .from(target)
    .orderBy(...inDisplayOrder(target))) as Array<Record<string, unknown>>;
  const keys = Object.keys(sectionSchemas[table].shape);
  const records = rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const key of keys) {
      const value = row[camelCase(key)];
      if (value !== null && value !== undefined) record[key] = value;
    }
    return record;
  });
  return {
    path: `${table}.yaml`,
    data: encoder.encode(records.length ? yaml(records) : "[]\n"),
  };
}

const mediaIndexSchema = z.array(
  z.strictObject({
    hash: z.string().regex(/^[0-9a-f]{20}$/),
    filename: z.string().min(1),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    original_bytes: z.number().int().nonnegative(),
    alt: z.string().default(""),
    source: z.string().startsWith("/").optional(),
    created_at: z
      .union([z.iso.datetime({ offset: true }), z.date()])
      .transform((value) => new Date(value)),
    files: z.array(z.string()).min(1),
  }),
);

/** The uploaded images: each variant as media/<its public file name>, and media/media.yaml describing them. */
async function mediaFiles(db: Database): Promise<ArchiveFile[]> {
  const images = await db.select().from(media).orderBy(asc(media.createdAt));
  const files: ArchiveFile[] = [];
  const index: Array<z.input<typeof mediaIndexSchema>[number]> = [];
  for (const image of images) {
    const variants = await db
      .select()
      .from(mediaVariants)
      .where(eq(mediaVariants.mediaId, image.id))
      .orderBy(asc(mediaVariants.width), asc(mediaVariants.format));
    const names = variants.map((variant) =>
      mediaUrl(
        image.hash,
        variant,
        variant.format as Parameters<typeof mediaUrl>[2],
      ).slice("/media/".length),
    );
    variants.forEach((variant, i) =>
      files.push({ path: `media/${names[i]}`, data: variant.bytes }),
    );
    index.push({
      hash: image.hash,
      filename: image.filename,
      width: image.width,
      height: image.height,
      original_bytes: image.originalBytes,
      alt: image.alt,
      ...(image.source ? { source: image.source } : {}),
      created_at: image.createdAt.toISOString(),
      files: names,
    });
  }
  if (index.length) {
    files.unshift({ path: MEDIA_INDEX, data: encoder.encode(yaml(index)) });
  }
  return files;
}

/** Every file of the archive, as paths inside content/. */
export async function exportContent(db: Database): Promise<ArchiveFile[]> {
  const rows = await db.select().from(posts).orderBy(asc(posts.slug));
  const sections = await Promise.all(
    (Object.keys(sectionSchemas) as SectionTable[]).map((table) =>
      sectionFile(db, table),
    ),
  );
  return [
    ...rows.map(postFile),
    ...(await draftFiles(db)),
    ...sections,
    ...(await mediaFiles(db)),
    ...(await settingsFile(db)),
  ];
}

/** The whole archive, ready to download or write to a file. */
export async function exportArchive(
  db: Database,
  now = new Date(),
): Promise<Buffer> {
  // The readers' daily totals go along (docs/PRIVACY.md); an import leaves them out.
  const files = [...(await exportContent(db)), await readerTotalsFile(db)];
  return await writeTarGz(
    files.map((file) => ({ ...file, path: ROOT + file.path })),
    now,
  );
}

/** The archive's download name: content-2026-11-22.tar.gz. */
export function archiveName(now = new Date()): string {
  return `content-${now.toISOString().slice(0, 10)}.tar.gz`;
}

function readMedia(
  files: Map<string, Uint8Array>,
  problems: string[],
): MediaRecord[] {
  const indexFile = files.get(MEDIA_INDEX);
  if (!indexFile) return [];
  let parsed: unknown;
  try {
    parsed = parseYaml(new TextDecoder().decode(indexFile));
  } catch (error) {
    problems.push(
      `${MEDIA_INDEX}: not valid YAML: ${error instanceof Error ? error.message : String(error)}`,
    );
    return [];
  }
  const index = mediaIndexSchema.safeParse(parsed ?? []);
  if (!index.success) {
    for (const issue of index.error.issues)
      problems.push(
        `${MEDIA_INDEX}: ${issue.path.join(".") || "(list)"}: ${issue.message}`,
      );
    return [];
  }
  const records: MediaRecord[] = [];
  for (const [position, image] of index.data.entries()) {
    const where = `${MEDIA_INDEX} record ${position + 1}`;
    const variants: MediaRecord["variants"] = [];
    for (const name of image.files) {
      const file = parseMediaFile(name);
      const bytes = files.get(`media/${name}`);
      if (!file || file.hash !== image.hash) {
        problems.push(`${where}: files: "${name}" is not a file of this image`);
      } else if (!bytes) {
        problems.push(`${where}: files: media/${name} is not in the archive`);
      } else {
        variants.push({
          width: file.width,
          height: file.height,
          format: file.format,
          bytes,
        });
      }
    }
    records.push({
      values: {
        hash: image.hash,
        filename: image.filename,
        width: image.width,
        height: image.height,
        originalBytes: image.original_bytes,
        alt: image.alt,
        source: image.source ?? null,
        createdAt: image.created_at,
      },
      variants,
    });
  }
  return records;
}

/** An archive's files, read as a stream within the studio's limits (an ArchiveError names what is wrong). */
export function readArchive(
  archive: Uint8Array | ReadableStream<Uint8Array>,
): Promise<ArchiveFile[]> {
  return readTarGz(archive, {
    maxBytes: ARCHIVE_MAX_EXPANDED_BYTES,
    maxEntries: ARCHIVE_MAX_ENTRIES,
  });
}

/**
 * Validates a whole archive (every post, table and image), then writes it in
 * one transaction; a ContentError names each problem and nothing is written.
 */
export async function importArchive(
  db: Database,
  /** The .tar.gz, whole or as it arrives: it is read as a stream either way. */
  archive: Uint8Array | ReadableStream<Uint8Array>,
  /** Where local post images ("/images/...") must be: the site's public/. */
  publicDir: string = path.resolve("public"),
): Promise<ImportReport> {
  let entries: ArchiveFile[];
  try {
    entries = await readArchive(archive);
  } catch (error) {
    if (error instanceof ArchiveError) throw new ContentError([error.message]);
    throw error;
  }
  if (entries.length === 0)
    throw new ContentError(["The archive holds no files."]);
  const files = new Map<string, Uint8Array>();
  for (const file of entries) {
    const name = file.path.startsWith(ROOT)
      ? file.path.slice(ROOT.length)
      : file.path;
    // "content/posts/a.md" and "posts/a.md" are the same file of the import.
    if (files.has(name))
      throw new ContentError([
        `The archive holds "${name}" twice; an archive names each file once.`,
      ]);
    files.set(name, file.data);
  }
  const problems: string[] = [];
  const images = readMedia(files, problems);
  const settings = readSettingsFile(files.get(SETTINGS_FILE), problems);
  files.delete(SETTINGS_FILE);
  const mediaUrls = new Set(
    images.flatMap(({ values, variants }) =>
      variants.map(
        (variant) =>
          `${mediaUrl(values.hash, variant, variant.format as Parameters<typeof mediaUrl>[2])}`,
      ),
    ),
  );
  // The posts, drafts and tables go through the very reader of content/.
  const dir = await mkdtemp(path.join(tmpdir(), "content-import-"));
  try {
    await mkdir(path.join(dir, "posts"));
    await mkdir(path.join(dir, "drafts"));
    for (const [name, data] of files) {
      const markdown = /^(posts|drafts)\/[^/]+\.md$/.test(name);
      if (markdown || /^[^/]+\.ya?ml$/.test(name))
        await writeFile(path.join(dir, name), data);
    }
    let bundle;
    try {
      bundle = await loadContent(dir, publicDir, mediaUrls);
    } catch (error) {
      if (error instanceof ContentError)
        throw new ContentError([...problems, ...error.problems]);
      throw error;
    }
    if (problems.length) throw new ContentError(problems);
    const report = await writeContent(db, { ...bundle, media: images });
    // Checked above with everything else; written once the content is.
    if (settings) await writeStoredSettings(db, settings);
    return report;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
