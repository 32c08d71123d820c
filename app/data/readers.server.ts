// Readership figures (docs/PRIVACY.md, docs/decisions/032): what the
// studio's Readers screen shows, read from what ./reader-views.server.ts
// records. A day that is over is read from its daily totals (reader_days),
// the rest (today, and a day not folded yet) from the views themselves, so
// a figure over 30 or 90 days reads a few thousand totals rather than every
// view.
import { and, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";

import type { Database } from "~database/client";
import { csvDocument } from "~/lib/csv";
import type { ArchiveFile } from "~database/tar";
import { posts, readerDays, readerViews } from "~database/schema";

import {
  DIMENSIONS,
  dayStart,
  firstUnfoldedDay,
  shiftDay,
  utcDay,
  viewDay,
} from "./reader-views.server";
import type { Dimension } from "./reader-views.server";

// ---------------------------------------------------------------------------
// The figures
// ---------------------------------------------------------------------------

/** Inclusive UTC days. */
export interface DayRange {
  from: string;
  to: string;
}

/** Where the views themselves start to be read within `range`: after the folded days. */
async function rawStart(db: Database, range: DayRange): Promise<string> {
  const unfolded = await firstUnfoldedDay(db);
  return unfolded && unfolded > range.from ? unfolded : range.from;
}

function viewsWithin(from: string, to: string) {
  return sql`${readerViews.viewedAt} >= ${dayStart(from).toISOString()} and ${readerViews.viewedAt} < ${dayStart(shiftDay(to, 1)).toISOString()}`;
}

export interface DayFigure {
  day: string;
  views: number;
  visitors: number;
}

/** Views and visitors of each day of `range` (days without a view included, as 0). */
export async function dailyFigures(
  db: Database,
  range: DayRange,
): Promise<DayFigure[]> {
  const raw = await rawStart(db, range);
  const [folded, live] = await Promise.all([
    db
      .select({
        day: sql<string>`${readerDays.day}::text`,
        views: readerDays.views,
        visitors: readerDays.visitors,
      })
      .from(readerDays)
      .where(
        and(
          eq(readerDays.dimension, "total"),
          gte(readerDays.day, range.from),
          lt(readerDays.day, raw),
        ),
      ),
    raw <= range.to
      ? db
          .select({
            day: sql<string>`${viewDay}::text`,
            views: sql<number>`count(*)::int`,
            visitors: sql<number>`count(distinct ${readerViews.visitorKey})::int`,
          })
          .from(readerViews)
          .where(viewsWithin(raw, range.to))
          .groupBy(viewDay)
      : Promise.resolve([]),
  ]);
  const byDay = new Map<string, DayFigure>();
  for (const row of [...folded, ...live]) byDay.set(row.day, row);
  const days: DayFigure[] = [];
  for (let day = range.from; day <= range.to; day = shiftDay(day, 1)) {
    days.push(byDay.get(day) ?? { day, views: 0, visitors: 0 });
  }
  return days;
}

export interface RankedFigure {
  value: string;
  views: number;
  visitors: number;
}

/**
 * The values of one dimension over `range`, most viewed first. A visitor
 * counts once a day per value (keys change every day, so no figure can tell
 * one visitor's two days apart).
 */
export async function topValues(
  db: Database,
  dimension: Exclude<Dimension, "total">,
  range: DayRange,
  limit: number,
): Promise<RankedFigure[]> {
  const raw = await rawStart(db, range);
  const value = DIMENSIONS[dimension];
  const live =
    raw <= range.to
      ? sql`union all
        select v.value, count(*)::int, count(distinct v.key)::int
        from (
          select ${value} as value, ${readerViews.visitorKey} as key, ${viewDay} as day
          from ${readerViews} where ${viewsWithin(raw, range.to)}
        ) v
        where v.value is not null
        group by v.day, v.value`
      : sql``;
  const result = await db.execute(sql`
    select value, sum(views)::int as views, sum(visitors)::int as visitors
    from (
      select ${readerDays.value} as value, ${readerDays.views} as views, ${readerDays.visitors} as visitors
      from ${readerDays}
      where ${readerDays.dimension} = ${dimension} and ${readerDays.day} >= ${range.from} and ${readerDays.day} < ${raw}
      ${live}
    ) t
    group by value
    order by views desc, value
    limit ${limit}`);
  const { rows } = result as unknown as {
    rows: Array<{ value: string; views: unknown; visitors: unknown }>;
  };
  return rows.map((row) => ({
    value: row.value,
    views: Number(row.views),
    visitors: Number(row.visitors),
  }));
}

/** Titles of public posts by id, for the top posts. */
export async function postTitles(
  db: Database,
  ids: string[],
): Promise<Map<string, { title: string; slug: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: posts.id, title: posts.title, slug: posts.slug })
    .from(posts)
    .where(inArray(posts.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Distinct visitors with a view in the last five minutes. */
export async function visitorsNow(db: Database, now: Date): Promise<number> {
  const [row] = await db
    .select({
      visitors: sql<number>`count(distinct ${readerViews.visitorKey})::int`,
    })
    .from(readerViews)
    .where(gte(readerViews.viewedAt, new Date(now.getTime() - 5 * 60_000)));
  return Number(row?.visitors ?? 0);
}

/**
 * Views of each post over the last 30 days (today included), by post id
 * (a studio post's id is its public post's); a post without views has 0.
 */
export async function viewsByPost(
  db: Database,
  postIds: string[],
  now: Date,
): Promise<Map<string, number>> {
  const byPost = new Map<string, number>(postIds.map((id) => [id, 0]));
  if (postIds.length === 0) return byPost;
  const today = utcDay(now);
  const range = { from: shiftDay(today, -29), to: today };
  const raw = await rawStart(db, range);
  const [folded, live] = await Promise.all([
    db
      .select({
        postId: readerDays.value,
        views: sql<number>`sum(${readerDays.views})::int`,
      })
      .from(readerDays)
      .where(
        and(
          eq(readerDays.dimension, "post"),
          inArray(readerDays.value, postIds),
          gte(readerDays.day, range.from),
          lt(readerDays.day, raw),
        ),
      )
      .groupBy(readerDays.value),
    db
      .select({
        postId: sql<string>`${readerViews.postId}::text`,
        views: sql<number>`count(*)::int`,
      })
      .from(readerViews)
      .where(
        and(viewsWithin(raw, range.to), inArray(readerViews.postId, postIds)),
      )
      .groupBy(readerViews.postId),
  ]);
  for (const row of [...folded, ...live]) {
    byPost.set(row.postId, (byPost.get(row.postId) ?? 0) + Number(row.views));
  }
  return byPost;
}

/** Where the content archive carries the daily totals (the import leaves them out). */
export const READER_TOTALS_FILE = "readers/daily-totals.csv";

/** Every daily total as CSV, for the content archive: the owner's figures go with their content. */
export async function readerTotalsFile(db: Database): Promise<ArchiveFile> {
  const rows = await db
    .select({
      day: sql<string>`${readerDays.day}::text`,
      dimension: readerDays.dimension,
      value: readerDays.value,
      views: readerDays.views,
      visitors: readerDays.visitors,
    })
    .from(readerDays)
    .orderBy(readerDays.day, readerDays.dimension, readerDays.value);
  const document = csvDocument([
    ["day", "dimension", "value", "views", "visitors"],
    ...rows.map((row) => [
      row.day,
      row.dimension,
      row.value,
      row.views,
      row.visitors,
    ]),
  ]);
  return {
    path: READER_TOTALS_FILE,
    data: new TextEncoder().encode(document),
  };
}

/** The most recent views, newest first (tests and the fixture's checks). */
export async function latestViews(db: Database, limit: number) {
  return db
    .select()
    .from(readerViews)
    .orderBy(desc(readerViews.viewedAt))
    .limit(limit);
}
