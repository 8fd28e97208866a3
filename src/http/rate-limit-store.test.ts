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

describe.skipIf(!REDIS_URL)('Redis rate-limit store far from the limit', () => {
  it('answers at once from what Redis last said, records every hit, and waits for Redis again near the limit', async () => {
    const store = new RedisRateLimitStore(REDIS_URL, prefix);
    const other = new RedisRateLimitStore(REDIS_URL, prefix); // another process
    try {
      const big = 10_000;
      // Nothing known of the key yet: the hit waits for Redis.
      const first = store.hit('busy', big, 60_000, Date.now());
      expect(first).toBeInstanceOf(Promise);
      expect(await first).toMatchObject({ allowed: true, count: 1 });
      // Known now: answered at once, counted on from there.
      const second = store.hit('busy', big, 60_000, Date.now());
      expect(second).toMatchObject({ allowed: true, count: 2 });
      const third = store.hit('busy', big, 60_000, Date.now());
      expect(third).toMatchObject({ allowed: true, count: 3 });
      // Every hit reached Redis: another process counts them.
      await new Promise((r) => setTimeout(r, 50));
      expect(await other.hit('busy', big, 60_000, Date.now())).toMatchObject({ allowed: true, count: 4 });
      // A small limit always waits for Redis, so it is never exceeded.
      await store.hit('small', 10, 60_000, Date.now());
      expect(store.hit('small', 10, 60_000, Date.now())).toBeInstanceOf(Promise);
      // Near a big limit too: past half of it, hits wait for Redis.
      const hits = await Promise.all(Array.from({ length: 6 }, () => store.hit('near', 10_000, 60_000, Date.now())));
      expect(hits.at(-1)).toMatchObject({ count: 6 });
      await Promise.all(Array.from({ length: 4_995 }, () => other.hit('near', 10_000, 60_000, Date.now())));
      // Answered from the view (7), recorded in the background: Redis answers 5002, which the view learns.
      expect(store.hit('near', 10_000, 60_000, Date.now())).toMatchObject({ count: 7 });
      await new Promise((r) => setTimeout(r, 50));
      const near = store.hit('near', 10_000, 60_000, Date.now());
      expect(near).toBeInstanceOf(Promise);
      expect(await near).toMatchObject({ allowed: true, count: 5003 });
    } finally {
      await store.close();
      await other.close();
    }
  });
});

