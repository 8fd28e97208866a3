// GET /metrics (Prometheus): the token rule, request durations by route pattern, tasks, queries, the worker's listener and the Grafana dashboard.
import fs from 'node:fs';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricNames } from '../../src/shared/metrics.js';
import { startHealthListener } from '../../src/tasks/worker-process.js';
import { DIALECTS } from '../helpers/databases.js';
import { startServer, type TestServer } from '../helpers/server.js';

const TOKEN = 'metrics-secret-token';

/** The value of one sample line (`name{labels} value`) whose labels include all of `labels`; undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) continue;
    return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe.each(DIALECTS)('Prometheus metrics on %s', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(dialect, { PARLA_METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => s?.close());

  const scrape = async () => {
    const res = await fetch(`${s.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  it('answers 401 without the token or with a wrong one, and the Site totals stay at /api/metrics/', async () => {
    expect((await fetch(`${s.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${s.url}/metrics`, { headers: { Authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe('Bearer');
    // The API token of an administrator is not the metrics token.
    expect((await s.api('/metrics')).status).toBe(401);
    expect((await s.api('/api/metrics/')).status).toBe(200);
  });

  it('records requests by route pattern and status, never by raw URL', async () => {
    for (const slug of ['first-missing', 'second-missing']) expect((await s.api(`/api/projects/${slug}/changes/`)).status).toBe(404);
    expect((await s.api('/api/projects/')).status).toBe(200);
    const text = await scrape();
    expect(sample(text, 'parla_http_request_duration_seconds_count', { method: 'GET', route: '/api/projects/:project/changes/', status: '404' })).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'parla_http_request_duration_seconds_count', { route: '/api/projects/', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('first-missing');
    // Buckets are cumulative: the +Inf bucket holds every observation.
    const series = { method: 'GET', route: '/api/projects/:project/changes/', status: '404' };
    expect(sample(text, 'parla_http_request_duration_seconds_bucket', { ...series, le: '+Inf' })).toBe(sample(text, 'parla_http_request_duration_seconds_count', series));
    expect(sample(text, 'parla_http_request_duration_seconds_bucket', { ...series, le: '0.001' })).toBeLessThanOrEqual(sample(text, 'parla_http_request_duration_seconds_bucket', { ...series, le: '10' })!);
    // Runtime metrics: event-loop lag, heap, GC.
    for (const name of ['parla_nodejs_eventloop_lag_seconds', 'parla_nodejs_heap_size_used_bytes', 'parla_process_resident_memory_bytes']) {
      expect(sample(text, name)).toBeGreaterThanOrEqual(0);
    }
    expect(text).toContain('parla_nodejs_gc_duration_seconds');
  });

  it('records task wait and run times per task name, the queue depth and query times', async () => {
    const id = await s.container.tasks.enqueue('recalculate-statistics', {});
    await s.container.tasks.idle();
    expect((await s.container.tasks.get(id))?.status).toBe('done');
    const text = await scrape();
    expect(sample(text, 'parla_task_wait_seconds_count', { task: 'recalculate-statistics' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'parla_task_run_seconds_count', { task: 'recalculate-statistics', outcome: 'done' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'parla_task_queue_depth', { queue: 'default' })).toBe(0);
    expect(sample(text, 'parla_db_query_duration_seconds_count', { dialect })).toBeGreaterThan(0);
    expect(sample(text, 'parla_db_pool_connections', { state: 'in_use' })).toBeGreaterThanOrEqual(0);
    if (dialect === 'postgres') expect(sample(text, 'parla_db_pool_connections', { state: 'idle' })).toBeGreaterThan(0);
    for (const kind of ['git', 'machinery', 'webhook', 'smtp']) expect(sample(text, 'parla_outgoing_call_errors_total', { kind })).toBeGreaterThanOrEqual(0);
  });

  it('the worker listener answers /metrics with the same token rule', async () => {
    const probe = await startHealthListener(s.container.health, '127.0.0.1', 0, TOKEN);
    try {
      const base = `http://127.0.0.1:${(probe.address() as net.AddressInfo).port}`;
      expect((await fetch(`${base}/metrics`)).status).toBe(401);
      const res = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('parla_task_run_seconds');
    } finally {
      probe.closeAllConnections();
      await new Promise<void>((resolve) => probe.close(() => resolve()));
    }
    const without = await startHealthListener(s.container.health, '127.0.0.1', 0);
    try {
      expect((await fetch(`http://127.0.0.1:${(without.address() as net.AddressInfo).port}/metrics`)).status).toBe(404);
    } finally {
      without.closeAllConnections();
      await new Promise<void>((resolve) => without.close(() => resolve()));
    }
  });
});

describe('without PARLA_METRICS_TOKEN', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer('sqlite');
  });
  afterAll(async () => s?.close());

  it('/metrics does not exist', async () => {
    expect((await fetch(`${s.url}/metrics`)).status).toBe(404);
    expect((await s.api('/metrics')).status).toBe(404);
    // A bearer token is then what it is everywhere else: an API token, here an unknown one.
    expect((await fetch(`${s.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(401);
  });
});

describe('the Grafana dashboard (docs/grafana-dashboard.json)', () => {
  it('parses and queries only metrics the registry defines', async () => {
    const dashboard = JSON.parse(fs.readFileSync(new URL('../../docs/grafana-dashboard.json', import.meta.url), 'utf8')) as { title: string; panels: { title: string; targets?: { expr: string }[] }[] };
    expect(dashboard.title).toBeTruthy();
    const defined = new Set(await metricNames());
    const exprs = dashboard.panels.flatMap((p) => p.targets ?? []).map((t) => t.expr);
    expect(exprs.length).toBeGreaterThan(8);
    const used = new Set(exprs.flatMap((e) => e.match(/\bparla_[a-z0-9_]+/g) ?? []));
    for (const name of used) {
      // Histograms expose _bucket, _sum and _count series under their own name.
      const base = name.replace(/_(bucket|sum|count)$/, '');
      expect(defined.has(name) || defined.has(base), `${name} is not a defined metric`).toBe(true);
    }
    for (const needed of ['parla_http_request_duration_seconds', 'parla_nodejs_eventloop_lag', 'parla_nodejs_heap_size', 'parla_task_queue_depth', 'parla_task_wait_seconds', 'parla_task_run_seconds', 'parla_db_query_duration_seconds', 'parla_db_pool_connections', 'parla_outgoing_call_duration_seconds', 'parla_outgoing_call_errors_total']) {
      expect([...used].some((n) => n.startsWith(needed)), `the dashboard shows ${needed}`).toBe(true);
    }
  });
});
