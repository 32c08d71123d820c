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

/**
 * Random bytes drawn many responses at a time and each slice used once:
 * a call to the system's generator per response was a noticeable share of
 * a kept page's time (the same reason Node keeps a cache for randomUUID).
 */
const POOL_RESPONSES = 128;
let pool = Buffer.alloc(0);
let poolAt = 0;

function freshBytes(length: number): Buffer {
  if (poolAt + length > pool.length) {
    pool = randomBytes(length * POOL_RESPONSES);
    poolAt = 0;
  }
  poolAt += length;
  return pool.subarray(poolAt - length, poolAt);
}

export function freshPerResponse(): PerResponse {
  const bytes = freshBytes(32);
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

/**
 * A rendering kept as bytes, cut where the values of the stamp it was
 * rendered under appear: the page cache sends it again under a new stamp by
 * joining the pieces, without searching or encoding the whole text on every
 * hit (a noticeable share of a hit's time on the busiest pages).
 */
export type StampedParts = ReadonlyArray<Buffer | keyof PerResponse>;

export function splitStamped(body: Buffer, stamp: PerResponse): StampedParts {
  const found: Array<{ at: number; name: keyof PerResponse; length: number }> =
    [];
  for (const name of ["nonce", "formKey"] as const) {
    const value = Buffer.from(stamp[name]);
    if (value.length === 0) continue;
    for (
      let at = body.indexOf(value);
      at !== -1;
      at = body.indexOf(value, at + value.length)
    ) {
      found.push({ at, name, length: value.length });
    }
  }
  found.sort((a, b) => a.at - b.at);
  const parts: Array<Buffer | keyof PerResponse> = [];
  let from = 0;
  for (const { at, name, length } of found) {
    // The two never overlap (their alphabets and lengths differ); a value
    // inside one already cut is left as it is.
    if (at < from) continue;
    parts.push(body.subarray(from, at), name);
    from = at + length;
  }
  parts.push(body.subarray(from));
  return parts;
}

export function joinStamped(parts: StampedParts, to: PerResponse): Buffer {
  const values = {
    nonce: Buffer.from(to.nonce),
    formKey: Buffer.from(to.formKey),
  };
  return Buffer.concat(
    parts.map((part) => (typeof part === "string" ? values[part] : part)),
  );
}
