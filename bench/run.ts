// `npm run bench`: HTTP throughput of Parla's unit endpoints as a ratio to a bare Fastify route, same run; one
// process on SQLite, then one and two `parla serve` processes on one PostgreSQL database (the scale-out factor).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { redisKeyPrefix } from '../src/http/plugins/rate-limit.js';
import { buildZip } from '../test/helpers/zip.js';
import { deleteKeys, exited, freePort, freshPgDatabase, start, startParla, waitFor, type ParlaProcess } from './harness.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const UNITS = Number(process.env.BENCH_UNITS ?? 10_000);
/** `sqlite` (one process) and/or `postgres` (one, then two processes); BENCH_PROCESSES=1 leaves out the two-process runs. */
const MODES = new Set((process.env.BENCH_MODES ?? 'sqlite,postgres').split(',').map((m) => m.trim()));
const MAX_PROCESSES = Number(process.env.BENCH_PROCESSES ?? 2);
/** The processes of a real multi-process installation share rate limits (and tasks) through Redis; BENCH_REDIS=0 runs without. */
const REDIS_URL = process.env.BENCH_REDIS === '0' ? null : (process.env.PARLA_BENCH_REDIS_URL ?? process.env.PARLA_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');

const TARGET_RATIO = 0.5;
const TARGET_SCALING = 1.6;

/** Requests per second; a separate autocannon worker keeps the load generator off the main thread. */
async function measure(url: string, headers: Record<string, string> = {}): Promise<number> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers, workers: 1 });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx responses, ${result.errors} errors`);
  return result.requests.average;
}

/** One load generator per server, all at once, their requests/s summed (no proxy in between). */
async function measureTogether(urls: string[], headers: Record<string, string> = {}): Promise<number> {
  const rates = await Promise.all(urls.map((url) => measure(url, headers)));
  return rates.reduce((a, b) => a + b, 0);
}

function poFile(n: number): string {
  let out = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: cs\\n"\n\n';
  for (let i = 0; i < n; i++) out += `#: src/file${i % 100}.c:${i}\nmsgid "Source string number ${i} with a few words"\nmsgstr "${i % 3 ? `Přeložený řetězec ${i}` : ''}"\n\n`;
  return out;
}

/** The project and the UNITS-unit component; the paths measured, relative to a server's base URL. */
async function seed(parla: ParlaProcess): Promise<{ importMs: number; detail: string; list: string }> {
  const { base, auth } = parla;
  const project = await fetch(`${base}/api/projects/`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Bench', slug: 'bench' }) });
  if (project.status !== 201) throw new Error(`project creation failed: ${project.status} ${await project.text()}`);
  const form = new FormData();
  for (const [k, v] of Object.entries({ name: 'Big', slug: 'big', file_format: 'po', filemask: 'po/*.po' })) form.append(k, v);
  form.append('zipfile', new Blob([new Uint8Array(buildZip([{ name: 'po/cs.po', data: poFile(UNITS) }]))]), 'big.zip');
  const t0 = performance.now();
  const created = await fetch(`${base}/api/projects/bench/components/`, { method: 'POST', headers: auth, body: form });
  if (created.status !== 201) throw new Error(`component creation failed: ${created.status} ${await created.text()}`);
  const importMs = performance.now() - t0;
  const middle = Math.max(1, Math.floor(UNITS / 2));
  const page = (await (await fetch(`${base}/api/translations/bench/big/cs/units/?page_size=1&page=${middle}`, { headers: auth })).json()) as { count: number; results: { id: number }[] };
  if (page.count !== UNITS) throw new Error(`the translation has ${page.count} units, expected ${UNITS}`);
  return { importMs, detail: `/api/units/${page.results[0]!.id}/`, list: `/api/translations/bench/big/cs/units/?page_size=100&page=${Math.max(1, Math.floor(UNITS / 200))}` };
}

/** Redis for the PostgreSQL processes, or null (with the reason) when it is off or unreachable. */
async function redisOrNull(): Promise<Redis | null> {
  if (!REDIS_URL) return null;
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
    return redis;
  } catch (e) {
    console.warn(`Redis at ${REDIS_URL} is not reachable (${(e as Error).message}): the PostgreSQL processes run without it.`);
    redis.disconnect();
    return null;
  }
}

/** `scaling`: requests/s of two processes over one, on the two-process rows. */
type Row = [setup: string, endpoint: string, rps: number, target: string, scaling?: number];

