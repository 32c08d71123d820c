// The demo content's pictures in the media library (docs/decisions/034): each
// public file a demo post shows is stored through the processing an upload
// gets, remembering the address the post keeps showing, so the library lists
// it and finds where it is used while the public pages stay as they are.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";

import { asc, isNotNull, like } from "drizzle-orm";
import sharp from "sharp";

import type { Database } from "~database/client";
import { media, posts } from "~database/schema";

import { saveMedia } from "./media.server";
import { processUpload } from "./process.server";

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
    // Uploads are raster images; a drawing is rasterised at its own size first.
    const raster = image.endsWith(".svg")
      ? new Uint8Array(await sharp(bytes).png().toBuffer())
      : new Uint8Array(bytes);
    await saveMedia(db, await processUpload(raster), {
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
