// An in-process cache of content reads, plugged into drizzle's query cache.
// The database announces every change to a content table
// (database/content-listener.ts); while those notifications arrive, a read
// lives until the next change (bounded by a generous safety TTL). While they
// do not (the listener is reconnecting), reads fall back to a short TTL, so a
// missed change shows within seconds (docs/decisions/013). Only selects that
// touch content tables alone are cached; sessions, messages, rate limits and
// the outbox always read through.
import { getTableName, is, Table } from "drizzle-orm";
import { Cache } from "drizzle-orm/cache/core";
import type { MutationOption } from "drizzle-orm/cache/core";

import { ExpiringMap } from "~shared/expiring-map";

import * as schema from "./schema";
import { sectionTables } from "./section-tables";

/**
 * The public content tables (docs/CONTENT.md): every section table of the
 * registry, the posts, and the site settings. Each has the change triggers
 * (drizzle/0020_section_table_triggers.sql; database/section-triggers.test.ts
 * checks them).
 */
export const contentTables = [
  ...Object.values(sectionTables),
  schema.posts,
  // Not content, but every page shows it (docs/decisions/041).
  schema.siteSettings,
  // Every page's join form follows it (docs/decisions/060).
  schema.newsletterSettings,
  // The social web's approved replies and counts show under their post (decision 061).
  schema.fediverseResponses,
] as const;

/** The same tables by SQL name. */
export const contentTableNames: ReadonlySet<string> = new Set(
  contentTables.map((table) => getTableName(table)),
);

export interface ContentCacheOptions {
  /** The longest a read is kept while change notifications arrive (the safety TTL); 0 turns caching off. */
  ttlMs: number;
  /** The longest a read is kept while they do not (FALLBACK_TTL_MS, never more than ttlMs). */
  fallbackTtlMs?: number;
  /** Most entries kept; the least recently used go first. */
  maxEntries?: number;
  now?: () => number;
}

/** How long cached content lives while the database's notifications are not arriving. */
export const FALLBACK_TTL_MS = 5_000;
// Reads in flight at once are far fewer; past this the oldest are forgotten
// and their results simply not kept.
const MAX_READS_IN_FLIGHT = 1_000;

interface Entry {
  rows: unknown;
  storedAt: number;
}

export class ContentCache extends Cache {
  readonly ttlMs: number;
  private readonly fallbackTtlMs: number;
  private readonly now: () => number;
  private readonly entries: ExpiringMap<Entry>;
  /** Per key, the version when its read missed: a read that overlapped a change is not kept. */
  private readonly readsInFlight = new Map<string, number>();
  private currentVersion = 0;
  /** Cacheable reads answered from the cache, and those that went to the database (for metrics). */
  readonly stats = { hits: 0, misses: 0 };
  private notified = false;

  constructor(options: ContentCacheOptions) {
    super();
    this.ttlMs = options.ttlMs;
    this.fallbackTtlMs = Math.min(
      options.ttlMs,
      options.fallbackTtlMs ?? FALLBACK_TTL_MS,
    );
    this.now = options.now ?? Date.now;
    this.entries = new ExpiringMap({
      maxEntries: options.maxEntries ?? 500,
      now: this.now,
    });
  }

  /** Bumped by every invalidation: anything derived from content (a cached page) compares it. */
  get version(): number {
    return this.currentVersion;
  }

  /**
   * Whether the database's change notifications are arriving (set by the
   * listener). Turning it on forgets everything: what changed while they did
   * not arrive is unknown.
   */
  get listening(): boolean {
    return this.notified;
  }

  set listening(listening: boolean) {
    this.notified = listening;
    if (listening) this.invalidateAll();
  }

  /** How old a cached read, or a page made from reads, may be right now; 0 when caching is off. */
  maxAgeMs(): number {
    return this.notified ? this.ttlMs : this.fallbackTtlMs;
  }

  strategy(): "all" {
    return "all";
  }

  override async get(key: string, tables: string[]) {
    if (!this.cacheable(tables)) return undefined;
    const entry = this.entries.get(key);
    if (entry && this.now() - entry.storedAt <= this.maxAgeMs()) {
      this.stats.hits += 1;
      return entry.rows as never[];
    }
    this.stats.misses += 1;
    if (!this.readsInFlight.has(key)) {
      if (this.readsInFlight.size >= MAX_READS_IN_FLIGHT) {
        this.readsInFlight.clear();
      }
      this.readsInFlight.set(key, this.currentVersion);
    }
    return undefined;
  }

  override async put(key: string, rows: unknown, tables: string[]) {
    const since = this.readsInFlight.get(key);
    this.readsInFlight.delete(key);
    // A change announced while the query ran may not be in its rows.
    if (!this.cacheable(tables) || since !== this.currentVersion) return;
    this.entries.set(key, { rows, storedAt: this.now() }, this.maxAgeMs());
  }

  // The site's own writes through drizzle: forgotten at once on this
  // instance, before the database's notification comes back.
  override async onMutate({ tables }: MutationOption) {
    const names = (Array.isArray(tables) ? tables : [tables]).map((table) =>
      is(table, Table) ? getTableName(table) : String(table),
    );
    if (names.some((name) => contentTableNames.has(name))) this.invalidateAll();
  }

  /**
   * Forgets every cached read (a change was announced). (Not named
   * `invalidate`: drizzle overwrites that name on its cache with onMutate.)
   */
  invalidateAll() {
    this.entries.clear();
    this.currentVersion += 1;
  }

  private cacheable(tables: ReadonlyArray<string>): boolean {
    return (
      this.ttlMs > 0 &&
      tables.length > 0 &&
      tables.every((name) => contentTableNames.has(name))
    );
  }
}
