// Uploading one image from the browser, with the transfer's progress (fetch
// cannot report upload progress; XMLHttpRequest can). Used by the media
// library and by the post editor.
import {
  ACCEPTED_IMAGE_NAMES,
  ACCEPTED_IMAGE_TYPES,
  HEIC_IMAGE_TYPES,
  heicMessage,
  MEDIA_MAX_BYTES,
  MEDIA_UPLOAD_PATH,
  tooLargeMessage,
} from "./limits";
import type { UploadedImage, UploadResult } from "./upload-result";

export type { UploadedImage } from "./upload-result";

/** An upload the studio refused, with the sentence to show the owner. */
export class UploadImageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UploadImageError";
  }
}

export interface UploadImageOptions {
  /** Suggested alt text, kept with the image in the library. */
  alt?: string;
  /** The share of the file sent so far, 0 to 1; at 1 the server is still processing. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

const acceptedTypes: ReadonlySet<string> = new Set(ACCEPTED_IMAGE_TYPES);

/**
 * Sends `file` to the studio's library and resolves with the stored image
 * (its URL, JPEG srcset, size and alt text), or rejects with an
 * UploadImageError saying why. What the browser can tell (size, a declared
 * type that is not an image) is refused before anything is sent; the server
 * checks the bytes.
 */
export function uploadImage(
  file: File,
  options: UploadImageOptions = {},
): Promise<UploadedImage> {
  if (file.size > MEDIA_MAX_BYTES) {
    return Promise.reject(new UploadImageError(tooLargeMessage(file.size)));
  }
  if (HEIC_IMAGE_TYPES.has(file.type) || /\.hei[cf]$/i.test(file.name)) {
    return Promise.reject(new UploadImageError(heicMessage(file.name)));
  }
  if (file.type && !acceptedTypes.has(file.type)) {
    return Promise.reject(
      new UploadImageError(
        `${file.name} is not a ${ACCEPTED_IMAGE_NAMES} image.`,
      ),
    );
  }
  const body = new FormData();
  body.set("file", file);
  if (options.alt) body.set("alt", options.alt);

  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", MEDIA_UPLOAD_PATH);
    request.responseType = "json";
    request.setRequestHeader("Accept", "application/json");
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable)
        options.onProgress?.(event.loaded / event.total);
    });
    request.addEventListener("load", () => {
      const result = request.response as UploadResult | null;
      // The studio's gate sends a signed-out browser to the sign-in page.
      const signedOut =
        new URL(request.responseURL || location.href).pathname === "/sign-in";
      if (result?.ok) {
        options.onProgress?.(1);
        resolve(result.image);
      } else if (typeof result?.message === "string") {
        reject(new UploadImageError(result.message));
      } else if (request.status === 413) {
        reject(new UploadImageError(tooLargeMessage(file.size)));
      } else if (signedOut || request.status === 403) {
        reject(
          new UploadImageError(
            "Your session has ended. Please sign in again and retry.",
          ),
        );
      } else {
        reject(
          new UploadImageError(
            "The upload did not finish. Please try again in a moment.",
          ),
        );
      }
    });
    const failed = () =>
      reject(
        new UploadImageError(
          "The upload was interrupted. Please check the connection and try again.",
        ),
      );
    request.addEventListener("error", failed);
    request.addEventListener("abort", () =>
      reject(new UploadImageError("The upload was cancelled.")),
    );
    options.signal?.addEventListener("abort", () => request.abort());
    request.send(body);
  });
}