async function sqliteRun(rows: Row[], notes: string[]): Promise<void> {
  const parla = await startParla();
  try {
    const { importMs, detail, list } = await seed(parla);
    notes.push(`import of the ${UNITS}-unit PO by ZIP upload (SQLite): ${importMs.toFixed(0)} ms`);
    rows.push(['1 process, SQLite', 'GET /api/units/<id>/', await measure(parla.base + detail, parla.auth), `≥ ${TARGET_RATIO} × bare`]);
    rows.push(['1 process, SQLite', 'GET …/units/?page_size=100', await measure(parla.base + list, parla.auth), `≥ ${TARGET_RATIO} × bare`]);
  } finally {
    parla.stop();
  }
}

async function postgresRun(rows: Row[], notes: string[]): Promise<void> {
  const database = await freshPgDatabase('http');
  if (!database) return;
  const redis = await redisOrNull();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-bench-pg-'));
  const secretKey = crypto.randomBytes(24).toString('base64url');
  const queuePrefix = `parla-bench-${process.pid}`;
  const env: Record<string, string> = { PARLA_DATA_DIR: dataDir, PARLA_DATABASE_URL: database.url, PARLA_SECRET_KEY: secretKey };
  if (redis) Object.assign(env, { PARLA_REDIS_URL: REDIS_URL!, PARLA_REDIS_PREFIX: queuePrefix, PARLA_SERVE_RUNS_TASKS: '1' });
  const servers: ParlaProcess[] = [];
  try {
    servers.push(await startParla(env));
    const { importMs, detail, list } = await seed(servers[0]!);
    notes.push(`import of the ${UNITS}-unit PO by ZIP upload (PostgreSQL): ${importMs.toFixed(0)} ms`);
    notes.push(`PostgreSQL processes: one database, one data dir, ${redis ? 'rate limits and tasks in Redis (as a multi-process installation runs)' : 'no Redis (rate limits counted per process)'}`);
    const auth = servers[0]!.auth;
    const one: Record<string, number> = {};
    for (const [name, p] of [['GET /api/units/<id>/', detail], ['GET …/units/?page_size=100', list]] as const) {
      one[name] = await measure(servers[0]!.base + p, auth);
      rows.push(['1 process, PostgreSQL', name, one[name], `≥ ${TARGET_RATIO} × bare`]);
    }
    if (MAX_PROCESSES < 2) return;
    servers.push(await startParla(env, { token: servers[0]!.token }));
    for (const [name, p] of [['GET /api/units/<id>/', detail], ['GET …/units/?page_size=100', list]] as const) {
      const rps = await measureTogether(
        servers.map((s) => s.base + p),
        auth,
      );
      rows.push(['2 processes, PostgreSQL', name, rps, `2/1 ≥ ${TARGET_SCALING}`, rps / one[name]!]);
    }
  } finally {
    for (const s of servers) s.stop();
    await Promise.all(servers.map((s) => exited(s.process)));
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (redis) {
      await deleteKeys(redis, `${redisKeyPrefix(secretKey)}*`);
      await deleteKeys(redis, `${queuePrefix}:*`);
      redis.disconnect();
    }
  }
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  const notes: string[] = [];
  const bares = [] as ReturnType<typeof start>[];
  const startBare = async () => {
    const port = await freePort();
    bares.push(start(['--import', 'tsx', 'bench/bare-server.ts'], { PORT: String(port) }));
    await waitFor(`http://127.0.0.1:${port}/`);
    return `http://127.0.0.1:${port}/`;
  };
  try {
    const bareUrl = await startBare();
    const bareRps = await measure(bareUrl);
    rows.push(['1 process', 'bare Fastify route', bareRps, '']);
    if (MODES.has('postgres') && MAX_PROCESSES >= 2) {
      // The best two processes can do on this machine with the load generators beside them: the ceiling of the 2/1 factor.
      const bare2 = await measureTogether([bareUrl, await startBare()]);
      rows.push(['2 processes', 'bare Fastify route (the ceiling of 2/1 on this machine, load generators included)', bare2, '', bare2 / bareRps]);
    }
    for (const b of bares) b.kill();
    if (MODES.has('sqlite')) await sqliteRun(rows, notes);
    if (MODES.has('postgres')) await postgresRun(rows, notes);

    console.log(`\nParla HTTP benchmark (${UNITS} units, ${CONNECTIONS} connections per server, ${DURATION} s each, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(2)} at the end)`);
    console.log('| setup | endpoint | requests/s | ratio to bare route (1 process) | 2/1 processes | target |');
    console.log('|---|---|---:|---:|---:|---|');
    for (const [setup, name, rps, target, scaling] of rows) {
      console.log(`| ${setup} | ${name} | ${rps.toFixed(0)} | ${(rps / bareRps).toFixed(3)} | ${scaling === undefined ? '' : scaling.toFixed(2)} | ${target} |`);
    }
    console.log('');
    for (const note of notes) console.log(`- ${note}`);
  } finally {
    for (const b of bares) b.kill();
  }
}

await main();
