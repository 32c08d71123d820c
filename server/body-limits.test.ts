import { expect, test } from "vitest";
import { z } from "zod";

import { ARCHIVE_IMPORT_BODY_BYTES } from "~/studio/archive";
import { MEDIA_UPLOAD_BODY_BYTES } from "~/studio/media/limits";
import { SUBSCRIBER_IMPORT_BODY_BYTES } from "~/studio/subscriber-import-limits";
import { postInputSchema, saveRequestSchema } from "~/studio/post-schema";

import {
  bodyLimitFor,
  jsonBodyBytes,
  POST_SAVE_BODY_BYTES,
  postSaveBodySchema,
} from "./body-limits";
import { BODY_LIMIT_BYTES } from "./limits";

/** The longest post the editor may save, every field at its longest, every character one JSON escapes. */
function longestSave(character: string) {
  const text = (length: number) => character.repeat(length);
  return {
    intent: "unschedule",
    baseVersion: Number.MAX_SAFE_INTEGER,
    post: {
      title: text(200),
      slug: "a".repeat(80),
      excerpt: text(500),
      category: "Travel",
      author: text(120),
      date: "2026-11-27",
      image: `/${"i".repeat(1999)}`,
      content: text(500_000),
      meta: {
        status: text(40),
        location: text(120),
        coordinates: [-89.123456789012, -179.12345678901],
        highlights: Array.from({ length: 20 }, () => ({
          name: text(120),
          type: "Cultural Immersion",
        })),
        takeaway: text(500),
      },
    },
    scheduledAt: "2026-11-27T17:25:00.000000000+00:00",
  };
}

test("the longest post the schema accepts fits the save's body limit, however its characters are written", () => {
  for (const character of ["a", "é", "€", "\u0001", '"']) {
    const body = longestSave(character);
    expect(saveRequestSchema.safeParse(body).success).toBe(true);
    expect(postInputSchema.safeParse(body.post).success).toBe(true);
    expect(postSaveBodySchema.safeParse(body).success).toBe(true);
    expect(
      Buffer.byteLength(JSON.stringify(body)),
      JSON.stringify(character),
    ).toBeLessThanOrEqual(POST_SAVE_BODY_BYTES);
  }
  // The limit is the schema's, not a guess: a longer body has no valid form.
  expect(POST_SAVE_BODY_BYTES).toBeLessThan(4 * 1024 * 1024);
});

test("each path's limit: saves by their schema, uploads and archives by their files, forms 64 KB", () => {
  expect(
    bodyLimitFor("/studio/posts/0b0c8d1e-51c6-4c4a-9d7e-0123456789ab/save"),
  ).toBe(POST_SAVE_BODY_BYTES);
  expect(bodyLimitFor("/studio/media/upload")).toBe(MEDIA_UPLOAD_BODY_BYTES);
  expect(bodyLimitFor("/studio/media")).toBe(MEDIA_UPLOAD_BODY_BYTES);
  expect(bodyLimitFor("/studio/export")).toBe(ARCHIVE_IMPORT_BODY_BYTES);
  expect(bodyLimitFor("/studio/newsletter/subscribers")).toBe(
    SUBSCRIBER_IMPORT_BODY_BYTES,
  );
  for (const path of ["/contact", "/studio/posts", "/studio/posts/x/history"])
    expect(bodyLimitFor(path), path).toBe(BODY_LIMIT_BYTES);
});

test("a body's size follows from its schema's bounds, and a schema without one is refused", () => {
  expect(jsonBodyBytes(z.object({ a: z.string().max(10) }))).toBe(
    '{"a":}'.length + 2 + 60 + 1,
  );
  expect(jsonBodyBytes(z.object({ n: z.enum(["one", "three"]) }))).toBe(
    '{"n":}'.length + '"three"'.length + 1,
  );
  expect(() => jsonBodyBytes(z.object({ a: z.string() }))).toThrow(
    "body.a: a string without a longest length",
  );
  expect(() =>
    jsonBodyBytes(z.object({ list: z.array(z.string().max(1)) })),
  ).toThrow("body.list: an array without a longest length");
  expect(() => jsonBodyBytes(z.object({ any: z.unknown() }))).toThrow(
    "body.any",
  );
});
