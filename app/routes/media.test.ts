import sharp from "sharp";
import { describe, expect, test } from "vitest";

import { mediaUrl, responsiveImage } from "~/lib/media";
import { saveMedia } from "~/studio/media/media.server";
import { processUpload } from "~/studio/media/process.server";
import { createAuthTestDatabase } from "~tests/support/auth";
import type { AuthTestDatabase } from "~tests/support/auth";
import { testDatabaseKinds } from "~tests/support/database";
import { photoWithGps } from "~tests/support/photos";
import { routeArgs, routeContext } from "~tests/support/services";

import { loader } from "./media";

const photo = await photoWithGps();
const processed = await processUpload(photo);

async function get(
  { auth, db }: AuthTestDatabase,
  path: string,
  headers: HeadersInit = {},
) {
  const request = new Request(`https://site.example${path}`, { headers });
  return loader(
    routeArgs(request, routeContext({ auth, db }), "/media/:file", {
      file: path.replace("/media/", ""),
    }),
  );
}

describe.each(testDatabaseKinds)(
  "uploaded images served on %s",
  { timeout: 60_000 },
  (kind) => {
    test("every variant of a srcset is served with its type, an ETag and immutable caching", async () => {
      const database = await createAuthTestDatabase(kind);
      try {
        const stored = await saveMedia(database.db, processed, {
          filename: "summit.jpg",
          alt: "The summit",
          originalBytes: photo.length,
          actor: "Jordan",
        });
        const image = responsiveImage(stored.url);
        const urls = [
          image?.srcSet,
          ...(image?.sources ?? []).map((source) => source.srcSet),
        ]
          .join(", ")
          .split(", ")
          .map((candidate) => candidate.split(" ")[0] ?? "");
        expect(urls).toHaveLength(9);
        for (const url of urls) {
          const response = await get(database, url);
          expect(response.status).toBe(200);
          const type = response.headers.get("Content-Type");
          expect(type).toBe(
            url.endsWith(".avif")
              ? "image/avif"
              : url.endsWith(".webp")
                ? "image/webp"
                : "image/jpeg",
          );
          expect(response.headers.get("Cache-Control")).toBe(
            "public, max-age=31536000, immutable",
          );
          expect(response.headers.get("ETag")).toMatch(
            /^"[0-9a-f]{20}-\d+-(avif|webp|jpeg)"$/,
          );
          const bytes = Buffer.from(await response.arrayBuffer());
          const metadata = await sharp(bytes).metadata();
          expect(metadata.exif).toBeUndefined();
          expect(`${metadata.width}`).toBe(/-(\d+)x/.exec(url)?.[1]);
        }

        const etag =
          (await get(database, stored.url)).headers.get("ETag") ?? "";
        const again = await get(database, stored.url, {
          "If-None-Match": etag,
        });
        expect(again.status).toBe(304);
      } finally {
        await database.dispose();
      }
    });

    test("unknown images and malformed names are 404, briefly cached", async () => {
      const database = await createAuthTestDatabase(kind);
      try {
        const missing = await get(
          database,
          mediaUrl("0123456789abcdef0123", { width: 480, height: 360 }, "webp"),
        );
        expect(missing.status).toBe(404);
        expect(missing.headers.get("Cache-Control")).toBe("public, max-age=60");
        expect((await get(database, "/media/../../etc/passwd")).status).toBe(
          404,
        );
        expect((await get(database, "/media/abc-480x360.gif")).status).toBe(
          404,
        );
      } finally {
        await database.dispose();
      }
    });
  },
);
