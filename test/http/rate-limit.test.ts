// API throttling: X-RateLimit-* headers, 429 throttled with Retry-After, per-user and
// per-IP counters, only /api/ limited; with Redis, several processes share the counters.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { redisKeyPrefix } from '../../src/http/plugins/rate-limit.js';
import { MemoryRateLimitStore } from '../../src/http/rate-limit-store.js';
import { deleteRedisKeys, REDIS_URL } from '../helpers/redis.js';
import { startServer, type TestServer } from '../helpers/server.js';

const LIMITS = { PARLA_API_RATELIMIT_ANON: '3/minute', PARLA_API_RATELIMIT_USER: '5/minute' };

function limitHeaders(res: Response) {
  return {
    limit: res.headers.get('x-ratelimit-limit'),
    remaining: res.headers.get('x-ratelimit-remaining'),
    reset: Number(res.headers.get('x-ratelimit-reset')),
  };
}

async function expectThrottled(res: Response): Promise<void> {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const detail = `Request was throttled. Expected available in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`;
  expect(await res.json()).toEqual({ type: 'client_error', detail, errors: [{ code: 'throttled', detail, attr: null }] });
  expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
}

describe('API rate limits (in memory)', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('counts anonymous calls down in the headers and answers the 4th with 429 and Retry-After', async () => {
    server = await startServer('sqlite', LIMITS);
    for (const remaining of ['2', '1', '0']) {
      const res = await server.api('/api/', { token: null });
      expect(res.status).toBe(200);
      const h = limitHeaders(res);
      expect(h.limit).toBe('3');
      expect(h.remaining).toBe(remaining);
      expect(h.reset).toBeGreaterThanOrEqual(1);
      expect(h.reset).toBeLessThanOrEqual(60);
    }
    await expectThrottled(await server.api('/api/languages/', { token: null }));
    // Authenticated callers have their own counter and the user limit.
    const res = await server.api('/api/');
    expect(res.status).toBe(200);
    expect(limitHeaders(res)).toMatchObject({ limit: '5', remaining: '4' });
  });

  it('limits each user separately and independently of anonymous callers', async () => {
    server = await startServer('sqlite', LIMITS);
    const other = await server.createUser('other');
    for (let i = 4; i >= 0; i--) expect(limitHeaders(await server.api('/api/projects/')).remaining).toBe(String(i));
    await expectThrottled(await server.api('/api/projects/'));
    const res = await server.api('/api/projects/', { token: other });
    expect(res.status).toBe(200);
    expect(limitHeaders(res)).toMatchObject({ limit: '5', remaining: '4' });
    expect(limitHeaders(await server.api('/api/', { token: null }))).toMatchObject({ limit: '3', remaining: '2' });
  });

  it('puts the headers on API error responses, not on hooks or other paths; rejected anonymous writes are not counted', async () => {
    server = await startServer('sqlite', LIMITS);
    expect((await server.api('/api/projects/', { token: null, method: 'POST', json: { name: 'x', slug: 'x' } })).status).toBe(401);
    const notFound = await server.api('/api/projects/missing/', { token: null });
    expect(notFound.status).toBe(404);
    expect(limitHeaders(notFound)).toMatchObject({ limit: '3', remaining: '2' });
    for (let i = 0; i < 5; i++) {
      const hook = await fetch(`${server.url}/hooks/github/`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-GitHub-Event': 'ping' }, body: '{}' });
      expect(hook.status).not.toBe(429);
      expect(hook.headers.get('x-ratelimit-limit')).toBeNull();
    }
    const other = await fetch(`${server.url}/not-the-api/`);
    expect(other.headers.get('x-ratelimit-limit')).toBeNull();
    expect(limitHeaders(await server.api('/api/', { token: null })).remaining).toBe('1');
  });

  it('lets calls through again once the window has passed', async () => {
    server = await startServer('sqlite', { PARLA_API_RATELIMIT_ANON: '2/1second', PARLA_API_RATELIMIT_USER: '5/minute' });
    expect((await server.api('/api/', { token: null })).status).toBe(200);
    expect((await server.api('/api/', { token: null })).status).toBe(200);
    const throttled = await server.api('/api/', { token: null });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('1');
    await new Promise((r) => setTimeout(r, 1100));
    const res = await server.api('/api/', { token: null });
    expect(res.status).toBe(200);
    expect(limitHeaders(res)).toMatchObject({ limit: '2', remaining: '1', reset: 1 });
  });

  it('anonymous callers are also held to the user limit (per IP)', async () => {
    server = await startServer('sqlite', { PARLA_API_RATELIMIT_ANON: '10/minute', PARLA_API_RATELIMIT_USER: '2/minute' });
    expect((await server.api('/api/', { token: null })).status).toBe(200);
    const second = await server.api('/api/', { token: null });
    expect(second.status).toBe(200);
    expect(limitHeaders(second)).toMatchObject({ limit: '10', remaining: '8' });
    expect((await server.api('/api/', { token: null })).status).toBe(429);
  });

  it('serves requests unthrottled when Redis is unreachable', async () => {
    server = await startServer('sqlite', { ...LIMITS, PARLA_REDIS_URL: 'redis://127.0.0.1:1' });
    for (let i = 0; i < 4; i++) {
      const res = await server.api('/api/', { token: null });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBeNull();
    }
  });
});

