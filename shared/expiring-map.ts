// The in-process caches' one store (content reads, rendered pages, the shared
// 'Message Sent!' page): entries expire after their TTL, and when the map is
// full the least recently used go first.

export interface ExpiringMapOptions {
  /** Most entries kept. */
  maxEntries: number;
  now?: (() => number) | undefined;
}

export class ExpiringMap<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: ExpiringMapOptions) {
    this.maxEntries = options.maxEntries;
    this.now = options.now ?? Date.now;
  }

  /** The live value under `key`; an expired one is dropped. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expires <= this.now()) return undefined;
    // Re-inserted, so iteration order is least recently used first.
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, ttlMs: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.now() + ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
