// Lenient readers for content rows: the database is edited by hand, so a
// malformed value falls back to a safe default instead of breaking a page
// (the section tables' readers: app/data/section-rows.server.ts).
import { z } from "zod";

import type { ReadFailure } from "~/data/read-failure.server";

import type { ToastInput } from "./toast";

/** Text that is never missing: anything else reads as an empty string. */
export const lenientText = z.string().catch("");
/** A list of texts; non-text entries are dropped, a non-list reads as empty. */
export const lenientTextList = z
  .array(z.unknown())
  .catch([])
  .transform((items) =>
    items.filter((item): item is string => typeof item === "string"),
  );

/** A section's content as paragraphs: split on blank lines (docs/CONTENT.md). */
export function splitParagraphs(content: string): string[] {
  return content
    .split(/\r?\n[ \t]*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0);
}

/** The journey border when a section names no colour (docs/CONTENT.md: default green). */
export const DEFAULT_JOURNEY_BORDER = "#10b981";

/** The colour values a journey border may take: plain ones only reach the style attribute. */
export const plainCssColour =
  /^(#[0-9a-f]{3,8}|[a-z]+|(rgb|hsl)a?\([\d\s.,%]+\))$/i;

/** Parses each row, dropping only rows that cannot be read at all (no id). */
export function parseRows<T>(
  schema: z.ZodType<T>,
  rows: ReadonlyArray<unknown>,
): T[] {
  const parsed: T[] = [];
  for (const row of rows) {
    const result = schema.safeParse(row);
    if (result.success) parsed.push(result.data);
  }
  return parsed;
}

/**
 * A list read for a page: the rows, or the notice to show when the read failed
 * (on failure the loading state ends and the page stays usable).
 */
export type ListResult<T> =
  { ok: true; items: T[] } | { ok: false; items: T[]; notice?: ToastInput };

/** Reads one list; a failure is reported (logged, page kept out of the cache) and shown as its notice. */
export async function readList<T>(
  read: () => Promise<T[]>,
  failure: ReadFailure,
): Promise<ListResult<T>> {
  try {
    return { ok: true, items: await read() };
  } catch (error) {
    return { ok: false, items: [], notice: failure.report(error) };
  }
}
