// Turns an uploaded file into the variants the site serves: checked by its
// bytes (never its name), refused when too large in bytes or in pixels (a
// small file can decode into gigabytes), turned upright, stripped of every
// metadata block (EXIF with GPS, XMP, IPTC), and encoded at each width in
// AVIF, WebP and JPEG. Runs when the owner uploads, so no public request
// ever waits for sharp.
import { createHash } from "node:crypto";

import sharp from "sharp";
import type { Metadata, OutputInfo, Sharp } from "sharp";

import { largestVariantSize, MEDIA_FORMATS, variantSizes } from "~/lib/media";
import type { MediaFormat, MediaSize } from "~/lib/media";

import {
  ACCEPTED_IMAGE_NAMES,
  heicMessage,
  MEDIA_MAX_BYTES,
  MEDIA_MAX_PIXELS,
  MEDIA_MAX_SIDE,
  tooLargeMessage,
} from "./limits";

/** Changes whenever the encoding below does, so a URL never names two different results. */
export const PIPELINE_VERSION = "1";

export type UploadType = "jpeg" | "png" | "webp" | "avif";

/** A refused upload, with the status and the sentence the owner sees. */
export class UploadRefused extends Error {
  readonly status: 400 | 413 | 415;
  constructor(message: string, status: 400 | 413 | 415) {
    super(message);
    this.name = "UploadRefused";
    this.status = status;
  }
}

const startsWith = (bytes: Uint8Array, offset: number, expected: number[]) =>
  expected.every((value, index) => bytes[offset + index] === value);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

// HEIC photos (an iPhone's own) are ISO-BMFF files with one of these brands.
const HEIC_BRANDS = [
  "heic",
  "heix",
  "hevc",
  "hevx",
  "heim",
  "heis",
  "mif1",
  "msf1",
];

/** Whether the file's first bytes announce a HEIC photo (checked after AVIF, which shares 'mif1'). */
export function isHeic(bytes: Uint8Array): boolean {
  return (
    startsWith(bytes, 4, ascii("ftyp")) &&
    HEIC_BRANDS.some((brand) => startsWith(bytes, 8, ascii(brand)))
  );
}

/** The image type the file's first bytes announce; null for anything else. */
export function sniffImageType(bytes: Uint8Array): UploadType | null {
  if (startsWith(bytes, 0, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, 0, [0x89, ...ascii("PNG\r\n"), 0x1a, 0x0a])) {
    return "png";
  }
  if (
    startsWith(bytes, 0, ascii("RIFF")) &&
    startsWith(bytes, 8, ascii("WEBP"))
  ) {
    return "webp";
  }
  // ISO-BMFF: a 'ftyp' box whose major or compatible brands include AVIF.
  if (startsWith(bytes, 4, ascii("ftyp"))) {
    const boxSize = Math.min(
      ((bytes[0] ?? 0) << 24) |
        ((bytes[1] ?? 0) << 16) |
        ((bytes[2] ?? 0) << 8) |
        (bytes[3] ?? 0),
      bytes.length,
      256,
    );
    for (let offset = 8; offset + 4 <= boxSize; offset += 4) {
      if (offset === 12) continue; // the minor version, not a brand
      if (
        startsWith(bytes, offset, ascii("avif")) ||
        startsWith(bytes, offset, ascii("avis"))
      ) {
        return "avif";
      }
    }
  }
  return null;
}

export interface ProcessedVariant extends MediaSize {
  format: MediaFormat;
  bytes: Uint8Array;
}

export interface ProcessedImage extends MediaSize {
  /** Names the image in its URLs: the same upload always gets the same hash. */
  hash: string;
  variants: ProcessedVariant[];
}

/** The hash of an upload, as its URLs carry it. */
export function mediaHash(upload: Uint8Array): string {
  return createHash("sha256")
    .update(`media-v${PIPELINE_VERSION}\0`)
    .update(upload)
    .digest("hex")
    .slice(0, 20);
}

const notReadable = () =>
  new UploadRefused(
    `This file could not be read as an image; it may be damaged. Please upload a ${ACCEPTED_IMAGE_NAMES} image.`,
    415,
  );

