// The demo content's pictures in the media library (docs/decisions/034): each
// public file a demo post shows is stored through the processing an upload
// gets, remembering the address the post keeps showing, so the library lists
// it and finds where it is used while the public pages stay as they are.
import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { deserialize, serialize } from "node:v8";

import { asc, isNotNull, like } from "drizzle-orm";
import sharp from "sharp";

import type { Database } from "~database/client";
import { media, posts } from "~database/schema";

import { saveMedia } from "./media.server";
import { PIPELINE_VERSION, processUpload } from "./process.server";
import type { ProcessedImage } from "./process.server";

/** The alt text offered when the owner places a demo picture in a post. */
export function demoPictureAlt(title: string): string {
  return `Illustration for “${title}”`;
}

/**
 * Imports every picture under public/images/ that a post shows and the
 * library does not hold yet; returns how many were imported.
 */
export async function importDemoPictures(
  db: Database,
  publicDir: string,
  { cacheDir = defaultCacheDir() }: { cacheDir?: string } = {},
): Promise<number> {
  const [shown, held] = await Promise.all([
    db
      .select({ image: posts.image, title: posts.title })
      .from(posts)
      .where(like(posts.image, "/images/%"))
      .orderBy(asc(posts.date), asc(posts.slug)),
    db
      .select({ source: media.source })
      .from(media)
      .where(isNotNull(media.source)),
  ]);
  const done = new Set(held.map((row) => row.source));
  let imported = 0;
  for (const { image, title } of shown) {
    if (!image || done.has(image)) continue;
    done.add(image);
    const file = path.join(publicDir, image);
    if (!file.startsWith(publicDir + path.sep) || !existsSync(file)) continue;
    const bytes = await readFile(file);
    await saveMedia(db, await processedDemoPicture(image, bytes, cacheDir), {
      filename: path.basename(image),
      alt: demoPictureAlt(title),
      originalBytes: bytes.length,
      actor: "Demo content",
      source: image,
    });
    imported += 1;
  }
  return imported;
}

/**
 * Where processed demo pictures are kept between new sites on one machine
 * (npm's conventional cache folder, emptied by a clean install).
 */
const defaultCacheDir = () =>
  path.resolve("node_modules", ".cache", "demo-pictures");

/**
 * A demo picture as an upload of it would be stored. Encoding every variant
 * is the bulk of seeding a new site, and the pictures only change with the
 * repository, so the result is kept on disk under a key of the file, the
 * pipeline and the image library: every later new site on the machine (each
 * restore to demo content, each test's server) reads it instead. A cache
 * that cannot be read or written is only slower, never wrong.
 */
async function processedDemoPicture(
  image: string,
  bytes: Buffer,
  cacheDir: string,
): Promise<ProcessedImage> {
  const key = createHash("sha256")
    .update(`v${PIPELINE_VERSION}\0${sharp.versions.vips}\0${image}\0`)
    .update(bytes)
    .digest("hex");
  const cached = path.join(cacheDir, `${key}.v8`);
  try {
    return deserialize(await readFile(cached)) as ProcessedImage;
  } catch {
    // Not kept yet (or unreadable): process it below.
  }
  // Uploads are raster images; a drawing is rasterised at its own size first.
  const raster = image.endsWith(".svg")
    ? new Uint8Array(await sharp(bytes).png().toBuffer())
    : new Uint8Array(bytes);
  const processed = await processUpload(raster);
  try {
    await mkdir(cacheDir, { recursive: true });
    // Written aside and renamed, so a site starting alongside never reads half a file.
    const partial = `${cached}.${randomBytes(6).toString("hex")}`;
    await writeFile(partial, serialize(processed));
    await rename(partial, cached);
  } catch {
    // A read-only install keeps working without the cache.
  }
  return processed;
}
