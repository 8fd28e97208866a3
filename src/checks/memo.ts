// A bounded per-string memo: a unit's source is parsed by several checks and again for every target language.

/**
 * Wraps a pure string function with a cache of up to `limit` entries, dropped all at once when
 * full (cheaper than LRU bookkeeping, and imports walk units in order so reuse is local).
 */
export function memoize<T>(fn: (s: string) => T, limit = 1024): (s: string) => T {
  const cache = new Map<string, T>();
  return (s) => {
    const hit = cache.get(s);
    if (hit !== undefined) return hit;
    const value = fn(s);
    if (cache.size >= limit) cache.clear();
    cache.set(s, value);
    return value;
  };
}
