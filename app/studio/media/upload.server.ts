// Receiving one upload: read the form, check and process the image, store
// it. Shared by the uploader's JSON route and the library's plain form.
import { z } from "zod";

import type { Database } from "~database/client";
import { responsiveImage } from "~/lib/media";
import { errorMessage } from "~shared/error-message";
import type { Logger } from "~shared/logger";

import { ALT_MAX_LENGTH } from "./limits";
import { saveMedia } from "./media.server";
import { processUploadInTurn, UploadRefused } from "./process.server";
import type { UploadResult } from "./upload-result";

const altSchema = z.string().trim().max(ALT_MAX_LENGTH).catch("");

/** A file name as the library shows it: no path, no control characters, not endless. */
export function cleanFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base.replace(/[\p{Cc}\p{Cf}]/gu, "").trim();
  return cleaned.slice(0, 200) || "image";
}

export interface ReceivedUpload {
  result: UploadResult;
  status: number;
}

/** Takes the form's 'file' (and 'alt'), then processes and stores the image; never throws. */
export async function receiveUpload(
  db: Database,
  logger: Logger,
  form: FormData,
  actor: string,
): Promise<ReceivedUpload> {
  const refuse = (message: string, status: number): ReceivedUpload => ({
    result: { ok: false, message },
    status,
  });
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) {
    return refuse("Please choose an image to upload.", 400);
  }
  const alt = altSchema.parse(form.get("alt") ?? "");
  const filename = cleanFilename(file.name);
  try {
    const upload = new Uint8Array(await file.arrayBuffer());
    const processed = await processUploadInTurn(upload);
    const stored = await saveMedia(db, processed, {
      filename,
      alt,
      originalBytes: upload.length,
      actor,
    });
    logger.info("image uploaded", {
      id: stored.id,
      bytes: upload.length,
      created: stored.created,
    });
    return {
      status: stored.created ? 201 : 200,
      result: {
        ok: true,
        image: {
          id: stored.id,
          url: stored.url,
          srcset: responsiveImage(stored.url)?.srcSet ?? "",
          width: stored.width,
          height: stored.height,
          alt: stored.alt,
          filename,
          created: stored.created,
        },
      },
    };
  } catch (error) {
    if (error instanceof UploadRefused) {
      return refuse(error.message, error.status);
    }
    logger.error("image upload failed", { error: errorMessage(error) });
    return refuse(
      "The image could not be stored. Please try again in a moment.",
      500,
    );
  }
}
