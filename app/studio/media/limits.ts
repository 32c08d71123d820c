// What the studio accepts as an upload: shared by the upload screen (which
// refuses early, before sending) and the server (which decides).

/** Largest upload accepted, in bytes. */
export const MEDIA_MAX_BYTES = 20 * 1024 * 1024;
/** Largest image accepted, in pixels: far above any camera, far below a decompression bomb. */
export const MEDIA_MAX_PIXELS = 50_000_000;
/** The request body may carry the form's other fields beside the file. */
export const MEDIA_UPLOAD_BODY_BYTES = MEDIA_MAX_BYTES + 64 * 1024;
/** Where the uploader sends images (a resource route answering JSON). */
export const MEDIA_UPLOAD_PATH = "/studio/media/upload";
/** Paths whose bodies may be an image: the uploader's, and the library's own form (no JavaScript). */
export const MEDIA_UPLOAD_PATHS: ReadonlySet<string> = new Set([
  MEDIA_UPLOAD_PATH,
  "/studio/media",
]);

export const ACCEPTED_IMAGE_TYPES = [
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/avif",
] as const;

export const ACCEPTED_IMAGE_NAMES = "JPEG, PNG, WebP or AVIF";

/** The types a phone may give its own photos (iPhone), which no browser shows. */
export const HEIC_IMAGE_TYPES: ReadonlySet<string> = new Set([
  "image/heic",
  "image/heif",
  "image/heic-sequence",
  "image/heif-sequence",
]);

/** The refusal for a HEIC photo, in the same words in the browser and on the server. */
export function heicMessage(name = "This photo"): string {
  return `${name} is in HEIC, an iPhone's own format, which browsers cannot show. Please send it as a JPEG: on the iPhone, choose Settings › Camera › Formats › Most Compatible, or share the photo by mail or AirDrop choosing JPEG.`;
}

/**
 * The longest side any variant may have: WebP stops at 16,383 pixels and
 * AVIF (HEIF) at 16,384, and every image is served in both.
 */
export const MEDIA_MAX_SIDE = 16_383;

/** Longest alt text kept. */
export const ALT_MAX_LENGTH = 500;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The refusal for a file over the limit, in the same words in the browser and on the server. */
export function tooLargeMessage(bytes: number): string {
  return `This file is ${formatBytes(bytes)}; images up to ${formatBytes(MEDIA_MAX_BYTES)} are accepted.`;
}
