import sharp from "sharp";
import { describe, expect, test } from "vitest";

import {
  notAnImage,
  photoWithGps,
  pngClaimingSize,
  smallPng,
} from "~tests/support/photos";

import { MEDIA_MAX_BYTES } from "./limits";
import { processUpload, sniffImageType, UploadRefused } from "./process.server";

async function refusal(upload: Uint8Array): Promise<UploadRefused> {
  const error: unknown = await processUpload(upload).then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof UploadRefused)) {
    throw new Error(`expected the upload to be refused, got ${String(error)}`);
  }
  return error;
}

describe("what an upload must be", () => {
  test("a text file renamed .jpg is refused by its bytes", async () => {
    const refused = await refusal(notAnImage);
    expect(refused.status).toBe(415);
    expect(refused.message).toBe(
      "This file is not a JPEG, PNG, WebP or AVIF image (its contents were checked, not its name).",
    );
  });

  test("a JPEG's first bytes followed by garbage is refused as unreadable", async () => {
    const fake = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      notAnImage,
    ]);
    const refused = await refusal(fake);
    expect(refused.status).toBe(415);
    expect(refused.message).toMatch(/could not be read as an image/);
  });

  test("a file over the byte limit is refused before it is read", async () => {
    const huge = Buffer.alloc(MEDIA_MAX_BYTES + 1, 0xff);
    const refused = await refusal(huge);
    expect(refused.status).toBe(413);
    expect(refused.message).toBe(
      "This file is 20.0 MB; images up to 20.0 MB are accepted.",
    );
  });

  test("a decompression bomb (a tiny PNG claiming 30000 × 30000 pixels) is refused", async () => {
    const bomb = pngClaimingSize(30_000, 30_000);
    expect(bomb.length).toBeLessThan(100);
    const refused = await refusal(bomb);
    expect(refused.status).toBe(413);
    expect(refused.message).toBe(
      "This image is 30000 × 30000 pixels (900 megapixels); images up to 50 megapixels are accepted.",
    );
  });

  test("an image too tall for WebP and AVIF at any size is refused with its reason, never a 500", async () => {
    for (const [width, height] of [
      [1, 40_000],
      [1000, 40_000],
    ] as const) {
      const tall = await sharp({
        create: { width, height, channels: 3, background: "#336699" },
      })
        .png()
        .toBuffer();
      const refused = await refusal(tall);
      expect(refused.status).toBe(413);
      expect(refused.message).toContain(
        `This image is ${width.toLocaleString("en-US")} × 40,000 pixels: too tall to show on the web.`,
      );
      expect(refused.message).toContain(
        "Please crop it or split it into several images.",
      );
    }
  });

  test("a HEIC photo is refused with how to send a JPEG", async () => {
    // The first bytes of an iPhone photo: an ISO-BMFF 'ftyp' box of brand heic.
    const heic = new Uint8Array([
      0,
      0,
      0,
      24,
      ...Buffer.from("ftypheic"),
      0,
      0,
      0,
      0,
      ...Buffer.from("mif1heic"),
      ...new Uint8Array(64),
    ]);
    const refused = await refusal(heic);
    expect(refused.status).toBe(415);
    expect(refused.message).toMatch(/HEIC.*Please send it as a JPEG/);
  });

  test("an empty file is refused", async () => {
    expect((await refusal(new Uint8Array())).message).toBe(
      "The file is empty. Please choose an image.",
    );
  });

  test("the four accepted types are recognised by their bytes", async () => {
    const base = sharp({
      create: { width: 8, height: 8, channels: 3, background: "#336699" },
    });
    expect(sniffImageType(await base.clone().jpeg().toBuffer())).toBe("jpeg");
    expect(sniffImageType(await base.clone().png().toBuffer())).toBe("png");
    expect(sniffImageType(await base.clone().webp().toBuffer())).toBe("webp");
    expect(sniffImageType(await base.clone().avif().toBuffer())).toBe("avif");
    expect(sniffImageType(await base.clone().gif().toBuffer())).toBeNull();
    expect(sniffImageType(notAnImage)).toBeNull();
  });
});

describe("the variants of an upload", () => {
  test("a phone photo comes out upright, in three widths and three formats, with no EXIF or GPS left", async () => {
    const photo = await photoWithGps();
    const before = await sharp(photo).metadata();
    expect(before.exif?.toString("latin1")).toContain("TrailCam");
    expect(before.orientation).toBe(6);

    const image = await processUpload(photo);
    expect(image).toMatchObject({ width: 1600, height: 1200 });
    expect(image.hash).toMatch(/^[0-9a-f]{20}$/);
    expect(
      image.variants.map(
        (variant) => `${variant.width}x${variant.height}.${variant.format}`,
      ),
    ).toEqual([
      "480x360.avif",
      "480x360.webp",
      "480x360.jpeg",
      "960x720.avif",
      "960x720.webp",
      "960x720.jpeg",
      "1600x1200.avif",
      "1600x1200.webp",
      "1600x1200.jpeg",
    ]);
    for (const variant of image.variants) {
      const after = await sharp(variant.bytes).metadata();
      expect(after.format).toBe(
        variant.format === "avif" ? "heif" : variant.format,
      );
      expect({ width: after.width, height: after.height }).toEqual({
        width: variant.width,
        height: variant.height,
      });
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.iptc).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      expect(Buffer.from(variant.bytes).includes("TrailCam")).toBe(false);
    }
    // The same bytes always name the same image.
    expect((await processUpload(photo)).hash).toBe(image.hash);
  });

  test("an image narrower than 1600 px is never enlarged; a transparent PNG's JPEG is on white", async () => {
    const image = await processUpload(await smallPng());
    expect(image).toMatchObject({ width: 300, height: 200 });
    expect([
      ...new Set(image.variants.map((variant) => variant.width)),
    ]).toEqual([300]);
    const jpeg = image.variants.find((variant) => variant.format === "jpeg");
    const { data } = await sharp(jpeg?.bytes)
      .raw()
      .toBuffer({ resolveWithObject: true });
    // Half-transparent red over white is pink, not dark red over black.
    expect(data[0]).toBeGreaterThan(200);
    expect(data[1]).toBeGreaterThan(100);
  });
});
