// The photo the media journeys upload, and the post of the "mutable" server
// that shows it (prepare.ts): the post stores the image's URL, which follows
// from the photo's bytes, so the page shows it once a journey has uploaded it.
import { largestVariantSize, mediaUrl } from "~/lib/media";
import { mediaHash } from "~/studio/media/process.server";
import { photoWithGps } from "~tests/support/photos";

export const PHOTO_POST = {
  slug: "photo-check",
  title: "Photo Check",
  alt: "A green test meadow",
} as const;

/** The photo's bytes and the URL a post stores for it (its largest JPEG). */
export async function gpsPhoto(): Promise<{ bytes: Buffer; url: string }> {
  const bytes = await photoWithGps();
  // Upright, the photo is 2000 × 1500 (photoWithGps stores it sideways).
  const size = largestVariantSize({ width: 2000, height: 1500 });
  return { bytes, url: mediaUrl(mediaHash(bytes), size, "jpeg") };
}
