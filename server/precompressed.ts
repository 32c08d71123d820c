// Serves the .br and .gz siblings the build writes next to static files
// (scripts/lib/precompress.ts), compressed once at the highest levels, in
// place of compressing each response on the fly (docs/decisions/011).
import { readdirSync } from "node:fs";
import type { Dirent } from "node:fs";
import path from "node:path";

import express from "express";
import type { RequestHandler } from "express";

export type Encoding = "br" | "gzip";

/** Brotli first when the client weighs both equally: it is the smaller. */
const preference: ReadonlyArray<Encoding> = ["br", "gzip"];
const extensions: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

export interface PrecompressedOptions {
  /** Cache-Control max-age, as express.static takes it ("1y", "1h" or milliseconds). */
  maxAge: string | number;
  immutable?: boolean;
}

/**
 * For GET and HEAD of a file under `root` that has a precompressed sibling,
 * sends the sibling the client accepts, with the original's Content-Type and
 * the given caching; otherwise passes the request on (to express.static).
 * Siblings are found once, here: the build does not change under a server.
 */
export function precompressed(
  root: string,
  options: PrecompressedOptions,
  files: ReadonlySet<string> = listFiles(root),
): RequestHandler {
  const siblings = findSiblings(files);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let pathname: string;
    try {
      pathname = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const available = siblings.get(pathname);
    if (!available) return next();
    // Whichever representation goes out, a cache must key it on Accept-Encoding.
    res.vary("Accept-Encoding");
    const encoding = acceptedEncoding(req.get("Accept-Encoding"), available);
    if (!encoding) return next();
    // Set before send() would type the file by its .br/.gz name; the compression
    // middleware leaves a response that already has a Content-Encoding alone.
    res.type(path.extname(pathname));
    res.set("Content-Encoding", encoding);
    res.sendFile(
      pathname + extensions[encoding],
      { root, maxAge: options.maxAge, immutable: options.immutable ?? false },
      (error?: Error) => {
        if (!error || res.headersSent) return;
        // Gone since start-up, or a range or precondition the sibling cannot
        // meet: express.static answers for the original as it would without us.
        res.removeHeader("Content-Encoding");
        res.removeHeader("Content-Type");
        next();
      },
    );
  };
}

/**
 * The encoding of `available` the Accept-Encoding header weighs highest (q=0
 * refuses one; `*` stands for any not named), brotli first on a tie, or
 * undefined for the original (identity).
 */
export function acceptedEncoding(
  header: string | undefined,
  available: ReadonlySet<Encoding>,
): Encoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [coding = "", ...parameters] = part
      .split(";")
      .map((piece) => piece.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith("q="));
    weights.set(coding, q === undefined ? 1 : Number(q.slice(2)));
  }
  let best: Encoding | undefined;
  let bestWeight = 0;
  for (const encoding of preference) {
    if (!available.has(encoding)) continue;
    const weight = weights.get(encoding) ?? weights.get("*") ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

/**
 * The build's static files under `root`: each sent compressed when it has a
 * sibling the client accepts, otherwise by `express.static`. Anything else —
 * every page — passes straight on without touching the file system: the
 * build does not change under a server, and a failed lookup per page (a
 * `stat`, then an error object with its stack) cost a page-cache hit about a
 * fifth of its time (docs/decisions/011).
 */
export function staticFiles(
  root: string,
  options: PrecompressedOptions,
): RequestHandler {
  const files = listFiles(root);
  const compressed = precompressed(root, options, files);
  const plain = express.static(root, { ...options, index: false });
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let pathname: string;
    try {
      pathname = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    if (!files.has(pathname)) return next();
    compressed(req, res, (error?: unknown) =>
      error === undefined ? plain(req, res, next) : next(error),
    );
  };
}

/** URL paths (relative to root, decoded) of the files under root. */
function listFiles(root: string): Set<string> {
  let entries: Dirent[];
  try {
    entries = readdirSync(root, { recursive: true, withFileTypes: true });
  } catch {
    // No directory, no files: every request passes on.
    return new Set();
  }
  return new Set(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .map((file) => `/${path.relative(root, file).split(path.sep).join("/")}`),
  );
}

/**
 * URL path (relative to root) → encodings with a sibling, for files that
 * exist under root. (Dot files among them are refused by sendFile, as by
 * express.static.)
 */
function findSiblings(files: ReadonlySet<string>): Map<string, Set<Encoding>> {
  const siblings = new Map<string, Set<Encoding>>();
  for (const file of files) {
    for (const encoding of preference) {
      const extension = extensions[encoding];
      if (!file.endsWith(extension)) continue;
      const original = file.slice(0, -extension.length);
      if (!files.has(original)) continue;
      const found = siblings.get(original) ?? new Set();
      siblings.set(original, found.add(encoding));
    }
  }
  return siblings;
}
