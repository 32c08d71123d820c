// Uploaded images and their public URLs (docs/decisions/022). A URL names the
// image by the hash of its upload and one variant by its size and format:
// /media/<hash>-<width>x<height>.<ext>. Every variant's size follows from
// the largest one, so a post that stores the largest JPEG's URL is enough to
// render a full srcset, in the browser and on the server alike, without a
// database read. Pure and dependency-free: public pages ship it.

/** Variant widths; an image narrower than the largest also gets its own width. */
export const MEDIA_WIDTHS = [480, 960, 1600] as const;
export const MEDIA_MAX_WIDTH = 1600;

export const MEDIA_FORMATS = ["avif", "webp", "jpeg"] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];

export const MEDIA_CONTENT_TYPES: Record<MediaFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
};

const EXTENSIONS: Record<MediaFormat, string> = {
  avif: "avif",
  webp: "webp",
  jpeg: "jpg",
};

export interface MediaSize {
  width: number;
  height: number;
}

/** The largest variant of an upright image: its own size, at most MEDIA_MAX_WIDTH wide. */
export function largestVariantSize(upright: MediaSize): MediaSize {
  const width = Math.min(upright.width, MEDIA_MAX_WIDTH);
  return {
    width,
    height: Math.max(1, Math.round((upright.height * width) / upright.width)),
  };
}

/** Every variant size of an image, smallest first, derived from its largest. */
export function variantSizes(largest: MediaSize): MediaSize[] {
  const widths = [
    ...MEDIA_WIDTHS.filter((width) => width < largest.width),
    largest.width,
  ];
  return widths.map((width) => ({
    width,
    height: Math.max(1, Math.round((largest.height * width) / largest.width)),
  }));
}

/** The public URL of one variant. */
export function mediaUrl(
  hash: string,
  size: MediaSize,
  format: MediaFormat,
): string {
  return `/media/${hash}-${size.width}x${size.height}.${EXTENSIONS[format]}`;
}

export interface MediaFile extends MediaSize {
  hash: string;
  format: MediaFormat;
}

const MEDIA_FILE =
  /^([0-9a-f]{20})-([1-9]\d{0,4})x([1-9]\d{0,4})\.(avif|webp|jpg)$/;

/** Reads a variant's file name ('<hash>-<w>x<h>.<ext>'); null when it is not one. */
export function parseMediaFile(file: string): MediaFile | null {
  const match = MEDIA_FILE.exec(file);
  if (!match) return null;
  const [, hash = "", width, height, extension] = match;
  const format = MEDIA_FORMATS.find(
    (candidate) => EXTENSIONS[candidate] === extension,
  );
  if (!format) return null;
  return { hash, width: Number(width), height: Number(height), format };
}

/** Reads a site-relative media URL ('/media/…'); null for any other address. */
export function parseMediaUrl(url: string): MediaFile | null {
  return url.startsWith("/media/")
    ? parseMediaFile(url.slice("/media/".length))
    : null;
}

export interface ResponsiveImage {
  /** The JPEG of the referenced size: every browser shows it. */
  src: string;
  width: number;
  height: number;
  /** The JPEG candidates, for browsers without AVIF or WebP. */
  srcSet: string;
  /** Better formats first, as `<source>` elements of a `<picture>`. */
  sources: Array<{ type: string; srcSet: string }>;
}

function srcSetFor(hash: string, sizes: MediaSize[], format: MediaFormat) {
  return sizes
    .map((size) => `${mediaUrl(hash, size, format)} ${size.width}w`)
    .join(", ");
}

/**
 * The responsive form of an uploaded image's URL: every variant up to the
 * referenced one, in AVIF, WebP and JPEG. Null for any other address (an
 * image in public/, or on another site), which is shown as it is.
 */
export function responsiveImage(url: string): ResponsiveImage | null {
  const file = parseMediaUrl(url);
  if (!file) return null;
  const sizes = variantSizes(file);
  return {
    src: mediaUrl(file.hash, file, "jpeg"),
    width: file.width,
    height: file.height,
    srcSet: srcSetFor(file.hash, sizes, "jpeg"),
    sources: (["avif", "webp"] as const).map((format) => ({
      type: MEDIA_CONTENT_TYPES[format],
      srcSet: srcSetFor(file.hash, sizes, format),
    })),
  };
}
