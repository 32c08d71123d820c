// Fedify's message queue on the site's own database (fediverse_queue), so a
// delivery survives a restart and runs once across several instances, on
// PostgreSQL and PGlite alike (decision 061).
//
// - Claiming is one statement: due rows are picked FOR UPDATE SKIP LOCKED
//   and leased by setting leased_until; no transaction stays open while a
//   message is handled. An instance that dies mid-delivery leaves the lease
//   to run out, and another (or the same, restarted) handles the row again:
//   the activity carries the same id, which receiving servers fold.
// - Messages sharing an ordering key run one at a time, oldest first (a
//   Delete after its Create).
// - Fedify retries a failed delivery itself (nativeRetrial is false) by
//   enqueuing it again with a delay; a handler that throws (a bug, the
//   database gone) is tried again here after a backoff.
// - A handled row is kept, with done_at and without the signing keys Fedify
//   puts in outgoing messages, as the delivery log; rows older than
//   DELIVERY_LOG_DAYS go.
// - A worker wakes at once on an enqueue in any instance: a trigger on the
//   table notifies FEDIVERSE_CHANNEL (drizzle/0024) and start.ts calls
//   wake() on it. Idle, it sleeps until the earliest row falls due (a
//   delayed retry, a lease running out), and never longer than
//   pollIntervalMs, the fallback should a notification be lost.
import type {
  MessageQueue,
  MessageQueueDepth,
  MessageQueueEnqueueOptions,
  MessageQueueListenOptions,
} from "@fedify/fedify";
import { sql } from "drizzle-orm";

import type { Database } from "~database/client";
import { errorMessage } from "~shared/error-message";
import type { Logger } from "~shared/logger";

export interface DatabaseMessageQueueOptions {
  pollIntervalMs?: number;
  /** How long a claimed row is reserved for the instance handling it. */
  leaseMs?: number;
  /** Messages handled at once by one instance. */
  concurrency?: number;
  logger?: Logger;
  /** Runs around each message's handling (start.ts: a delivery's deadline). */
  around?: (message: unknown, handle: () => Promise<void>) => Promise<void>;
}

/** The channel the queue's and the events' triggers notify (drizzle/0024). */
export const FEDIVERSE_CHANNEL = "fediverse_wake";

/** How long handled rows stay as the delivery log. */
export const DELIVERY_LOG_DAYS = 30;

const DEFAULTS = { pollIntervalMs: 30_000, leaseMs: 120_000, concurrency: 8 };
const MAX_HANDLER_BACKOFF_MS = 3_600_000;
/** Keeps a row that fell due while being looked at from spinning the loop. */
const MIN_IDLE_MS = 10;

interface ClaimedRow {
  id: number;
  message: unknown;
  attempts: number;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

function delayMs(options: MessageQueueEnqueueOptions | undefined): number {
  const delay = options?.delay;
  if (!delay) return 0;
  return Math.max(0, delay.total({ unit: "milliseconds" }));
}

export class DatabaseMessageQueue implements MessageQueue {
  readonly nativeRetrial = false;
  private readonly settings: typeof DEFAULTS;
  private readonly wakers = new Set<() => void>();

  private readonly db: Database;
  private readonly options: DatabaseMessageQueueOptions;

  constructor(db: Database, options: DatabaseMessageQueueOptions = {}) {
    this.db = db;
    this.options = options;
    this.settings = { ...DEFAULTS, ...options };
  }

  async enqueue(
    message: unknown,
    options?: MessageQueueEnqueueOptions,
  ): Promise<void> {
    await this.enqueueMany([message], options);
  }

  async enqueueMany(
    messages: readonly unknown[],
    options?: MessageQueueEnqueueOptions,
  ): Promise<void> {
    if (messages.length === 0) return;
    const dueAt = new Date(Date.now() + delayMs(options));
    const orderingKey = options?.orderingKey ?? null;
    await this.db.execute(sql`
      insert into fediverse_queue (message, ordering_key, due_at)
      select value, ${orderingKey}, ${dueAt}
      from jsonb_array_elements(${JSON.stringify(messages)}::jsonb)`);
    this.wake();
  }

  /** Wakes this instance's workers (an enqueue does it itself). */
  wake(): void {
    for (const waker of this.wakers) waker();
  }

  async getDepth(): Promise<MessageQueueDepth> {
    const [row] = rowsOf<{ queued: number; ready: number }>(
      await this.db.execute(sql`
        select count(*)::int as queued,
               (count(*) filter (where due_at <= now()))::int as ready
        from fediverse_queue where done_at is null`),
    );
    const queued = row?.queued ?? 0;
    const ready = row?.ready ?? 0;
    return { queued, ready, delayed: queued - ready };
  }

