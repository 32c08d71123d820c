// Everything the Readers screen shows for one period, read together; the
// CSV downloads read the same tables.
import {
  dailyFigures,
  postTitles,
  topValues,
  visitorsNow,
} from "~/data/readers.server";
import { OTHER_VALUE, shiftDay, utcDay } from "~/data/reader-views.server";
import type { DayFigure, DayRange, RankedFigure } from "~/data/readers.server";
import type { Database } from "~database/client";

import { MAX_RANGE_DAYS } from "./readers";
import type { ReaderQuery, ReaderTable } from "./readers";

const TOP_ROWS = 10;

/** The inclusive UTC days a query names, or an error for the owner. */
export function periodOf(
  query: ReaderQuery,
  now: Date,
): { range: DayRange } | { error: string } {
  const today = utcDay(now);
  if (query.range !== "custom") {
    const days = query.range === "today" ? 1 : Number(query.range);
    return { range: { from: shiftDay(today, 1 - days), to: today } };
  }
  const { from = today, to = today } = query;
  if (!isCalendarDay(from) || !isCalendarDay(to))
    return { error: "Those are not dates on the calendar." };
  if (from > to) return { error: "The start is after the end." };
  if (to > today) return { error: "The end is in the future." };
  if (shiftDay(from, MAX_RANGE_DAYS - 1) < to)
    return { error: `Choose at most ${MAX_RANGE_DAYS} days.` };
  return { range: { from, to } };
}

/**
 * Whether a yyyy-mm-dd names a day that exists: Date.parse reads
 * "2026-02-30" as 2 March, and the database refuses it outright.
 */
function isCalendarDay(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00Z`);
  return (
    !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value
  );
}

/** The same number of days just before. */
export function previousPeriod(range: DayRange): DayRange {
  const length =
    Math.round((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000) +
    1;
  return {
    from: shiftDay(range.from, -length),
    to: shiftDay(range.from, -1),
  };
}

export interface Row {
  label: string;
  href?: string;
  views: number;
  visitors: number;
}

export interface ReadersReport {
  range: DayRange;
  previous: DayRange;
  totals: { views: number; visitors: number };
  previousTotals: { views: number; visitors: number };
  now: number;
  days: DayFigure[];
  tables: Record<Exclude<ReaderTable, "daily">, Row[]>;
}

function sum(days: DayFigure[]) {
  return days.reduce(
    (total, day) => ({
      views: total.views + day.views,
      visitors: total.visitors + day.visitors,
    }),
    { views: 0, visitors: 0 },
  );
}

function rows(figures: RankedFigure[], label: (value: string) => string) {
  return figures.map((figure) => ({
    label:
      figure.value === OTHER_VALUE
        ? "Others (past the most viewed of each day)"
        : label(figure.value),
    views: figure.views,
    visitors: figure.visitors,
  }));
}

export async function readersReport(
  db: Database,
  range: DayRange,
  now: Date,
): Promise<ReadersReport> {
  const previous = previousPeriod(range);
  const [
    days,
    previousDays,
    visitingNow,
    pages,
    posts,
    referrers,
    campaigns,
    devices,
    browsers,
  ] = await Promise.all([
    dailyFigures(db, range),
    dailyFigures(db, previous),
    visitorsNow(db, now),
    topValues(db, "path", range, TOP_ROWS),
    topValues(db, "post", range, TOP_ROWS),
    topValues(db, "referrer", range, TOP_ROWS),
    topValues(db, "campaign", range, TOP_ROWS),
    topValues(db, "device", range, TOP_ROWS),
    topValues(db, "browser", range, TOP_ROWS),
  ]);
  const titles = await postTitles(
    db,
    posts.map((post) => post.value),
  );
  return {
    range,
    previous,
    totals: sum(days),
    previousTotals: sum(previousDays),
    now: visitingNow,
    days,
    tables: {
      pages: rows(pages, (value) => value),
      posts: posts.map((post) => {
        const found = titles.get(post.value);
        return {
          label: found?.title ?? "A deleted post",
          href: found ? `/studio/posts/${post.value}` : undefined,
          views: post.views,
          visitors: post.visitors,
        };
      }),
      referrers: rows(referrers, (value) =>
        value === ""
          ? "Direct or unknown"
          : value === "(internal)"
            ? "This site"
            : value,
      ),
      campaigns: rows(campaigns, (value) => value),
      devices: rows(
        devices,
        (value) => value.charAt(0).toUpperCase() + value.slice(1),
      ),
      browsers: rows(browsers, (value) => value),
    },
  };
}
