// Each route's body limit, from what its input schema accepts (decision
// 027): the schema is the one place a field's size is written, and the
// bytes a body may take follow from it, so a post the editor may save is
// never refused as too large on its way in.
import { z } from "zod";

import { ARCHIVE_IMPORT_BODY_BYTES, ARCHIVE_PATH } from "~/studio/archive";
import {
  MEDIA_UPLOAD_BODY_BYTES,
  MEDIA_UPLOAD_PATHS,
} from "~/studio/media/limits";
import {
  SUBSCRIBER_IMPORT_BODY_BYTES,
  SUBSCRIBERS_PATH,
} from "~/studio/subscriber-import-limits";
import {
  categoryDetailsSchemas,
  postInputSchema,
  saveRequestSchema,
} from "~/studio/post-schema";

import { BODY_LIMIT_BYTES } from "./limits";

/** The part of a JSON Schema (as zod writes one) that bounds a value's size. */
interface JsonSchemaNode {
  type?: string;
  const?: unknown;
  enum?: unknown[];
  maxLength?: number;
  format?: string;
  maxItems?: number;
  items?: JsonSchemaNode | false;
  prefixItems?: JsonSchemaNode[];
  properties?: Record<string, JsonSchemaNode>;
  anyOf?: JsonSchemaNode[];
}

// A character may take six bytes in JSON (\u001f); a zod length counts UTF-16 units.
const JSON_BYTES_PER_CHARACTER = 6;
// The longest a JSON number is written: -1.2345678901234567e-308.
const JSON_NUMBER_BYTES = 24;
// Strings of a known form, which zod checks by pattern rather than length.
const FORMAT_LENGTHS: Record<string, number> = {
  date: "2026-11-27".length,
  "date-time": "2026-11-27T17:25:00.000000000+00:00".length,
};

function nodeBytes(node: JsonSchemaNode, path: string): number {
  if (node.anyOf) {
    return Math.max(
      ...node.anyOf.map((option, index) =>
        nodeBytes(option, `${path}|${index}`),
      ),
    );
  }
  if (node.const !== undefined) return JSON.stringify(node.const).length;
  if (node.enum) {
    return Math.max(...node.enum.map((value) => JSON.stringify(value).length));
  }
  switch (node.type) {
    case "null":
      return 4;
    case "boolean":
      return 5;
    case "number":
    case "integer":
      return JSON_NUMBER_BYTES;
    case "string": {
      const length =
        node.maxLength ??
        (node.format === undefined ? undefined : FORMAT_LENGTHS[node.format]);
      if (length === undefined) {
        throw new Error(`${path}: a string without a longest length`);
      }
      return 2 + length * JSON_BYTES_PER_CHARACTER;
    }
    case "array": {
      const prefix = (node.prefixItems ?? []).map((item, index) =>
        nodeBytes(item, `${path}[${index}]`),
      );
      const rest =
        node.items === undefined || node.items === false
          ? 0
          : (node.maxItems ?? Number.POSITIVE_INFINITY) - prefix.length;
      if (!Number.isFinite(rest)) {
        throw new Error(`${path}: an array without a longest length`);
      }
      const item = node.items ? nodeBytes(node.items, `${path}[]`) : 0;
      const parts = [...prefix, ...Array<number>(rest).fill(item)];
      return 2 + parts.reduce((sum, bytes) => sum + bytes + 1, 0);
    }
    case "object":
      return (
        2 +
        Object.entries(node.properties ?? {}).reduce(
          (sum, [key, value]) =>
            sum +
            JSON.stringify(key).length +
            1 +
            nodeBytes(value, `${path}.${key}`) +
            1,
          0,
        )
      );
    default:
      throw new Error(`${path}: a value of no bounded size`);
  }
}

/**
 * The most bytes a JSON body the schema accepts can take: every string at
 * its longest and every character escaped. A schema with a field of no
 * longest size is refused here (and so at start and in the tests).
 */
export function jsonBodyBytes(schema: z.ZodType): number {
  const json = z.toJSONSchema(schema, { io: "input" }) as JsonSchemaNode;
  return nodeBytes(json, "body");
}

/** The editor's save as it is sent: its post, with the details of any category. */
export const postSaveBodySchema = saveRequestSchema.extend({
  post: z.object({
    ...postInputSchema.shape,
    meta: z.union(Object.values(categoryDetailsSchemas)).nullable(),
  }),
});

export const POST_SAVE_BODY_BYTES = jsonBodyBytes(postSaveBodySchema);

const POST_SAVE_PATH = /^\/studio\/posts\/[^/]+\/save$/;

/**
 * The body limit for a path as the router matches it (pathKey). Forms not
 * named here stay under 64 KB. Image uploads and content archives may be
 * larger on every path the router sends to their actions (with JavaScript
 * the studio's import posts to '/studio/export.data'), and so may a list of
 * subscribers imported on the Subscribers screen.
 */
export function bodyLimitFor(path: string): number {
  if (path === ARCHIVE_PATH) return ARCHIVE_IMPORT_BODY_BYTES;
  if (MEDIA_UPLOAD_PATHS.has(path)) return MEDIA_UPLOAD_BODY_BYTES;
  if (path === SUBSCRIBERS_PATH) return SUBSCRIBER_IMPORT_BODY_BYTES;
  if (POST_SAVE_PATH.test(path)) return POST_SAVE_BODY_BYTES;
  return BODY_LIMIT_BYTES;
}
