// Values made for one response and embedded in the pages it sends: the CSP
// nonce, and the contact form's idempotency key. The page cache and the
// shared 'Message Sent!' document keep a rendered page and send it again;
// each time, the values it was rendered with are swapped for the new
// response's own, so no two responses share either.
import { randomBytes } from "node:crypto";

export interface PerResponse {
  /** The CSP nonce of inline scripts and styles. */
  nonce: string;
  /** Identifies one rendering of a form: a second post with it stores nothing new. */
  formKey: string;
}

export function freshPerResponse(): PerResponse {
  const bytes = randomBytes(32);
  return {
    nonce: bytes.subarray(0, 16).toString("base64"),
    // Its own alphabet (base64url), so it never overlaps a nonce.
    formKey: bytes.subarray(16).toString("base64url"),
  };
}

/** `text` rendered under `from`, as it reads under `to`. */
export function restamp(text: string, from: PerResponse, to: PerResponse) {
  return text
    .replaceAll(from.nonce, to.nonce)
    .replaceAll(from.formKey, to.formKey);
}

/** `text` without the values of `stamp` (for keys that must not differ per response). */
export function unstamp(text: string, stamp: PerResponse) {
  return text.replaceAll(stamp.nonce, "").replaceAll(stamp.formKey, "");
}
