// Redis for the suites that need one: PARLA_TEST_REDIS_URL, required when PARLA_TEST_REQUIRE_SERVICES=1.
import { Redis } from 'ioredis';
import { REQUIRE_SERVICES } from './databases.js';

export const REDIS_URL = process.env.PARLA_TEST_REDIS_URL || '';

if (!REDIS_URL) {
  if (REQUIRE_SERVICES) throw new Error('PARLA_TEST_REQUIRE_SERVICES=1 but PARLA_TEST_REDIS_URL is not set');
  console.warn('[parla tests] PARLA_TEST_REDIS_URL is not set: Redis suites (shared rate limits) are skipped.');
}

/** Deletes every key under `prefix` (a test run's own namespace). */
export async function deleteRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
