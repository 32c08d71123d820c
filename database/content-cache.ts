// An in-process cache of content reads, plugged into drizzle's query cache.
// Content is edited by hand in PostgreSQL, so no write reaches the site to
// announce it: entries live for a short TTL (bounded staleness), and the
// site's own writes to a content table (e.g. deleting a post) empty the cache
// at once. Only selects that touch content tables alone are cached; sessions,
// messages, rate limits and the outbox always read through.
import { getTableName, is, Table } from "drizzle-orm";
import { Cache } from "drizzle-orm/cache/core";
import type { MutationOption } from "drizzle-orm/cache/core";

import { ExpiringMap } from "~shared/expiring-map";

import * as schema from "./schema";

/** The public content tables (docs/CONTENT.md). */
export const contentTables = [
  schema.coreValues,
  schema.personalJourneySections,
  schema.posts,
  schema.trailPhilosophies,
  schema.musicPhilosophies,
  schema.fitnessPhilosophies,
  schema.fitnessRoutines,
  schema.nutritionStrategies,
  schema.leadershipPhilosophies,
  schema.mentoringApproaches,
  schema.leadershipLessons,
  schema.communityValues,
  schema.communityEvents,
  schema.motivationalSections,
] as const;

/** The same tables by SQL name. */
export const contentTableNames: ReadonlySet<string> = new Set(
  contentTables.map((table) => getTableName(table)),
);

export interface ContentCacheOptions {
  /** How long a read stays fresh; 0 turns caching off. */
  ttlMs: number;
  /** Most entries kept; the least recently used go first. */
  maxEntries?: number;
  now?: () => number;
}

export class ContentCache extends Cache {
  readonly ttlMs: number;
  private readonly entries: ExpiringMap<unknown>;
  private currentVersion = 0;

  constructor(options: ContentCacheOptions) {
    super();
    this.ttlMs = options.ttlMs;
    this.entries = new ExpiringMap({
      maxEntries: options.maxEntries ?? 500,
      now: options.now,
    });
  }

  /** Bumped by every invalidation: anything derived from content (a cached page) compares it. */
  get version(): number {
    return this.currentVersion;
  }

  strategy(): "all" {
    return "all";
  }

  override async get(key: string, tables: string[]) {
    if (!this.cacheable(tables)) return undefined;
    return this.entries.get(key) as never[] | undefined;
  }

  override async put(key: string, rows: unknown, tables: string[]) {
    if (!this.cacheable(tables)) return;
    this.entries.set(key, rows, this.ttlMs);
  }

  override async onMutate({ tables }: MutationOption) {
    const names = (Array.isArray(tables) ? tables : [tables]).map((table) =>
      is(table, Table) ? getTableName(table) : String(table),
    );
    if (names.some((name) => contentTableNames.has(name))) this.invalidateAll();
  }

  /**
   * Forgets every cached read, e.g. after the site itself changed content.
   * (Not named `invalidate`: drizzle overwrites that name on its cache with
   * onMutate.)
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
