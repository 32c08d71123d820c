// The archive's JSON files beside its content (fediverse.json,
// newsletter.json): written as one JSON document each, and read back whole
// against their schema, every problem named with the file it is in.
import { inArray } from "drizzle-orm";
import type { z } from "zod";

import type { Transaction } from "~database/client";
import { posts } from "~database/schema";
import type { ArchiveFile } from "~database/tar";

export function jsonArchiveFile(path: string, value: unknown): ArchiveFile {
  return { path, data: new TextEncoder().encode(JSON.stringify(value)) };
}

/** The file checked whole (a problem goes to `problems`); undefined when the archive has none. */
export function readJsonArchiveFile<T>(
  path: string,
  data: Uint8Array | undefined,
  schema: z.ZodType<T>,
  problems: string[],
): T | undefined {
  if (!data) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(data));
  } catch (error) {
    problems.push(
      `${path}: not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
    return undefined;
  }
  const result = schema.safeParse(parsed);
  if (!result.success) {
    for (const issue of result.error.issues.slice(0, 5))
      problems.push(
        `${path}: ${issue.path.join(".") || "(the file)"}: ${issue.message}`,
      );
    return undefined;
  }
  return result.data;
}

/** The imported posts' ids by slug, for rows the archive names by their post's slug. */
export async function postIdsBySlug(
  tx: Transaction,
  slugs: string[],
): Promise<Map<string, string>> {
  const unique = [...new Set(slugs)];
  if (unique.length === 0) return new Map();
  const rows = await tx
    .select({ id: posts.id, slug: posts.slug })
    .from(posts)
    .where(inArray(posts.slug, unique));
  return new Map(rows.map((row) => [row.slug, row.id]));
}
