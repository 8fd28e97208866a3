// Per-process caches of database reads that are emptied whenever the database may have changed.
import type { Database } from './database.js';

/**
 * A read cache keyed by what was read. Every lookup first asks the database for its stamp (one cheap
 * call on SQLite); a different stamp than the entries were read under empties the cache, so a hit is
 * exactly what the query would return now. Where the database has no stamp (read caches off, or
 * PostgreSQL while its channel of announced commits is not confirmed) every lookup loads.
 *
 * Values are shared between requests: callers must not change them.
 */
export class ReadCache<K, V> {
  private stamp: string | null = null;
  private readonly entries = new Map<K, V>();

  constructor(
    private readonly database: Pick<Database, 'stamp'>,
    private readonly maxEntries = 10_000,
  ) {}

  /** A cache that always loads: what services use when they are built without one (tests, tools). */
  static none<K, V>(): ReadCache<K, V> {
    return new ReadCache<K, V>({ stamp: () => null });
  }

  /** Whether values are kept now (the database has a stamp). */
  caching(): boolean {
    return this.database.stamp() !== null;
  }

  /** The value if it is cached and still current, without a promise (hot paths answer synchronously on a hit). */
  peek(key: K): V | undefined {
    return this.current() === null ? undefined : this.entries.get(key);
  }

  async get(key: K, load: () => Promise<V>): Promise<V> {
    const stamp = this.current();
    if (stamp === null) return load();
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    // Read after the stamp was taken: the value is at least as new as the stamp says.
    const value = await load();
    // A lookup that saw a newer stamp meanwhile emptied the cache for it: this value may be older than that.
    if (this.stamp === stamp && value !== undefined) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, value);
    }
    return value;
  }

  /** The database's stamp, after emptying the cache if it moved since the entries were read. */
  private current(): string | null {
    const stamp = this.database.stamp();
    if (stamp !== null && stamp !== this.stamp) {
      this.entries.clear();
      this.stamp = stamp;
    }
    return stamp;
  }
}
