// Fixed-window request counters in the request_limits table, shared by every
// instance on one database: the POST limits (server/limits.ts) and the
// per-account sign-in failures (app/auth/auth-request.server.ts) count here. Each
// counter carries its own expiry, so one sweep serves windows of any length.
import { and, eq, gt, lte, sql } from "drizzle-orm";

import type { Database } from "./client";
import { requestLimits } from "./schema";

export interface Count {
  count: number;
  /** When the current window ends. */
  resetAt: Date;
}

/**
 * The counting statement for `keys` keys, built once per database (every
 * POST runs it): one upsert counts a request against each key at once (a
 * POST counts for its path and for the client's total), so a second counter
 * costs no round trip.
 */
function prepareCount(db: Database, keys: 1 | 2) {
  const window = sql`${sql.placeholder("window")}::interval`;
  const expired = sql`${requestLimits.expiresAt} <= now()`;
  const row = (index: number) => ({
    key: sql.placeholder(`key${index}`),
    count: 1,
    windowStart: sql`now()`,
    expiresAt: sql`now() + ${window}`,
  });
  return db
    .insert(requestLimits)
    .values(Array.from({ length: keys }, (_, index) => row(index)))
    .onConflictDoUpdate({
      target: requestLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${requestLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${requestLimits.windowStart} end`,
        expiresAt: sql`case when ${expired} then now() + ${window} else ${requestLimits.expiresAt} end`,
      },
    })
    .returning({
      key: requestLimits.key,
      count: requestLimits.count,
      expiresAt: requestLimits.expiresAt,
    })
    .prepare(`count_request_${keys}`);
}

type CountStatement = ReturnType<typeof prepareCount>;
const preparedCounts = new WeakMap<Database, Map<number, CountStatement>>();

/**
 * Counts one request against each of one or two distinct keys in a fixed
 * window; one atomic statement, safe across instances. The counts come back
 * in the order of the keys.
 */
export async function countRequests<Keys extends [string] | [string, string]>(
  db: Database,
  keys: Keys,
  windowMs: number,
): Promise<{ [Index in keyof Keys]: Count }> {
  if (new Set(keys).size !== keys.length)
    throw new Error("the keys must differ");
  let statements = preparedCounts.get(db);
  if (!statements) {
    statements = new Map();
    preparedCounts.set(db, statements);
  }
  let statement = statements.get(keys.length);
  if (!statement) {
    statement = prepareCount(db, keys.length);
    statements.set(keys.length, statement);
  }
  const rows = await statement.execute({
    ...Object.fromEntries(keys.map((key, index) => [`key${index}`, key])),
    window: `${Math.round(windowMs)} milliseconds`,
  });
  return keys.map((key) => {
    const row = rows.find((candidate) => candidate.key === key);
    if (!row) throw new Error("the request counter was not returned");
    return { count: row.count, resetAt: row.expiresAt };
  }) as { [Index in keyof Keys]: Count };
}

/** Counts one request against `key` (see countRequests). */
export async function countRequest(
  db: Database,
  key: string,
  windowMs: number,
): Promise<Count> {
  const [counted] = await countRequests(db, [key], windowMs);
  return counted;
}

/** How many requests `key` has in its current window (undefined when none or the window ended), without counting one. */
export async function readCount(
  db: Database,
  key: string,
): Promise<Count | undefined> {
  const [row] = await db
    .select({ count: requestLimits.count, resetAt: requestLimits.expiresAt })
    .from(requestLimits)
    .where(
      and(eq(requestLimits.key, key), gt(requestLimits.expiresAt, sql`now()`)),
    );
  return row;
}

/** Forgets counters whose own window ended; keeps the table as small as the set of recent clients. */
export async function sweepRequestCounts(db: Database) {
  await db
    .delete(requestLimits)
    .where(lte(requestLimits.expiresAt, sql`now()`));
}
