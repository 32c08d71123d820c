// Recording readers (docs/PRIVACY.md, docs/decisions/032): the views the
// recorder writes, the daily salts, and the daily totals a day is folded
// into once it is over. The figures read from them are ./readers.server.ts.
//
// Every day is a UTC day.
import { hash, randomBytes } from "node:crypto";

import { eq, lt, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { z } from "zod";

import type { Database } from "~database/client";
import { posts, readerDays, readerSalts, readerViews } from "~database/schema";

const DAY_MS = 86_400_000;
/** Raw views are kept this many days; then only their days' totals remain. */
export const VIEW_RETENTION_DAYS = 90;
/** A day is folded this long after it ends, so views still in a buffer at midnight are in it. */
const FOLD_AFTER_MS = 5 * 60_000;
/** The referrer value of a view that came from a page of this site. */
export const INTERNAL_REFERRER = "(internal)";

/** YYYY-MM-DD of the UTC day `date` falls in. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The UTC day `amount` days after `day` (YYYY-MM-DD). */
export function shiftDay(day: string, amount: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + amount * DAY_MS));
}

/** Midnight UTC at the start of `day`. */
export function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/** A view as the recorder hands it over; the address leaves with `visitorKey` and is never written. */
export interface ViewRecord {
  viewedAt: Date;
  path: string;
  /** The slug when the path is a post's page; the post is found when the batch is written. */
  postSlug?: string;
  referrerHost?: string;
  internal: boolean;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  device: string;
  browser: string;
  visitorKey: string;
}

/**
 * The visitor key: the same address and user agent on the same site give one
 * key all day under that day's salt, and an unrelated one under the next
 * day's. The address goes into the hash and nowhere else.
 */
export function visitorKey(
  salt: string,
  site: string,
  address: string,
  userAgent: string,
): string {
  return hash("sha256", `${salt}\n${site}\n${address}\n${userAgent}`).slice(
    0,
    32,
  );
}

/**
 * The salt of `day`, made on first use by whichever instance asks first
 * (every instance then reads the same one).
 */
