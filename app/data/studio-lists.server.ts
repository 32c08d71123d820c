// The studio's post list and the dashboard's figures, a page at a time in SQL
// (docs/decisions/030-studio-lists-in-sql.md): filters, the title search and
// the order are in the query, the counts by state one grouped query, and no
// list ever selects a post's body.
//
// A post is a public row (`posts`), a studio row (`studio_posts`), or both
// (app/data/studio-posts.server.ts). The list reads them as two branches,
// each in its own index order and cut at the rows the page needs: studio
// rows (the working copy names the post), and public rows the studio has
// never touched. The two are merged and cut once more.
import { sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { z } from "zod";

import type { Database } from "~database/client";
import type { PostState } from "~database/post-lifecycle/model";
import { pageCountOf } from "~/lib/pagination";
import { POST_STATES } from "~/studio/ui";

/** Posts a page in the studio's list. */
export const STUDIO_POSTS_PAGE_SIZE = 30;

export interface StudioPostFilter {
  /** Part of the title, any case. */
  query?: string;
  category?: string;
  state?: PostState;
}

/** A post as a list row shows it: no body, no excerpt, no meta. */
export interface StudioPostRow {
  id: string;
  title: string;
  slug: string;
  category: string;
  /** yyyy-MM-dd */
  date: string;
  state: PostState;
  live: boolean;
  unpublishedChanges: boolean;
  scheduledAt: string | null;
  deletedAt: string | null;
  updatedAt: string;
}

export interface StudioPostPage {
  posts: StudioPostRow[];
  /** Posts matching the filter, on every page. */
  total: number;
  page: number;
  pageCount: number;
}

const isoOrNull = z
  .union([z.date(), z.string(), z.null()])
  .transform((value) =>
    value === null ? null : new Date(value).toISOString(),
  );

const rowSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  category: z.string(),
  date: z.string(),
  state: z.enum(POST_STATES),
  live: z.boolean(),
  unpublished_changes: z.boolean(),
  scheduled_at: isoOrNull,
  deleted_at: isoOrNull,
  updated_at: isoOrNull,
});

/** `ILIKE` pattern for text anywhere in the title, the user's % and _ taken literally. */
export function titlePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The studio rows `s`, each with its public row `p` and its entry in the
 * trash `t` (docs/decisions/045), either of which may be missing.
 */
const studioRows = sql.raw(`studio_posts s
  left join posts p on p.id = s.post_id
  left join trash t on t.kind = 'post' and t.item_id = s.post_id`);

/** The state of a studio row (`s`, `p`, `t`), as describe() in database/post-lifecycle/model.ts decides it. */
const studioState = sql.raw(`case
  when t.item_id is not null then 'trash'
  when p.id is not null then 'published'
  when s.scheduled_at is not null then 'scheduled'
  else 'draft' end`);

/** Each state as a condition on a studio row, so schedules can use their partial index. */
const inState: Record<PostState, SQL> = {
  trash: sql`t.item_id is not null`,
  published: sql`t.item_id is null and p.id is not null`,
  scheduled: sql`t.item_id is null and p.id is null and s.scheduled_at is not null`,
  draft: sql`t.item_id is null and p.id is null and s.scheduled_at is null`,
};

/** Conditions on the studio rows (`s`, `p`) and on the untouched public rows (`u`). */
function conditions(filter: StudioPostFilter): {
  studio: SQL;
  untouched: SQL;
} {
  const studio: SQL[] = [sql`true`];
  const untouched: SQL[] = [
    sql`not exists (select 1 from studio_posts t where t.post_id = u.id)`,
  ];
  const query = filter.query?.trim();
  if (query) {
    const pattern = titlePattern(query);
    studio.push(sql`s.title ilike ${pattern}`);
    untouched.push(sql`u.title ilike ${pattern}`);
  }
  if (filter.category !== undefined) {
    studio.push(sql`s.category = ${filter.category}`);
    untouched.push(sql`u.category = ${filter.category}`);
  }
  if (filter.state) {
    studio.push(inState[filter.state]);
    // Untouched public rows are published, and nothing else.
    if (filter.state !== "published") untouched.push(sql`false`);
  }
  return {
    studio: sql.join(studio, sql` and `),
    untouched: sql.join(untouched, sql` and `),
  };
}

