// Rate-limit stores: parallel hits on one key are answered as if they came one after the other, in memory and in Redis.
import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { deleteRedisKeys, REDIS_URL } from '../../test/helpers/redis.js';
import { MemoryRateLimitStore, RedisRateLimitStore, type HitResult, type RateLimitStore } from './rate-limit-store.js';

const prefix = `parla-test-store-${crypto.randomBytes(4).toString('hex')}:`;
const stores: [string, () => RateLimitStore][] = [['memory', () => new MemoryRateLimitStore()]];
if (REDIS_URL) stores.push(['Redis', () => new RedisRateLimitStore(REDIS_URL, prefix)]);

afterAll(async () => {
  if (REDIS_URL) await deleteRedisKeys(prefix);
});

describe.each(stores)('%s rate-limit store', (_name, make) => {
  it('allows parallel hits in order while the limit leaves room, and counts each key apart', async () => {
    const store = make();
    try {
      const now = Date.now();
      const hits = await Promise.all([
        ...Array.from({ length: 8 }, () => store.hit('user:1', 5, 60_000, now)),
        store.hit('user:2', 5, 60_000, now),
      ]);
      const brief = (h: HitResult) => [h.allowed, h.count];
      expect(hits.slice(0, 8).map(brief)).toEqual([
        [true, 1],
        [true, 2],
        [true, 3],
        [true, 4],
        [true, 5],
        [false, 5],
        [false, 5],
        [false, 5],
      ]);
      expect(brief(hits[8]!)).toEqual([true, 1]);
      for (const h of hits) expect(Math.abs(h.oldestMs! - now)).toBeLessThan(5_000);
      const later = await store.hit('user:1', 5, 60_000, Date.now());
      expect(brief(later)).toEqual([false, 5]);
    } finally {
      await store.close();
    }
  });

  it('lets hits in again once the oldest have left the window', async () => {
    const store = make();
    try {
      const first = await Promise.all([store.hit('user:3', 2, 300, Date.now()), store.hit('user:3', 2, 300, Date.now())]);
      expect(first.map((h) => h.allowed)).toEqual([true, true]);
      expect((await store.hit('user:3', 2, 300, Date.now())).allowed).toBe(false);
      await new Promise((r) => setTimeout(r, 400));
      const again = await store.hit('user:3', 2, 300, Date.now());
      expect([again.allowed, again.count]).toEqual([true, 1]);
    } finally {
      await store.close();
    }
  });
});
