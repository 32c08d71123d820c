// Generated reader views for measuring the Readers screen at scale
// (docs/PERFORMANCE.md, "Readers"): `count` views spread evenly over the
// `days` days up to `now`, about three views a visitor a day, a third on
// pages and two thirds on the posts in the database, with referrers,
// campaigns, devices and browsers mixed in. Written by the database itself
// (generate_series), a slice at a time.
import { sql } from "drizzle-orm";

import type { Database } from "./client";
import { posts, readerViews } from "./schema";

const SLICE = 100_000;
const PAGES = [
  "/",
  "/about",
  "/content-hub",
  "/hiking",
  "/music",
  "/travel",
  "/contact",
  "/search",
];
const REFERRERS = [
  null,
  null,
  "news.example",
  "www.google.com",
  "duckduckgo.com",
  "mastodon.social",
  null,
  "www.bing.com",
];

function textArray(values: ReadonlyArray<string | null>) {
  return sql`array[${sql.join(
    values.map((value) => (value === null ? sql`null` : sql`${value}`)),
    sql`, `,
  )}]::text[]`;
}

export async function seedReaderViews(
  db: Database,
  options: { count: number; days: number; now: Date },
): Promise<number> {
  const { count, days, now } = options;
  const spanMs = days * 86_400_000;
  for (let start = 0; start < count; start += SLICE) {
    const end = Math.min(count, start + SLICE) - 1;
    await db.execute(sql`
      with ps as (
        select coalesce(array_agg(${posts.id} order by ${posts.slug}), '{}') as ids,
               coalesce(array_agg(${posts.slug} order by ${posts.slug}), '{}') as slugs,
               count(*)::int as n
        from ${posts}
      )
      insert into ${readerViews}
        (viewed_at, path, post_id, referrer_host, internal, utm_source, utm_medium, utm_campaign, device, browser, visitor_key)
      select
        ${now.toISOString()}::timestamptz - ((g::double precision * ${spanMs}::double precision / ${count}::double precision) * interval '1 millisecond'),
        case when g % 3 = 0 or ps.n = 0
          then (${textArray(PAGES)})[1 + (g / 3) % ${PAGES.length}]
          else '/post/' || ps.slugs[1 + (g::bigint * 7919) % ps.n] end,
        case when g % 3 = 0 or ps.n = 0 then null else ps.ids[1 + (g::bigint * 7919) % ps.n] end,
        (${textArray(REFERRERS)})[1 + g % ${REFERRERS.length}],
        g % 8 in (0, 1),
        case when g % 50 = 0 then 'letter' end,
        case when g % 50 = 0 then 'email' end,
        case when g % 50 = 0 then 'autumn-' || (g % 3) end,
        (array['desktop', 'mobile', 'mobile', 'tablet'])[1 + g % 4],
        (array['Chrome', 'Safari', 'Firefox', 'Edge', 'Chrome'])[1 + g % 5],
        md5((g % greatest(1, ${Math.round(count / days / 3)}::int))::text || ':' || floor(g::double precision * ${days}::double precision / ${count}::double precision)::text)
      from generate_series(${start}::int, ${end}::int) as g, ps`);
  }
  // As autovacuum would after a bulk load (PGlite has none: maintainReaders does it there).
  await db.execute(sql`analyze ${readerViews}`);
  return count;
}
