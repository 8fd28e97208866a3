// Prometheus metrics for operators: one registry, the metric objects and small record functions that any layer may call.
import crypto from 'node:crypto';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const registry = new Registry();

// Event-loop lag, heap, GC pauses, CPU, handles: prom-client's runtime metrics, under the same prefix.
collectDefaultMetrics({ register: registry, prefix: 'parla_' });

/** Kinds of outgoing calls; `smtp` is registered ahead of mail sending so that dashboards need no change. */
export type OutgoingKind = 'git' | 'machinery' | 'webhook' | 'smtp';

/**
 * A histogram for the hot paths (every request, every query): one Map lookup and a few additions per
 * observation, where prom-client's Histogram validates and hashes the labels each time. It reads out in
 * the same form (registry.metrics() formats it like any histogram).
 */
class FastHistogram<L extends string> {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, { labels: Record<L, string>; buckets: Float64Array; sum: number; count: number }>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly labelNames: readonly L[],
    private readonly bounds: readonly number[],
  ) {
    registry.registerMetric(this as unknown as Histogram);
  }

  /** `values` in labelNames' order. */
  observe(values: readonly string[], value: number): void {
    const key = values.join('\u0000');
    let s = this.series.get(key);
    if (!s) {
      const labels = Object.fromEntries(this.labelNames.map((n, i) => [n, values[i]!])) as Record<L, string>;
      s = { labels, buckets: new Float64Array(this.bounds.length), sum: 0, count: 0 };
      this.series.set(key, s);
    }
    const bounds = this.bounds;
    for (let i = 0; i < bounds.length; i++) {
      if (value <= bounds[i]!) {
        s.buckets[i]!++;
        break;
      }
    }
    s.sum += value;
    s.count++;
  }

  get() {
    const values: { labels: Record<string, string | number>; value: number; metricName: string }[] = [];
    for (const s of this.series.values()) {
      let cumulative = 0;
      this.bounds.forEach((le, i) => {
        cumulative += s.buckets[i]!;
        values.push({ labels: { ...s.labels, le }, value: cumulative, metricName: `${this.name}_bucket` });
      });
      values.push({ labels: { ...s.labels, le: '+Inf' }, value: s.count, metricName: `${this.name}_bucket` });
      values.push({ labels: s.labels, value: s.sum, metricName: `${this.name}_sum` });
      values.push({ labels: s.labels, value: s.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  reset(): void {
    this.series.clear();
  }
}

const httpDuration = new FastHistogram(
  'parla_http_request_duration_seconds',
  'HTTP request duration by method, route pattern and status',
  ['method', 'route', 'status'],
  [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
);

/** Where queue depths come from (each task queue of this process), read on every scrape. */
const queueDepthSources = new Set<() => Promise<Record<string, number>>>();

new Gauge({
  name: 'parla_task_queue_depth',
  help: 'Background tasks waiting to run, per queue',
  labelNames: ['queue'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const source of queueDepthSources) {
      // A queue that cannot answer (Redis down) leaves its depth out rather than failing the scrape.
      const lengths = await source().catch(() => ({}) as Record<string, number>);
      for (const [queue, n] of Object.entries(lengths)) this.inc({ queue }, n);
    }
  },
});

const taskWait = new Histogram({
  name: 'parla_task_wait_seconds',
  help: 'Time a background task waited between being queued and starting, per task name',
  labelNames: ['task'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900],
  registers: [registry],
});

const taskRun = new Histogram({
  name: 'parla_task_run_seconds',
  help: 'Run time of background tasks per task name and outcome (done, failed)',
  labelNames: ['task', 'outcome'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900, 3600],
  registers: [registry],
});

const taskFailures = new Counter({
  name: 'parla_task_failures_total',
  help: 'Background tasks that ended failed, per task name',
  labelNames: ['task'] as const,
  registers: [registry],
});

const dbQuery = new FastHistogram(
  'parla_db_query_duration_seconds',
  'Database query time per dialect',
  ['dialect'],
  [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
);

const dbQueryErrors = new Counter({
  name: 'parla_db_query_errors_total',
  help: 'Database queries that failed, per dialect',
  labelNames: ['dialect'] as const,
  registers: [registry],
});

/** The PostgreSQL pools of this process (pg.Pool's own counters), read on every scrape. */
interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}
const pools = new Set<PoolCounts>();

new Gauge({
  name: 'parla_db_pool_connections',
  help: 'PostgreSQL pool connections by state (in_use, idle, waiting: clients waiting for a connection)',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    let inUse = 0;
    let idle = 0;
    let waiting = 0;
    for (const pool of pools) {
      inUse += pool.totalCount - pool.idleCount;
      idle += pool.idleCount;
      waiting += pool.waitingCount;
    }
    this.set({ state: 'in_use' }, inUse);
    this.set({ state: 'idle' }, idle);
    this.set({ state: 'waiting' }, waiting);
  },
});

const outgoingDuration = new Histogram({
  name: 'parla_outgoing_call_duration_seconds',
  help: 'Duration of outgoing calls (git commands, machine translation, webhooks, SMTP) per kind',
  labelNames: ['kind'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
  registers: [registry],
});

const outgoingErrors = new Counter({
  name: 'parla_outgoing_call_errors_total',
  help: 'Outgoing calls that failed, per kind',
  labelNames: ['kind'] as const,
  registers: [registry],
});

// Every kind is present from the start (at zero), so that rates and dashboards have a series to show.
for (const kind of ['git', 'machinery', 'webhook', 'smtp'] as const) outgoingErrors.inc({ kind }, 0);

/** The metric names this registry defines (the Grafana dashboard is tested against them). */
export async function metricNames(): Promise<string[]> {
  return (await registry.getMetricsAsJSON()).map((m) => m.name);
}

/** The exposition text of every metric (Prometheus text format). */
export function metricsText(): Promise<string> {
  return registry.metrics();
}

export const METRICS_CONTENT_TYPE = registry.contentType;

/** Whether an Authorization header carries the metrics token (`Bearer <token>`, compared in constant time). */
export function metricsAuthorized(header: string | undefined, token: string): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  const digest = (text: string) => crypto.createHash('sha256').update(text).digest();
  return crypto.timingSafeEqual(digest(header.slice('Bearer '.length)), digest(token));
}

export function recordRequest(method: string, route: string, status: number, seconds: number): void {
  httpDuration.observe([method, route, String(status)], seconds);
}

export function recordTaskStart(task: string, waitedSeconds: number): void {
  if (Number.isFinite(waitedSeconds)) taskWait.labels(task).observe(Math.max(0, waitedSeconds));
}

export function recordTaskEnd(task: string, ok: boolean, seconds: number): void {
  taskRun.labels(task, ok ? 'done' : 'failed').observe(seconds);
  if (!ok) taskFailures.labels(task).inc();
}

/** Registers a task queue's depths for the scrape; returns the function that removes it (on close). */
export function trackQueueDepth(source: () => Promise<Record<string, number>>): () => void {
  queueDepthSources.add(source);
  return () => queueDepthSources.delete(source);
}

/** Registers a PostgreSQL pool for the scrape; returns the function that removes it (on close). */
export function trackPool(pool: PoolCounts): () => void {
  pools.add(pool);
  return () => pools.delete(pool);
}

/** A query's time (Kysely reports it in milliseconds). */
export function recordQuery(dialect: string, millis: number, failed: boolean): void {
  dbQuery.observe([dialect], millis / 1000);
  if (failed) dbQueryErrors.labels(dialect).inc();
}

/** An outgoing call's duration from its process.hrtime.bigint() start, and whether it failed. */
export function recordOutgoing(kind: OutgoingKind, started: bigint, failed: boolean): void {
  outgoingDuration.labels(kind).observe(Number(process.hrtime.bigint() - started) / 1e9);
  if (failed) outgoingErrors.labels(kind).inc();
}
