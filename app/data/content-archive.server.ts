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
import { asc } from "drizzle-orm";

import type { Database } from "~database/client";
import { sectionSchemas } from "~database/content-schemas";
import type { SectionTable } from "~database/content-schemas";
import { posts } from "~database/schema";
import { ContentError, loadContent, writeContent } from "~database/seed";
import type { ImportReport } from "~database/seed";
import { ArchiveError, readTarGz, writeTarGz } from "~database/tar";
import type { ArchiveFile } from "~database/tar";
import { mediaUrl } from "~/lib/media";
import { parseEnv } from "~shared/env";
import {
  ARCHIVE_MAX_ENTRIES,
  ARCHIVE_MAX_EXPANDED_BYTES,
} from "~/studio/archive";

import { draftFiles, postFile, sectionFile } from "./archive-files.server";
import {
  FEDIVERSE_FILE,
  fediverseFile,
  readFediverseFile,
  writeFediverseFile,
} from "./fediverse-archive.server";
import { mediaFiles, readMedia } from "./archive-media.server";
import {
  NEWSLETTER_FILE,
  newsletterFile,
  readNewsletterFile,
  writeNewsletterFile,
} from "./newsletter-archive.server";
import { readerTotalsFile } from "./readers.server";
import {
  readSettingsFile,
  settingsFile,
  SETTINGS_FILE,
} from "./settings-archive.server";
import { writeStoredSettings } from "./site-settings.server";

/** Every file of an archive sits in this folder, so unpacking it makes a content/ folder. */
const ROOT = "content/";

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
  /** SITE_URL (the environment's when not given): the social web's file names the host it was made at. */
  siteUrl: string = parseEnv().SITE_URL,
): Promise<Buffer> {
  // The readers' daily totals go along (docs/PRIVACY.md); an import leaves them out.
  const files = [
    ...(await exportContent(db)),
    await readerTotalsFile(db),
    ...(await fediverseFile(db, siteUrl)),
    ...(await newsletterFile(db)),
  ];
  return await writeTarGz(
    files.map((file) => ({ ...file, path: ROOT + file.path })),
    now,
  );
}

/** The archive's download name: content-2026-11-22.tar.gz. */
export function archiveName(now = new Date()): string {
  return `content-${now.toISOString().slice(0, 10)}.tar.gz`;
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
  /** SITE_URL (the environment's when not given): an archive made at another host keeps its followers out, and says so. */
  siteUrl: string = parseEnv().SITE_URL,
): Promise<ImportReport & { notices: string[] }> {
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
  const fediverse = readFediverseFile(files.get(FEDIVERSE_FILE), problems);
  files.delete(FEDIVERSE_FILE);
  const newsletter = readNewsletterFile(files.get(NEWSLETTER_FILE), problems);
  files.delete(NEWSLETTER_FILE);
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
    // Checked above with everything else; written after the content, in
    // its transaction: all of the archive, or nothing.
    let notices: string[] = [];
    const report = await writeContent(
      db,
      { ...bundle, media: images },
      new Date(),
      async (tx) => {
        if (settings) await writeStoredSettings(tx, settings);
        if (fediverse)
          notices = await writeFediverseFile(tx, fediverse, siteUrl);
        // After the posts, whose slugs name the sends.
        if (newsletter) await writeNewsletterFile(tx, newsletter);
      },
    );
    return { ...report, notices };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
