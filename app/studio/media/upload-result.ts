// What the upload route answers, shared by the route and the browser helper.

/** An uploaded image, ready to place in a post. */
export interface UploadedImage {
  id: string;
  /** The largest JPEG: what a post stores (its srcset follows from it). */
  url: string;
  /** The JPEG candidates, for an <img> placed as it is. */
  srcset: string;
  width: number;
  height: number;
  alt: string;
  filename: string;
  /** False when the same image was already in the library. */
  created: boolean;
}

export type UploadResult =
  { ok: true; image: UploadedImage } | { ok: false; message: string };
