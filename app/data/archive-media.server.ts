// The uploaded images in the content archive: each variant as
// media/<its public file name>, and media/media.yaml describing them, read
// back with every problem named.
import { asc, eq } from "drizzle-orm";
import { parse as parseYaml } from "yaml";
import { z } from "zod";

import type { Database } from "~database/client";
import { media, mediaVariants } from "~database/schema";
import type { MediaRecord } from "~database/seed";
import type { ArchiveFile } from "~database/tar";
import { mediaUrl, parseMediaFile } from "~/lib/media";

import { encoder, yaml } from "./archive-files.server";

const MEDIA_INDEX = "media/media.yaml";

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
export async function mediaFiles(db: Database): Promise<ArchiveFile[]> {
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

/** The images media/media.yaml describes, with their files; each problem is added to `problems`. */
export function readMedia(
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
