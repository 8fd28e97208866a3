// The Redis machine-translation cache: shared between processes, and a miss (never an error) when Redis is down.
import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { deleteRedisKeys, REDIS_URL } from '../../test/helpers/redis.js';
import { RedisResultCache, ResultCache } from './cache.js';

const result = (text: string) => [{ text, quality: 90, service: 'DeepL', source: text }];

describe.skipIf(!REDIS_URL)('Redis result cache', () => {
  const prefix = `parla-test-mt-${crypto.randomBytes(4).toString('hex')}:`;
  afterAll(async () => {
    await deleteRedisKeys(prefix);
  });

  it('a result stored by one process is found by another', async () => {
    const one = new RedisResultCache(REDIS_URL, prefix);
    const two = new RedisResultCache(REDIS_URL, prefix);
    const key = ResultCache.key('deepl', { key: 'k' }, 'en', 'de', 'Hello');
    expect(await two.getMany([key])).toEqual([undefined]);
    await one.set(key, result('Hallo'));
    expect(await two.getMany([key, ResultCache.key('deepl', { key: 'k' }, 'en', 'de', 'Bye')])).toEqual([result('Hallo'), undefined]);
    await one.close();
    await two.close();
  });

  it('keeps an empty answer as an answer (a hit), not as a miss', async () => {
    const one = new RedisResultCache(REDIS_URL, prefix);
    const key = ResultCache.key('deepl', { key: 'k' }, 'en', 'de', 'Untranslatable');
    await one.set(key, []);
    expect(await one.getMany([key])).toEqual([[]]);
    await one.close();
    const memory = new ResultCache();
    await memory.set(key, []);
    expect(await memory.getMany([key])).toEqual([[]]);
  });
});

describe('Redis result cache without Redis', () => {
  it('answers "not cached" at once and stores nothing, without throwing', async () => {
    const errors: Error[] = [];
    const cache = new RedisResultCache('redis://127.0.0.1:1', 'x:', (e) => errors.push(e));
    const t0 = Date.now();
    await cache.set('k', result('a'));
    expect(await cache.getMany(['k'])).toEqual([undefined]);
    expect(Date.now() - t0).toBeLessThan(3000);
    expect(errors.length).toBeGreaterThan(0);
    await cache.close();
  });
});
