// A post's leading image that is only a few kilobytes is sent inside the
// page. On a slow phone connection its own request costs a round trip after
// the HTML, far more than its bytes do inside the document; Vite inlines its small assets by the same
// rule (decision 039). An uploaded photo is larger, and keeps
// its request, announced early in the response's Link header.
import { readFile, stat } from "node:fs/promises";
import path from "node:path";

/** Vite's own limit for inlining an asset (build.assetsInlineLimit). */
export const INLINE_IMAGE_BYTES = 4096;

const TYPES: Readonly<Record<string, string>> = {
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
};

// The site's own files do not change while it runs: each is read once.
const known = new Map<string, Promise<string | null>>();

/**
 * The image at `src` as a data URI, when it is one of the site's public
 * files (public/) of at most INLINE_IMAGE_BYTES; otherwise null, and the
 * page links to it as before.
 */
export function inlineImage(
  src: string | null,
  publicDir: string = path.resolve("public"),
): Promise<string | null> {
  if (!src || !/^\/[\w./-]+$/.test(src) || src.includes("..")) {
    return Promise.resolve(null);
  }
  const file = path.join(publicDir, src);
  const type = TYPES[path.extname(file).toLowerCase()];
  if (!type || !file.startsWith(publicDir + path.sep)) {
    return Promise.resolve(null);
  }
  let found = known.get(file);
  if (!found) {
    found = read(file, type);
    known.set(file, found);
  }
  return found;
}

async function read(file: string, type: string): Promise<string | null> {
  try {
    if ((await stat(file)).size > INLINE_IMAGE_BYTES) return null;
    const bytes = await readFile(file);
    // SVG is text: escaped only where a URI needs it, it compresses with
    // the page far better than base64 would.
    return type === "image/svg+xml"
      ? `data:${type},${bytes
          .toString("utf8")
          .replace(/[\r\n]+/g, " ")
          .replace(/[%#<>"]/g, encodeURIComponent)}`
      : `data:${type};base64,${bytes.toString("base64")}`;
  } catch {
    return null;
  }
}
