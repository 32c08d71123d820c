// Fedify's key-value store on the site's own database (fediverse_kv), so
// every instance shares its caches and idempotence marks, on PostgreSQL and
// PGlite alike. A key is Fedify's array of strings, kept as text[]: a prefix
// is then its first elements. An expired entry reads as absent and is swept
// now and then by the queue worker (sweepExpiredKv).
import type {
  KvKey,
  KvStore,
  KvStoreListEntry,
  KvStoreSetOptions,
} from "@fedify/fedify";
import { sql } from "drizzle-orm";

import type { Database } from "~database/client";

interface KvRow {
  key: string[];
  value: unknown;
}

function expiresAt(options: KvStoreSetOptions | undefined): Date | null {
  if (!options?.ttl) return null;
  return new Date(Date.now() + options.ttl.total({ unit: "milliseconds" }));
}

const textArray = (key: KvKey) =>
  sql`${sql.join(
    key.map((part) => sql`${part}::text`),
    sql`, `,
  )}`;

export class DatabaseKvStore implements KvStore {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    const { rows } = (await this.db.execute(sql`
      select value from fediverse_kv
      where key = array[${textArray(key)}]
        and (expires_at is null or expires_at > now())`)) as unknown as {
      rows: Array<{ value: T }>;
    };
    return rows[0]?.value;
  }

  async set(
    key: KvKey,
    value: unknown,
    options?: KvStoreSetOptions,
  ): Promise<void> {
    await this.db.execute(sql`
      insert into fediverse_kv (key, value, expires_at)
      values (array[${textArray(key)}], ${JSON.stringify(value)}::jsonb, ${expiresAt(options)})
      on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at`);
  }

  async delete(key: KvKey): Promise<void> {
    await this.db.execute(
      sql`delete from fediverse_kv where key = array[${textArray(key)}]`,
    );
  }

  async cas(
    key: KvKey,
    expectedValue: unknown,
    newValue: unknown,
    options?: KvStoreSetOptions,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const { rows } = (await tx.execute(sql`
        select value, expires_at is not null and expires_at <= now() as expired
        from fediverse_kv where key = array[${textArray(key)}] for update`)) as unknown as {
        rows: Array<{ value: unknown; expired: boolean }>;
      };
      const row = rows[0];
      const current = row && !row.expired ? row.value : undefined;
      if (JSON.stringify(current) !== JSON.stringify(expectedValue))
        return false;
      if (newValue === undefined) {
        await tx.execute(
          sql`delete from fediverse_kv where key = array[${textArray(key)}]`,
        );
      } else {
        await tx.execute(sql`
          insert into fediverse_kv (key, value, expires_at)
          values (array[${textArray(key)}], ${JSON.stringify(newValue)}::jsonb, ${expiresAt(options)})
          on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at`);
      }
      return true;
    });
  }

  async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
    const where = prefix
      ? sql`key[1:${prefix.length}::int] = array[${textArray(prefix)}] and`
      : sql``;
    const { rows } = (await this.db.execute(sql`
      select key, value from fediverse_kv
      where ${where} (expires_at is null or expires_at > now())
      order by key`)) as unknown as { rows: KvRow[] };
    for (const row of rows) {
      const [first, ...rest] = row.key;
      if (first === undefined) continue;
      yield { key: [first, ...rest], value: row.value };
    }
  }
}

/** Removes expired entries; returns how many. */
export async function sweepExpiredKv(db: Database): Promise<number> {
  const { rows } = (await db.execute(sql`
    with gone as (delete from fediverse_kv where expires_at <= now() returning 1)
    select count(*)::int as n from gone`)) as unknown as {
    rows: Array<{ n: number }>;
  };
  return rows[0]?.n ?? 0;
}