export async function saltFor(db: Database, day: string): Promise<string> {
  await db
    .insert(readerSalts)
    .values({ day, salt: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db
    .select({ salt: readerSalts.salt })
    .from(readerSalts)
    .where(eq(readerSalts.day, day));
  if (!row) throw new Error(`no reader salt for ${day}`);
  return row.salt;
}

/** Between a batch's values of one field: a control character no figure needs. */
const SEPARATOR = "\u001f";

/**
 * Writes one batch of views in one statement, each post found by its slug.
 * Each field goes as one text parameter, the batch's values joined by a
 * separator the database splits on: cheaper for both sides than an array
 * parameter, whose every element the driver quotes and escapes and the
 * database parses again. An empty value is a null (no field of a view is
 * ever an empty text), and the separator is taken out of the values first.
 */
export async function insertViews(db: Database, views: ViewRecord[]) {
  if (views.length === 0) return;
  const joined = (read: (view: ViewRecord) => string | undefined) =>
    views
      .map((view) => {
        const value = read(view) ?? "";
        return value.includes(SEPARATOR)
          ? value.replaceAll(SEPARATOR, "")
          : value;
      })
      .join(SEPARATOR);
  const column = (read: (view: ViewRecord) => string) =>
    sql`string_to_array(${joined(read)}, chr(31))`;
  // A field no view of the batch has (most often the campaign's three) goes
  // as one null: unnest reads a missing array as nulls all the way down.
  const optional = (read: (view: ViewRecord) => string | undefined) =>
    views.some((view) => read(view) !== undefined)
      ? sql`string_to_array(${joined(read)}, chr(31), '')`
      : sql`null::text[]`;
  await db.execute(sql`
    insert into ${readerViews}
      (viewed_at, path, post_id, referrer_host, internal, utm_source,
       utm_medium, utm_campaign, device, browser, visitor_key)
    select to_timestamp(v.viewed_ms::float8 / 1000), v.path, p.id, v.referrer_host,
           v.internal::boolean, v.utm_source, v.utm_medium, v.utm_campaign,
           v.device, v.browser, v.visitor_key
    from unnest(
      ${column((view) => String(view.viewedAt.getTime()))},
      ${column((view) => view.path)},
      ${optional((view) => view.postSlug)},
      ${optional((view) => view.referrerHost)},
      ${column((view) => (view.internal ? "t" : "f"))},
      ${optional((view) => view.utmSource)},
      ${optional((view) => view.utmMedium)},
      ${optional((view) => view.utmCampaign)},
      ${column((view) => view.device)},
      ${column((view) => view.browser)},
      ${column((view) => view.visitorKey)}
    ) as v(viewed_ms, path, slug, referrer_host, internal, utm_source,
           utm_medium, utm_campaign, device, browser, visitor_key)
    left join ${posts} p on p.slug = v.slug`);
}

/** The row that holds a day's values past the KEPT_PER_DAY most viewed (no path, host or campaign is spelled so). */
export const OTHER_VALUE = "(other)";

/** Rows kept a day for each dimension a visitor's request names, the most viewed first. */
export const KEPT_PER_DAY = 200;

/** The dimensions a visitor can add values to without bound (the rest are bounded by the site or the user agents' few families). */
const CAPPED_DIMENSIONS: ReadonlySet<Dimension> = new Set([
  "path",
  "referrer",
  "campaign",
]);

/** The dimensions a day is totalled by, and how each reads a view. */
export const DIMENSIONS = {
  total: sql`''`,
  path: sql`${readerViews.path}`,
  post: sql`${readerViews.postId}::text`,
  referrer: sql`case when ${readerViews.internal} then ${INTERNAL_REFERRER} else coalesce(${readerViews.referrerHost}, '') end`,
  campaign: sql`case when coalesce(${readerViews.utmSource}, ${readerViews.utmMedium}, ${readerViews.utmCampaign}) is null then null else concat_ws(' / ', coalesce(${readerViews.utmCampaign}, '-'), coalesce(${readerViews.utmSource}, '-'), coalesce(${readerViews.utmMedium}, '-')) end`,
  device: sql`${readerViews.device}`,
  browser: sql`${readerViews.browser}`,
} satisfies Record<string, SQL>;
export type Dimension = keyof typeof DIMENSIONS;

export const viewDay = sql`(${readerViews.viewedAt} at time zone 'UTC')::date`;

/**
 * Folds one day's views into its daily totals. Idempotent: instances that
 * fold the same day at once write the same rows, and the second is ignored.
 */
export async function foldDay(
  db: Database,
  day: string,
  keptPerDimension: number = KEPT_PER_DAY,
) {
  const from = dayStart(day);
  const to = dayStart(shiftDay(day, 1));
  for (const [dimension, value] of Object.entries(DIMENSIONS)) {
    // Values a visitor chooses (a referrer, a campaign) could make a row
    // each; past the most viewed, the rest of the day is one OTHER_VALUE row.
    const kept = CAPPED_DIMENSIONS.has(dimension as Dimension)
      ? keptPerDimension
      : Number.MAX_SAFE_INTEGER;
    await db.execute(sql`
      with v as (
        select ${value} as value, ${readerViews.visitorKey} as key
        from ${readerViews}
        where ${readerViews.viewedAt} >= ${from.toISOString()} and ${readerViews.viewedAt} < ${to.toISOString()}
      ),
      ranked as (
        select value, row_number() over (order by count(*) desc, value) as place
        from v where value is not null group by value
      )
      insert into ${readerDays} (day, dimension, value, views, visitors)
      select ${day}::date, ${dimension},
        case when r.place <= ${kept} then v.value else ${OTHER_VALUE} end as folded,
        count(*)::int, count(distinct v.key)::int
      from v join ranked r on r.value = v.value
      group by folded
      on conflict do nothing`);
  }
  // A day without views still gets its (zero) total: it marks the day folded.
  await db
    .insert(readerDays)
    .values({ day, dimension: "total", value: "", views: 0, visitors: 0 })
    .onConflictDoNothing();
}

/** The day after the last folded one, or undefined when none is folded. */
export async function firstUnfoldedDay(
  db: Database,
): Promise<string | undefined> {
  const [row] = await db
    .select({ day: sql<string | null>`max(${readerDays.day})::text` })
    .from(readerDays)
    .where(eq(readerDays.dimension, "total"));
  return row?.day ? shiftDay(row.day, 1) : undefined;
}

export interface MaintenanceReport {
  folded: string[];
  deletedViews: number;
  deletedSalts: number;
}

/**
 * The daily work, safe to run often and from every instance: folds each day
 * that is over into its totals, deletes salts 48 hours after their day
 * began (yesterday's stays for the views still buffered at midnight),
 * deletes views older than 90 days once their days are folded, and brings
 * the views' block range index up to the views written since the last run.
 */
export async function maintainReaders(
  db: Database,
  now: Date,
): Promise<MaintenanceReport> {
  // First the page ranges written since the last run, which the index does
  // not cover until they are summarized (PostgreSQL's autovacuum leaves them
  // to its next vacuum, and PGlite has none): every search reads them all.
  await db.execute(
    sql`select brin_summarize_new_values('reader_views_viewed_at_idx')`,
  );
  const folded: string[] = [];
  const lastFoldable = utcDay(new Date(now.getTime() - FOLD_AFTER_MS - DAY_MS));
  let day = await firstUnfoldedDay(db);
  // Where the views start, asked only when a day may be due: the block
  // range index cannot answer it, so it reads every view.
  if (day === undefined || day <= lastFoldable) {
    const [oldest] = await db
      .select({ day: sql<string | null>`min(${viewDay})::text` })
      .from(readerViews);
    if (oldest?.day && (day === undefined || oldest.day > day)) {
      day = oldest.day;
    }
  }
  while (day && day <= lastFoldable) {
    await foldDay(db, day);
    folded.push(day);
    day = shiftDay(day, 1);
  }
  const today = utcDay(now);
  const salts = await db
    .delete(readerSalts)
    .where(lt(readerSalts.day, shiftDay(today, -1)))
    .returning({ day: readerSalts.day });
  // Views are deleted when days have just been folded (once a day, as a
  // rule): a page range that once held deleted views keeps their time as its
  // earliest, so a search for old views reads more of the table than it
  // finds, and once a minute it would read most of it.
  // Once the loop is done, `day` is the first day not folded.
  const deletedViews =
    folded.length > 0 && day ? await deleteOldViews(db, now, day) : 0;
  if (folded.length > 0 || deletedViews > 0) {
    // The planner's row counts, kept current once a day: PGlite has no
    // autovacuum, and stale ones send "the last 5 minutes" through a scan
    // of every view instead of the index. After a deletion, the vacuum also
    // gives the deleted views' space to the next ones: without it, PGlite's
    // table would grow by every day's views for as long as the site runs.
    await db.execute(
      deletedViews > 0
        ? sql`vacuum analyze ${readerViews}`
        : sql`analyze ${readerViews}`,
    );
    await db.execute(sql`analyze ${readerDays}`);
  }
  return {
    folded,
    deletedViews,
    deletedSalts: salts.length,
  };
}

/** Deletes the views older than 90 days whose days are folded (those before `firstUnfolded`); how many. */
async function deleteOldViews(
  db: Database,
  now: Date,
  firstUnfolded: string,
): Promise<number> {
  const keepFrom = dayStart(shiftDay(utcDay(now), -VIEW_RETENTION_DAYS));
  const deleteBefore =
    dayStart(firstUnfolded) < keepFrom ? dayStart(firstUnfolded) : keepFrom;
  // Counted where they are deleted: returning a million keys only to count them is not.
  const deleted = await db.execute(sql`
    with gone as (
      delete from ${readerViews} where ${lt(readerViews.viewedAt, deleteBefore)}
      returning 1)
    select count(*)::int as count from gone`);
  return z
    .object({ count: z.number() })
    .parse((deleted as { rows: unknown[] }).rows[0]).count;
}
