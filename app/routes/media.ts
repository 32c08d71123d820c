import type { Route } from "./+types/media";
import { servicesContext } from "~/context";
import { readMediaVariant } from "~/data/media.server";
import { MEDIA_CONTENT_TYPES, parseMediaFile } from "~/lib/media";

// /media/<hash>-<width>x<height>.<ext>: one variant of an uploaded image. The
// hash names the upload, so the bytes at a URL never change: browsers and
// proxies keep them for a year without asking again.
const IMMUTABLE = "public, max-age=31536000, immutable";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const file = parseMediaFile(params.file);
  if (!file) return notFound();
  const etag = `"${file.hash}-${file.width}-${file.format}"`;
  const headers = { ETag: etag, "Cache-Control": IMMUTABLE };
  if (request.headers.get("If-None-Match") === etag) {
    return new Response(null, { status: 304, headers });
  }
  const { db } = context.get(servicesContext);
  const bytes = await readMediaVariant(db, file.hash, file.width, file.format);
  if (!bytes) return notFound();
  return new Response(new Uint8Array(bytes), {
    headers: {
      ...headers,
      "Content-Type": MEDIA_CONTENT_TYPES[file.format],
      "Content-Length": String(bytes.byteLength),
    },
  });
}

/** A missing image may be uploaded later under the same name: not cached for long. */
function notFound() {
  return new Response("Not found", {
    status: 404,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=60",
    },
  });
}