function matchesDecoder(type: UploadType, metadata: Metadata): boolean {
  if (type === "avif") {
    return metadata.format === "heif" && metadata.compression === "av1";
  }
  return metadata.format === type;
}

function encode(image: Sharp, format: MediaFormat): Sharp {
  switch (format) {
    case "avif":
      // Effort 2 keeps an upload to seconds on a small server; the files stay far smaller than JPEG.
      return image.avif({ quality: 55, effort: 2 });
    case "webp":
      return image.webp({ quality: 78 });
    case "jpeg":
      // JPEG has no transparency: a transparent PNG shows on white, as on most pages.
      return image
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 80, mozjpeg: true });
  }
}

/**
 * Checks an upload and produces its variants, or throws UploadRefused with a
 * sentence for the owner. Output never carries the upload's metadata: sharp
 * writes none unless asked, and the orientation is applied to the pixels.
 */
export async function processUpload(
  upload: Uint8Array,
): Promise<ProcessedImage> {
  if (upload.length === 0) {
    throw new UploadRefused("The file is empty. Please choose an image.", 400);
  }
  if (upload.length > MEDIA_MAX_BYTES) {
    throw new UploadRefused(tooLargeMessage(upload.length), 413);
  }
  const type = sniffImageType(upload);
  if (!type && isHeic(upload)) throw new UploadRefused(heicMessage(), 415);
  if (!type) {
    throw new UploadRefused(
      `This file is not a ${ACCEPTED_IMAGE_NAMES} image (its contents were checked, not its name).`,
      415,
    );
  }
  let metadata: Metadata;
  try {
    // Reads the header only: the pixel count is checked before anything is decoded.
    metadata = await sharp(upload, { limitInputPixels: false }).metadata();
  } catch {
    throw notReadable();
  }
  if (!matchesDecoder(type, metadata)) throw notReadable();
  const pixels = metadata.width * metadata.height;
  if (pixels > MEDIA_MAX_PIXELS) {
    throw new UploadRefused(
      `This image is ${metadata.width} × ${metadata.height} pixels (${Math.round(pixels / 1e6)} megapixels); images up to ${MEDIA_MAX_PIXELS / 1e6} megapixels are accepted.`,
      413,
    );
  }

  const largest = largestVariantSize(metadata.autoOrient);
  // Width is bounded by the variants (MEDIA_MAX_WIDTH), height is not: a
  // very tall image would not fit WebP or AVIF at any of its sizes.
  if (largest.height > MEDIA_MAX_SIDE) {
    const { width, height } = metadata.autoOrient;
    const count = (pixels: number) => pixels.toLocaleString("en-US");
    throw new UploadRefused(
      `This image is ${count(width)} × ${count(height)} pixels: too tall to show on the web. At ${count(largest.width)} pixels wide it would be ${count(largest.height)} tall, and the image formats the site serves stop at ${count(MEDIA_MAX_SIDE)}. Please crop it or split it into several images.`,
      413,
    );
  }

  let decoded: { data: Buffer; info: OutputInfo };
  try {
    // Decoded once, upright and at the largest size; every variant starts from these pixels.
    decoded = await sharp(upload, {
      autoOrient: true,
      limitInputPixels: MEDIA_MAX_PIXELS,
      failOn: "error",
    })
      .resize(largest.width, largest.height, { fit: "fill" })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw notReadable();
  }
  const raw = {
    width: decoded.info.width,
    height: decoded.info.height,
    channels: decoded.info.channels,
  };

  const variants: ProcessedVariant[] = [];
  for (const size of variantSizes(largest)) {
    for (const format of MEDIA_FORMATS) {
      const resized = sharp(decoded.data, { raw }).resize(
        size.width,
        size.height,
        {
          fit: "fill",
        },
      );
      const bytes = await encode(resized, format).toBuffer();
      variants.push({ ...size, format, bytes: new Uint8Array(bytes) });
    }
  }
  return { hash: mediaHash(upload), ...largest, variants };
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Processes uploads one at a time per instance: encoding is CPU-bound, and
 * two at once would only take longer each while public requests wait for
 * the same cores.
 */
export function processUploadInTurn(
  upload: Uint8Array,
): Promise<ProcessedImage> {
  const result = queue.then(() => processUpload(upload));
  queue = result.catch(() => undefined);
  return result;
}