  /** Claims up to `limit` due rows under a lease. */
  async claim(limit: number): Promise<ClaimedRow[]> {
    const leaseUntil = new Date(Date.now() + this.settings.leaseMs);
    return rowsOf<ClaimedRow>(
      await this.db.execute(sql`
        with due as (
          select q.id from fediverse_queue q
          where q.done_at is null and q.due_at <= now()
            and (q.leased_until is null or q.leased_until < now())
            and (q.ordering_key is null or not exists (
              select 1 from fediverse_queue o
              where o.ordering_key = q.ordering_key and o.done_at is null and o.id < q.id))
          order by q.due_at, q.id
          limit ${limit}
          for update of q skip locked)
        update fediverse_queue f
        set leased_until = ${leaseUntil}, attempts = f.attempts + 1
        from due where f.id = due.id
        returning f.id::int as id, f.message, f.attempts`),
    );
  }

  /** Marks a claimed row handled: it stays as the delivery log, without keys. */
  async finish(id: number): Promise<void> {
    await this.db.execute(sql`
      update fediverse_queue
      set done_at = now(), leased_until = null, last_error = null,
          message = case when jsonb_typeof(message) = 'object' then message - 'keys' else message end
      where id = ${id}`);
  }

  private async postpone(row: ClaimedRow, error: unknown): Promise<void> {
    const backoff = Math.min(
      MAX_HANDLER_BACKOFF_MS,
      1_000 * 2 ** Math.min(row.attempts, 20),
    );
    await this.db.execute(sql`
      update fediverse_queue
      set leased_until = null, due_at = ${new Date(Date.now() + backoff)},
          last_error = ${errorMessage(error).slice(0, 500)}
      where id = ${row.id}`);
  }

  /** Claims and handles one batch; returns how many rows it handled. */
  async runOnce(
    handler: (message: unknown) => Promise<void> | void,
  ): Promise<number> {
    const rows = await this.claim(this.settings.concurrency);
    await Promise.all(
      rows.map(async (row) => {
        try {
          const handle = async () => {
            await handler(row.message);
          };
          await (this.options.around
            ? this.options.around(row.message, handle)
            : handle());
          await this.finish(row.id);
        } catch (error) {
          this.options.logger?.warn("fediverse queue message failed", {
            id: row.id,
            attempts: row.attempts,
            error: errorMessage(error),
          });
          await this.postpone(row, error);
        }
      }),
    );
    return rows.length;
  }

  async listen(
    handler: (message: unknown) => Promise<void> | void,
    options?: MessageQueueListenOptions,
  ): Promise<void> {
    const signal = options?.signal;
    while (!signal?.aborted) {
      let handled = 0;
      try {
        handled = await this.runOnce(handler);
      } catch (error) {
        // The database is away (a restart, a failover): poll again later.
        this.options.logger?.warn("fediverse queue unreadable", {
          error: errorMessage(error),
        });
      }
      if (handled > 0) continue;
      await this.idle(signal, await this.untilDue());
    }
  }

  /**
   * How long until a row this instance could claim falls due: the earliest
   * due time or lease end among rows not waiting on an earlier row of their
   * ordering key; the poll interval when there is none or it is unreadable.
   */
  private async untilDue(): Promise<number> {
    const poll = this.settings.pollIntervalMs;
    try {
      const [row] = rowsOf<{ ms: number | null }>(
        await this.db.execute(sql`
          select (extract(epoch from min(greatest(q.due_at, coalesce(q.leased_until, q.due_at))) - now()) * 1000)::float8 as ms
          from fediverse_queue q
          where q.done_at is null
            and (q.ordering_key is null or not exists (
              select 1 from fediverse_queue o
              where o.ordering_key = q.ordering_key and o.done_at is null and o.id < q.id))`),
      );
      const ms = row?.ms;
      return ms === null || ms === undefined
        ? poll
        : Math.min(poll, Math.max(MIN_IDLE_MS, Math.ceil(ms)));
    } catch {
      return poll;
    }
  }

  private idle(signal: AbortSignal | undefined, ms: number): Promise<void> {
    return new Promise((resolve) => {
      // Aborted while a round ran: its event has fired already.
      if (signal?.aborted) {
        resolve();
        return;
      }
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        signal?.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      this.wakers.add(done);
      signal?.addEventListener("abort", done, { once: true });
    });
  }
}

/** Drops delivery-log rows older than DELIVERY_LOG_DAYS; returns how many. */
export async function pruneDeliveryLog(db: Database): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      with gone as (
        delete from fediverse_queue
        where done_at < now() - make_interval(days => ${DELIVERY_LOG_DAYS})
        returning 1)
      select count(*)::int as n from gone`),
  );
  return row?.n ?? 0;
}
