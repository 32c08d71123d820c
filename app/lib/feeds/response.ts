/** A feed or other resource that is the same for every visitor: shared caches may keep it a while. */
export function publicResource(
  body: string | Uint8Array,
  contentType: string,
  options: { maxAgeSeconds?: number; etag?: string; status?: number } = {},
): Response {
  const headers = new Headers({
    "Content-Type": contentType,
    "Cache-Control": `public, max-age=${options.maxAgeSeconds ?? 300}, stale-while-revalidate=86400`,
  });
  if (options.etag) headers.set("ETag", options.etag);
  const payload = typeof body === "string" ? body : new Uint8Array(body).buffer;
  return new Response(payload, { status: options.status ?? 200, headers });
}
