// Full-text search over the posts (docs/decisions/020): PostgreSQL's own,
// on both databases. `posts.search` is a generated tsvector column with a GIN
// index (drizzle/0004_scale_indexes.sql), so the database keeps it current
// whoever writes a post. websearch_to_tsquery accepts any text (quotes, "or",
// a leading "-"), so a visitor's input can never make the query fail.
import { sql } from "drizzle-orm";
import { z } from "zod";

import type { Database } from "~database/client";
import { lenientText, parseRows } from "~/lib/content";
import { pageCountOf } from "~/lib/pagination";
import type { PageInfo } from "~/lib/pagination";
import { decodeHTML } from "entities";
import { SEARCH_PAGE_SIZE } from "~/lib/search";
import type { SearchHit, TextPart } from "~/lib/search";

// ts_headline marks matches with these; no stored text is trusted to be HTML,
// so the marks become React elements and everything else stays text.
const START = "\u0002";
const STOP = "\u0003";
const HEADLINE = `StartSel=${START}, StopSel=${STOP}`;
const TITLE_OPTIONS = `HighlightAll=true, ${HEADLINE}`;
// One passage, from the first SNIPPET_SOURCE characters of the excerpt and
// body: ts_headline parses all the text it is given, and several fragments
// over whole bodies made a page of results slow.
const SNIPPET_OPTIONS = `MaxWords=30, MinWords=12, ${HEADLINE}`;
const SNIPPET_SOURCE = 2000;

const hitRowSchema = z.object({
  id: z.string(),
  slug: z.string().min(1),
  title: lenientText,
  snippet: lenientText,
  category: lenientText,
  date: lenientText,
  total: z.coerce.number(),
});

export interface SearchResults extends PageInfo {
  hits: SearchHit[];
  total: number;
}

/** One page of the posts matching `query`, best match first (newest first among equals). */
export async function searchPosts(
  db: Database,
  query: string,
  page: number,
): Promise<SearchResults> {
  const tsquery = sql`websearch_to_tsquery('english', ${query})`;
  // Rank and count every match through the index, then draw headlines for
  // one page only: ts_headline reads the whole body, the costly part.
  const result = await db.execute(sql`
    with matches as (
      select id, ts_rank_cd(search, q) as rank, count(*) over () as total
      from posts, ${tsquery} as q
      where search @@ q
      order by rank desc, date desc, created_at desc
      limit ${SEARCH_PAGE_SIZE} offset ${(page - 1) * SEARCH_PAGE_SIZE}
    )
    select p.id, p.slug, p.category, p.date::text as date, m.total,
      ts_headline('english', p.title, q, ${TITLE_OPTIONS}) as title,
      ts_headline('english',
        left(p.excerpt || ' ' || regexp_replace(p.content, '<[^>]*>', ' ', 'g'), ${SNIPPET_SOURCE}),
        q, ${SNIPPET_OPTIONS}) as snippet
    from matches m join posts p on p.id = m.id, ${tsquery} as q
    order by m.rank desc, p.date desc, p.created_at desc
  `);
  const rows = parseRows(hitRowSchema, (result as { rows: unknown[] }).rows);
  const total =
    rows[0]?.total ?? (page > 1 ? await countMatches(db, query) : 0);
  return {
    hits: rows.map(({ id, slug, category, date, title, snippet }) => ({
      id,
      slug,
      category,
      date,
      title: markedParts(title),
      snippet: markedParts(decodeHTML(snippet)),
    })),
    page,
    pageCount: pageCountOf(total, SEARCH_PAGE_SIZE),
    total,
  };
}

/** Matches in all, for a page past the last (which has no rows to carry the count). */
async function countMatches(db: Database, query: string): Promise<number> {
  const result = await db.execute(sql`
    select count(*) as total from posts
    where search @@ websearch_to_tsquery('english', ${query})
  `);
  const [row] = (result as { rows: Array<{ total: unknown }> }).rows;
  return Number(row?.total ?? 0);
}

/** Splits ts_headline's output into plain and marked parts. */
export function markedParts(headline: string): TextPart[] {
  const parts: TextPart[] = [];
  const push = (text: string, mark: boolean) => {
    const clean = text.replace(/\s+/g, " ");
    if (clean) parts.push({ text: clean, mark });
  };
  for (const piece of headline.split(START)) {
    const stop = piece.indexOf(STOP);
    if (stop === -1) {
      push(piece, false);
    } else {
      push(piece.slice(0, stop), true);
      push(piece.slice(stop + 1).replaceAll(STOP, ""), false);
    }
  }
  return parts;
}