describe('sliding-window store', () => {
  it('counts requests of the last window only and reports the oldest one', async () => {
    const store = new MemoryRateLimitStore();
    try {
      expect(await store.hit('k', 2, 1000, 0)).toEqual({ allowed: true, count: 1, oldestMs: 0 });
      expect(await store.hit('k', 2, 1000, 500)).toEqual({ allowed: true, count: 2, oldestMs: 0 });
      expect(await store.hit('k', 2, 1000, 900)).toEqual({ allowed: false, count: 2, oldestMs: 0 });
      expect(await store.hit('k', 2, 1000, 1000)).toEqual({ allowed: true, count: 2, oldestMs: 500 });
      expect(await store.hit('other', 2, 1000, 1000)).toEqual({ allowed: true, count: 1, oldestMs: 1000 });
      store.sweep(5000);
      expect(await store.hit('k', 2, 1000, 5000)).toEqual({ allowed: true, count: 1, oldestMs: 5000 });
    } finally {
      await store.close();
    }
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

describe.skipIf(!REDIS_URL)('API rate limits shared through Redis', () => {
  const secretKey = crypto.randomBytes(24).toString('base64url'); // this run's own key namespace
  const env = { ...LIMITS, PARLA_REDIS_URL: REDIS_URL, PARLA_SECRET_KEY: secretKey };
  let first: TestServer;
  let child: ChildProcess;
  let second: string;

  beforeAll(async () => {
    first = await startServer('sqlite', env);
    // A second `parla serve` process on the same data dir (database) and Redis.
    const port = await freePort();
    child = spawn(process.execPath, ['bin/parla.mjs', 'serve'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, ...env, PARLA_DATA_DIR: first.dataDir, PARLA_HOST: '127.0.0.1', PARLA_PORT: String(port), PARLA_LOG_LEVEL: 'warn', PARLA_MAX_EVENT_LOOP_DELAY_MS: '0' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    second = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      try {
        await fetch(`${second}/not-the-api/`);
        break;
      } catch (e) {
        if (i > 300 || child.exitCode !== null) throw e;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }, 60_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill();
      await exited;
    }
    await first?.close();
    await deleteRedisKeys(redisKeyPrefix(secretKey));
  });

  it('two processes share the anonymous counter', async () => {
    const remaining = [];
    for (const base of [first.url, second, first.url]) {
      const res = await fetch(`${base}/api/`);
      expect(res.status).toBe(200);
      remaining.push(res.headers.get('x-ratelimit-remaining'));
    }
    expect(remaining).toEqual(['2', '1', '0']);
    await expectThrottled(await fetch(`${second}/api/`));
  });

  it('two processes share a user counter', async () => {
    const auth = { Authorization: `Token ${first.adminToken}` };
    const remaining = [];
    for (const base of [second, first.url, second, first.url, second]) {
      const res = await fetch(`${base}/api/projects/`, { headers: auth });
      expect(res.status).toBe(200);
      remaining.push(res.headers.get('x-ratelimit-remaining'));
    }
    expect(remaining).toEqual(['4', '3', '2', '1', '0']);
    await expectThrottled(await fetch(`${first.url}/api/projects/`, { headers: auth }));
  });

  it('an installation with another secret key has its own counters', async () => {
    const other = await startServer('sqlite', { ...env, PARLA_SECRET_KEY: `${secretKey}-other` });
    try {
      const res = await fetch(`${other.url}/api/`);
      expect(res.status).toBe(200);
      expect(limitHeaders(res)).toMatchObject({ limit: '3', remaining: '2' });
    } finally {
      await other.close();
      await deleteRedisKeys(redisKeyPrefix(`${secretKey}-other`));
    }
  });
});
