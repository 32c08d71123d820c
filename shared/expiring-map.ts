// The in-process caches' one store (content reads, rendered pages, the shared
// 'Message Sent!' page, social cards): entries expire after their TTL, and
// when the map is full the least recently used go first. lru-cache does the
// work; this wrapper fixes the options every cache wants and reads a TTL of 0
// as "do not keep" (lru-cache reads it as "keep forever").
import { LRUCache } from "lru-cache";

export interface ExpiringMapOptions {
  /** Most entries kept. */
  maxEntries: number;
  now?: (() => number) | undefined;
}

export class ExpiringMap<V> {
  // Boxed: lru-cache holds no undefined or null values, a cache might.
  private readonly entries: LRUCache<string, { value: V }>;

  constructor(options: ExpiringMapOptions) {
    this.entries = new LRUCache<string, { value: V }>({
      max: options.maxEntries,
      // Every entry gets its own TTL in set(); expiry is checked on read.
      ttlAutopurge: false,
      // Exact expiry: the default rounds the clock to reuse readings.
      ttlResolution: 0,
      ...(options.now ? { perf: { now: options.now } } : {}),
    });
  }

  /** The live value under `key`; an expired one is dropped. */
  get(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  set(key: string, value: V, ttlMs: number): void {
    if (ttlMs <= 0) {
      this.entries.delete(key);
      return;
    }
    this.entries.set(key, { value }, { ttl: ttlMs });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
