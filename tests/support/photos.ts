// Images for tests of uploads (unit tests and journeys): made with sharp, so
// the same call gives the same bytes, and so the same hash, in every process.
import { crc32 } from "node:zlib";

import sharp from "sharp";

/** Where the GPS block of photoWithGps() says it was taken. */
export const PHOTO_GPS = {
  latitude: "47/1 30/1 0/1",
  longitude: "8/1 30/1 0/1",
};

/**
 * A landscape JPEG (2000 × 1500 once upright) carrying EXIF with a camera
 * make and a GPS position, stored sideways with orientation 6 as phones do.
 */
export async function photoWithGps(): Promise<Buffer> {
  return sharp({
    create: {
      width: 1500,
      height: 2000,
      channels: 3,
      background: { r: 46, g: 125, b: 50 },
    },
  })
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: "TrailCam", Model: "Test 1" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: PHOTO_GPS.latitude,
        GPSLongitudeRef: "E",
        GPSLongitude: PHOTO_GPS.longitude,
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A small PNG with transparency. */
export async function smallPng(): Promise<Buffer> {
  return sharp({
    create: {
      width: 300,
      height: 200,
      channels: 4,
      background: { r: 200, g: 30, b: 30, alpha: 0.5 },
    },
  })
    .png()
    .toBuffer();
}

function pngChunk(type: string, body: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const typed = Buffer.concat([Buffer.from(type, "ascii"), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A decompression bomb's header: a PNG of a few dozen bytes that says it is
 * `width` × `height` pixels. Decoding it would need gigabytes.
 */
export function pngClaimingSize(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", Buffer.alloc(0)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A text file, as if renamed to photo.jpg. */
export const notAnImage = Buffer.from(
  "These are trail notes, not a photo.\n".repeat(20),
);
