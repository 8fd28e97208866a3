// The probes: /healthz and /readyz on the real server (with a failing data dir and an unreachable Redis), and the worker's listener.
import fs from 'node:fs/promises';
import net from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { LivenessSchema, ReadinessSchema, UnreadinessSchema } from '../../src/http/schemas/health.js';
import { startHealthListener } from '../../src/tasks/worker-process.js';
import { DIALECTS } from '../helpers/databases.js';
import { REDIS_URL } from '../helpers/redis.js';
import { startServer, type TestServer } from '../helpers/server.js';

const CHECKS = ['data_dir', 'database', 'migrations', 'queue', 'redis'];

/** A loopback port nothing listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.each(DIALECTS)('health probes on %s', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    // The real rate limits (not the helper's very high ones): the probes must not count against them.
    s = await startServer(dialect, { PARLA_API_RATELIMIT_ANON: '5/day' });
  });
  afterAll(async () => s?.close());

  it('/healthz answers 200 {"status":"ok"} without authentication, to GET and HEAD', async () => {
    const res = await s.api('/healthz', { token: null });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body: unknown = await res.json();
    expect(body).toEqual({ status: 'ok' });
    expect(Value.Check(LivenessSchema, body)).toBe(true);
    const head = await s.api('/healthz', { token: null, method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('/readyz answers 200 with every check passed', async () => {
    const res = await s.api('/readyz', { token: null });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; checks: Record<string, { ok: boolean; detail?: string }> };
    expect(body.status).toBe('ok');
    expect(Value.Check(ReadinessSchema, body)).toBe(true);
    expect(Object.keys(body.checks).sort()).toEqual(CHECKS);
    for (const check of Object.values(body.checks)) expect(check.ok).toBe(true);
    expect(body.checks.redis!.detail).toBe('not configured');
    expect(body.checks.queue!.detail).toBe('in-process');
    expect((await s.api('/readyz', { token: null, method: 'HEAD' })).status).toBe(200);
  });

  it('is not rate limited: 200 rapid calls all answer 200 without X-RateLimit headers', async () => {
    const statuses = await Promise.all(Array.from({ length: 200 }, (_, i) => s.api(i % 2 ? '/healthz' : '/readyz', { token: null }).then(async (r) => {
      expect(r.headers.get('x-ratelimit-limit')).toBeNull();
      await r.arrayBuffer();
      return r.status;
    })));
    expect(new Set(statuses)).toEqual(new Set([200]));
  });

  it('logs the probes at debug, other requests at info', async () => {
    const lines: { level: number; msg: string; req?: { url: string }; res?: { statusCode: number } }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const app = await buildApp(s.container, { logger: { level: 'debug', stream } });
    try {
      for (const url of ['/healthz', '/readyz', '/api/']) expect((await app.inject({ url })).statusCode).toBe(200);
      const incoming = lines.filter((l) => l.msg === 'incoming request');
      expect(incoming.map((l) => [l.req?.url, l.level])).toEqual([
        ['/healthz', 20],
        ['/readyz', 20],
        ['/api/', 30],
      ]);
      const completed = lines.filter((l) => l.msg === 'request completed').map((l) => l.level);
      expect(completed).toEqual([20, 20, 30]);
    } finally {
      await app.close();
    }
  });

  it('/readyz answers 503 naming the data dir when it cannot be written', async () => {
    // The data dir gone (a volume that is not mounted); root may write anywhere, so chmod would prove nothing.
    const moved = `${s.dataDir}-moved`;
    await fs.rename(s.dataDir, moved);
    try {
      const res = await s.api('/readyz', { token: null });
      expect(res.status).toBe(503);
      const body = (await res.json()) as { status: string; checks: Record<string, { ok: boolean; error?: string }> };
      expect(body.status).toBe('unavailable');
      expect(Value.Check(UnreadinessSchema, body)).toBe(true);
      expect(body.checks.data_dir!.ok).toBe(false);
      expect(body.checks.data_dir!.error).toMatch(/ENOENT|no such file/);
      expect(body.checks.database!.ok).toBe(true);
      expect((await s.api('/healthz', { token: null })).status).toBe(200);
    } finally {
      await fs.rename(moved, s.dataDir);
    }
    expect((await s.api('/readyz', { token: null })).status).toBe(200);
  });

  it('/readyz answers 503 naming a pending migration', async () => {
    const db = s.container.database.db;
    const last = (await sql<{ name: string; timestamp: string }>`select name, timestamp from parla_migrations order by name desc limit 1`.execute(db)).rows[0]!;
    await sql`delete from parla_migrations where name = ${last.name}`.execute(db);
    try {
      const res = await s.api('/readyz', { token: null });
      expect(res.status).toBe(503);
      const body = (await res.json()) as { checks: Record<string, { ok: boolean; error?: string }> };
      expect(body.checks.migrations!.ok).toBe(false);
      expect(body.checks.migrations!.error).toContain(last.name);
    } finally {
      await sql`insert into parla_migrations (name, timestamp) values (${last.name}, ${last.timestamp})`.execute(db);
    }
    expect((await s.api('/readyz', { token: null })).status).toBe(200);
  });

  it('the worker probe answers /healthz and /readyz with the same checks', async () => {
    const probe = await startHealthListener(s.container.health, '127.0.0.1', 0);
    try {
      const base = `http://127.0.0.1:${(probe.address() as net.AddressInfo).port}`;
      const live = await fetch(`${base}/healthz`);
      expect(live.status).toBe(200);
      expect(await live.json()).toEqual({ status: 'ok' });
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(200);
      const body = (await ready.json()) as { status: string; checks: Record<string, unknown> };
      expect(body.status).toBe('ok');
      expect(Object.keys(body.checks).sort()).toEqual(CHECKS);
      expect((await fetch(`${base}/readyz`, { method: 'HEAD' })).status).toBe(200);
      expect((await fetch(`${base}/elsewhere`)).status).toBe(404);
      expect((await fetch(`${base}/healthz`, { method: 'POST' })).status).toBe(405);
    } finally {
      probe.closeAllConnections();
      await new Promise<void>((resolve) => probe.close(() => resolve()));
    }
  });
});

describe.each(DIALECTS)('health probes with an unreachable Redis on %s', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(dialect, { PARLA_REDIS_URL: `redis://127.0.0.1:${await closedPort()}` });
  });
  afterAll(async () => s?.close());

  it('/readyz answers 503 naming Redis and the queue, within the checks deadline', async () => {
    const started = Date.now();
    const res = await s.api('/readyz', { token: null });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(res.status).toBe(503);
    const body = (await res.json()) as { status: string; checks: Record<string, { ok: boolean; error?: string }> };
    expect(body.status).toBe('unavailable');
    expect(Value.Check(UnreadinessSchema, body)).toBe(true);
    expect(body.checks.redis!.ok).toBe(false);
    expect(body.checks.redis!.error).toMatch(/ECONNREFUSED|connect|closed|no answer/i);
    expect(body.checks.queue!.ok).toBe(false);
    expect(body.checks.database!.ok).toBe(true);
    expect((await s.api('/healthz', { token: null })).status).toBe(200);
  });
});

describe.skipIf(!REDIS_URL)('health probes with Redis', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer('sqlite', { PARLA_REDIS_URL: REDIS_URL, PARLA_REDIS_PREFIX: `parla-health-${process.pid}` });
  });
  afterAll(async () => s?.close());

  it('/readyz checks Redis with PING and the BullMQ queue', async () => {
    const res = await s.api('/readyz', { token: null });
    const body = (await res.json()) as { status: string; checks: Record<string, { ok: boolean; detail?: string }> };
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.checks.redis).toEqual({ ok: true });
    expect(body.checks.queue).toEqual({ ok: true, detail: 'redis' });
  });
});

describe('container health checks', () => {
  it('the image checks /healthz with node, compose checks /readyz of web and worker', async () => {
    const { parse } = await import('yaml');
    const root = new URL('../../', import.meta.url);
    const dockerfile = await fs.readFile(new URL('Dockerfile', root), 'utf8');
    expect(dockerfile).toMatch(/^HEALTHCHECK [^\n]*\\\n\s+CMD \["node", "-e", "fetch\([^\n]*\/healthz/m);
    type Service = { healthcheck?: { test: string[] }; environment?: Record<string, string>; depends_on?: Record<string, { condition: string }> };
    const compose = parse(await fs.readFile(new URL('compose.yaml', root), 'utf8'), { merge: true }) as { services: Record<string, Service> };
    const { web, worker, proxy } = compose.services;
    expect(web!.healthcheck!.test.join(' ')).toContain('http://127.0.0.1:8000/readyz');
    expect(worker!.environment!.PARLA_WORKER_HEALTH_PORT).toBe('8001');
    expect(worker!.environment!.PARLA_REDIS_URL).toBeTruthy(); // the shared environment merged in, not replaced
    expect(worker!.healthcheck!.test.join(' ')).toContain('http://127.0.0.1:8001/readyz');
    expect(proxy!.depends_on!.web!.condition).toBe('service_healthy');
  });
});
