import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { expect, test } from "vitest";

import { INLINE_IMAGE_BYTES, inlineImage } from "./inline-image.server";

const publicDir = mkdtempSync(path.join(tmpdir(), "inline-image-"));
const svg =
  '<svg xmlns="http://www.w3.org/2000/svg">\n<rect fill="#0f172a" width="100%"/></svg>';
writeFileSync(path.join(publicDir, "small.svg"), svg);
writeFileSync(
  path.join(publicDir, "small.png"),
  Buffer.from([137, 80, 78, 71]),
);
writeFileSync(
  path.join(publicDir, "large.svg"),
  `<svg>${" ".repeat(INLINE_IMAGE_BYTES)}</svg>`,
);

test("a small image of the site's own comes as a data URI that reads back as the file", async () => {
  const inlined = await inlineImage("/small.svg", publicDir);
  expect(inlined).toMatch(/^data:image\/svg\+xml,/);
  expect(decodeURIComponent(inlined?.split(",").slice(1).join(",") ?? "")).toBe(
    svg.replace("\n", " "),
  );
  // Nothing in it can end an HTML attribute or start a fragment.
  expect(inlined).not.toMatch(/["#<>]/);
  expect(await inlineImage("/small.png", publicDir)).toBe(
    "data:image/png;base64,iVBORw==",
  );
});

test("a larger image, one that is not there, one elsewhere or outside public/ stays a link", async () => {
  expect(await inlineImage("/large.svg", publicDir)).toBeNull();
  expect(await inlineImage("/missing.svg", publicDir)).toBeNull();
  expect(await inlineImage("/media/abc-640x360.avif", publicDir)).toBeNull();
  expect(await inlineImage("https://example.com/a.svg", publicDir)).toBeNull();
  expect(await inlineImage("/../secret.svg", publicDir)).toBeNull();
  expect(await inlineImage("/small.txt", publicDir)).toBeNull();
  expect(await inlineImage(null, publicDir)).toBeNull();
});
