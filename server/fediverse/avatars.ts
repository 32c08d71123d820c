// Reply authors' pictures (decision 061): fetched once by the server
// through safeFetch (timeout, size limit, no private addresses), refused
// unless an image of a known type, made a small square WebP with sharp, and
// served by the site at /fediverse/avatars/<key>.webp, so a reader's browser
// never contacts another server to read a post.
import { createHash } from "node:crypto";

import type { Actor } from "@fedify/vocab";
import { eq } from "drizzle-orm";
import type { RequestHandler } from "express";
import sharp from "sharp";

import type { Database } from "~database/client";
import { fediverseAvatars } from "~database/schema";
import { errorMessage } from "~shared/error-message";
import type { Logger } from "~shared/logger";

import { safeFetch } from "./safe-fetch";

export const AVATAR_SIZE = 96;
const AVATAR_MAX_BYTES = 2_000_000;
const AVATAR_TYPES = /^image\/(?:jpeg|png|gif|webp|avif)$/;
const AVATAR_PATH = /^\/fediverse\/avatars\/([0-9a-f]{32})\.webp$/;

const keyOf = (source: string) =>
  createHash("sha256").update(source).digest("hex").slice(0, 32);

/** The site's address of a picture fetched and kept now (or before); null when it cannot be. */
export async function keepAvatarFrom(
  db: Database,
  source: URL,
  options: { privatePeers: readonly string[]; logger: Logger },
): Promise<string | null> {
  const key = keyOf(source.href);
  const path = `/fediverse/avatars/${key}.webp`;
  const [kept] = await db
    .select({ key: fediverseAvatars.key })
    .from(fediverseAvatars)
    .where(eq(fediverseAvatars.key, key));
  if (kept) return path;
  try {
    const response = await safeFetch(
      source,
      { headers: { Accept: "image/*" } },
      { privatePeers: options.privatePeers, maxBytes: AVATAR_MAX_BYTES },
    );
    const type = response.headers.get("content-type")?.split(";")[0]?.trim();
    if (!response.ok || !type || !AVATAR_TYPES.test(type)) return null;
    const image = await sharp(Buffer.from(await response.arrayBuffer()), {
      limitInputPixels: 4096 * 4096,
      animated: false,
    })
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover" })
      .webp({ quality: 80 })
      .toBuffer();
    await db
      .insert(fediverseAvatars)
      .values({ key, source: source.href, image })
      .onConflictDoNothing();
    return path;
  } catch (error) {
    options.logger.info("fediverse avatar not kept", {
      source: source.host,
      error: errorMessage(error),
    });
    return null;
  }
}

/** The actor's picture, kept; null when it has none or it cannot be kept. */
export function avatarKeeper(
  db: Database,
  options: { privatePeers: readonly string[]; logger: Logger },
) {
  return async (actor: Actor): Promise<string | null> => {
    const icon = await actor.getIcon().catch(() => null);
    const url = icon?.url;
    const source = url instanceof URL ? url : (url?.href ?? null);
    return source ? keepAvatarFrom(db, source, options) : null;
  };
}

/** Serves the kept pictures. */
export function avatarHandler(db: Database): RequestHandler {
  return async (req, res, next) => {
    const match = req.method === "GET" ? AVATAR_PATH.exec(req.path) : null;
    if (!match?.[1]) return next();
    try {
      const [row] = await db
        .select({ image: fediverseAvatars.image })
        .from(fediverseAvatars)
        .where(eq(fediverseAvatars.key, match[1]));
      if (!row) return next();
      res
        .type("image/webp")
        .set("Cache-Control", "public, max-age=86400")
        .send(Buffer.from(row.image));
    } catch (error) {
      next(error);
    }
  };
}
