// The Readers screen's period and tables (docs/decisions/032): one schema
// for the screen's query string and its CSV downloads.
import { z } from "zod";

export const READER_RANGES = ["today", "7", "30", "90", "custom"] as const;
export type ReaderRange = (typeof READER_RANGES)[number];

export const rangeLabels: Record<ReaderRange, string> = {
  today: "Today",
  "7": "7 days",
  "30": "30 days",
  "90": "90 days",
  custom: "Custom",
};

/** The tables of the screen, each downloadable as CSV. */
export const READER_TABLES = [
  "daily",
  "pages",
  "posts",
  "referrers",
  "campaigns",
  "devices",
  "browsers",
] as const;
export type ReaderTable = (typeof READER_TABLES)[number];

export const tableTitles: Record<ReaderTable, string> = {
  daily: "Daily visitors and views",
  pages: "Top pages",
  posts: "Top posts",
  referrers: "Top referrers",
  campaigns: "Campaigns",
  devices: "Devices",
  browsers: "Browsers",
};

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date.");

/** The longest custom period, in days. */
export const MAX_RANGE_DAYS = 366;

export const readerQuerySchema = z
  .object({
    range: z.enum(READER_RANGES).catch("30"),
    from: day.optional().catch(undefined),
    to: day.optional().catch(undefined),
  })
  .transform((query) =>
    query.range === "custom" && (!query.from || !query.to)
      ? { ...query, range: "30" as const }
      : query,
  );
export type ReaderQuery = z.infer<typeof readerQuerySchema>;

/** The query string as the schema reads it. */
export function readerQuery(params: URLSearchParams): ReaderQuery {
  return readerQuerySchema.parse({
    range: params.get("range") ?? undefined,
    from: params.get("from") || undefined,
    to: params.get("to") || undefined,
  });
}

/** The query string that names a period again (links, downloads). */
export function readerSearch(query: ReaderQuery): string {
  const params = new URLSearchParams({ range: query.range });
  if (query.range === "custom" && query.from && query.to) {
    params.set("from", query.from);
    params.set("to", query.to);
  }
  return params.toString();
}