/** The query of one page of the list (its plan is tested at 2,000 posts). */
export function studioPostPageQuery(
  filter: StudioPostFilter,
  page: number,
  pageSize = STUDIO_POSTS_PAGE_SIZE,
): SQL {
  const where = conditions(filter);
  const offset = (page - 1) * pageSize;
  const reach = offset + pageSize;
  return sql`
  select id, title, slug, category, date::text as date, state, live,
    unpublished_changes, scheduled_at, deleted_at, updated_at
  from (
    (select s.post_id as id, s.title, s.slug, s.category, s.date,
        ${studioState} as state, p.id is not null as live,
        p.id is not null and s.published_version is distinct from s.version
          as unpublished_changes,
        s.scheduled_at, t.deleted_at, s.updated_at
      from ${studioRows}
      where ${where.studio}
      order by s.date desc, s.updated_at desc, s.post_id desc
      limit ${reach})
    union all
    (select u.id, u.title, u.slug, u.category, u.date,
        'published', true, false, null, null, u.created_at
      from posts u
      where ${where.untouched}
      order by u.date desc, u.created_at desc, u.id desc
      limit ${reach})
  ) rows
  order by rows.date desc, rows.updated_at desc, rows.id desc
  limit ${pageSize} offset ${offset}
  `;
}

/** One page of the studio's posts, newest date first (the latest edited first on a day). */
export async function listStudioPostPage(
  db: Database,
  filter: StudioPostFilter,
  page: number,
  pageSize = STUDIO_POSTS_PAGE_SIZE,
): Promise<StudioPostPage> {
  const [result, counts] = await Promise.all([
    db.execute(studioPostPageQuery(filter, page, pageSize)),
    countPostsByState(db, { query: filter.query, category: filter.category }),
  ]);
  const rows = z.array(rowSchema).parse((result as { rows: unknown[] }).rows);
  const total = filter.state
    ? counts[filter.state]
    : POST_STATES.reduce((sum, state) => sum + counts[state], 0);
  return {
    posts: rows.map((row) => ({
      id: row.id,
      title: row.title,
      slug: row.slug,
      category: row.category,
      date: row.date,
      state: row.state,
      live: row.live,
      unpublishedChanges: row.unpublished_changes,
      scheduledAt: row.scheduled_at,
      deletedAt: row.deleted_at,
      updatedAt: row.updated_at ?? "",
    })),
    total,
    page,
    pageCount: pageCountOf(total, pageSize),
  };
}

/** The grouped count by state (its plan is tested at 2,000 posts). */
export function countByStateQuery(
  filter: Omit<StudioPostFilter, "state"> = {},
): SQL {
  const where = conditions(filter);
  return sql`
    select state, count(*)::int as n from (
      select ${studioState} as state
        from ${studioRows}
        where ${where.studio}
      union all
      select 'published' from posts u where ${where.untouched}
    ) states
    group by state
  `;
}

/** How many posts are in each state (those matching a title and category, when given): one grouped query. */
export async function countPostsByState(
  db: Database,
  filter: Omit<StudioPostFilter, "state"> = {},
): Promise<Record<PostState, number>> {
  const result = await db.execute(countByStateQuery(filter));
  const counts: Record<PostState, number> = {
    published: 0,
    draft: 0,
    scheduled: 0,
    trash: 0,
  };
  const rows = z
    .array(z.object({ state: z.enum(POST_STATES), n: z.coerce.number() }))
    .parse((result as { rows: unknown[] }).rows);
  for (const row of rows) counts[row.state] = row.n;
  return counts;
}

export interface PostBrief {
  id: string;
  title: string;
  updatedAt: string;
  scheduledAt: string | null;
}

/**
 * The dashboard's short lists: the latest edited drafts, and the next posts
 * to be published on schedule. Drafts and schedules are studio rows only.
 */
export async function listPostBriefs(
  db: Database,
  state: "draft" | "scheduled",
  limit = 5,
): Promise<PostBrief[]> {
  // Drafts in the list's order; schedules by when they go out.
  const order =
    state === "scheduled"
      ? sql`s.scheduled_at asc, s.post_id`
      : sql`s.date desc, s.updated_at desc, s.post_id desc`;
  const result = await db.execute(sql`
    select s.post_id as id, s.title, s.updated_at, s.scheduled_at
    from ${studioRows}
    where ${inState[state]}
    order by ${order}
    limit ${limit}
  `);
  return z
    .array(
      z.object({
        id: z.string(),
        title: z.string(),
        updated_at: isoOrNull,
        scheduled_at: isoOrNull,
      }),
    )
    .parse((result as { rows: unknown[] }).rows)
    .map((row) => ({
      id: row.id,
      title: row.title,
      updatedAt: row.updated_at ?? "",
      scheduledAt: row.scheduled_at,
    }));
}
