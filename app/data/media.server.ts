// Public reads of uploaded images: one variant's bytes, for /media/<file>.
// Writes and the library live in the studio (app/studio/media/).
import { and, eq } from "drizzle-orm";

import type { Database } from "~database/client";
import { media, mediaVariants } from "~database/schema";
import type { MediaFormat } from "~/lib/media";

/** One variant's bytes, found by the image's hash, the width and the format; null when there is none. */
export async function readMediaVariant(
  db: Database,
  hash: string,
  width: number,
  format: MediaFormat,
): Promise<Uint8Array | null> {
  const [row] = await db
    .select({ bytes: mediaVariants.bytes })
    .from(mediaVariants)
    .innerJoin(media, eq(media.id, mediaVariants.mediaId))
    .where(
      and(
        eq(media.hash, hash),
        eq(mediaVariants.width, width),
        eq(mediaVariants.format, format),
      ),
    )
    .limit(1);
  return row ? row.bytes : null;
}
