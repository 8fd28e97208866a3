// `npm run bench`: HTTP throughput of Parla's unit endpoints as a ratio to a bare Fastify route, same run; one
// process on SQLite, then one and two `parla serve` processes on one PostgreSQL database and one Redis, each with a
// data dir of its own as on separate hosts (the scale-out factor).
// Every figure is a median over rounds that alternate the subject with its baseline, so that a machine whose
// speed drifts (shared cores) moves both alike; the server's CPU time per request is measured beside requests/s.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { redisKeyPrefix } from '../src/http/plugins/rate-limit.js';
import { buildZip } from '../test/helpers/zip.js';
import { deleteKeys, exited, freePort, freshPgDatabase, start, startParla, waitFor, type ParlaProcess } from './harness.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const UNITS = Number(process.env.BENCH_UNITS ?? 10_000);
/** `sqlite` (one process) and/or `postgres` (one, then two processes); BENCH_PROCESSES=1 leaves out the two-process runs. */
const MODES = new Set((process.env.BENCH_MODES ?? 'sqlite,postgres').split(',').map((m) => m.trim()));
const MAX_PROCESSES = Number(process.env.BENCH_PROCESSES ?? 2);
/** The processes of a real multi-process installation share rate limits (and tasks) through Redis; BENCH_REDIS=0 runs without. */
const REDIS_URL = process.env.BENCH_REDIS === '0' ? null : (process.env.PARLA_BENCH_REDIS_URL ?? process.env.PARLA_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');

/** PARLA_READ_CACHE of the PostgreSQL processes: `auto` (the default: read caches on, commits announced through Redis or PostgreSQL) or `off`. */
const PG_READ_CACHE = process.env.BENCH_PG_READ_CACHE ?? 'auto';

/** A unit detail against the bare route: requests/s ratio, and server CPU per request (µs). */
const DETAIL_TARGET = { ratio: 0.4, cpuUs: 250 };
/** A page of 100 units against the bare route sending the same bytes. */
const PAGE_TARGET = 0.8;
const TARGET_SCALING = 1.6;

/** A server under load: its address and the process whose CPU time is counted. */
interface Target {
  url: string;
  pid: number;
}

interface Measurement {
  rps: number;
  /** CPU time (user + system) of the servers per request, µs. */
  cpuUs: number;
}

/** Clock ticks (user + system) a process has used: /proc/<pid>/stat fields 14 and 15. */
function cpuTicks(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
}
const TICKS_PER_SECOND = 100;

/** One load generator per server, all at once (a separate autocannon worker each, off this thread); requests/s summed. */
async function measure(targets: Target[], headers: Record<string, string> = {}): Promise<Measurement> {
  const before = targets.map((t) => cpuTicks(t.pid));
  const results = await Promise.all(targets.map((t) => autocannon({ url: t.url, connections: CONNECTIONS, duration: DURATION, headers, workers: 1 })));
  const ticks = targets.reduce((sum, t, i) => sum + cpuTicks(t.pid) - before[i]!, 0);
  for (const [i, r] of results.entries()) {
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`${targets[i]!.url}: ${r.non2xx} non-2xx responses, ${r.errors} errors`);
  }
  const requests = results.reduce((sum, r) => sum + r.requests.total, 0);
  return { rps: results.reduce((sum, r) => sum + r.requests.average, 0), cpuUs: (ticks / TICKS_PER_SECOND / Math.max(1, requests)) * 1e6 };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Comparison {
  subject: Measurement;
  baseline: Measurement;
  /** Median over the rounds of subject requests/s over baseline requests/s. */
  ratio: number;
}

/** ROUNDS alternations of baseline and subject (after one warm-up of the subject); medians of each and of their ratio. */
async function compare(baseline: () => Promise<Measurement>, subject: () => Promise<Measurement>): Promise<Comparison> {
  await subject();
  const rounds: { b: Measurement; s: Measurement }[] = [];
  for (let i = 0; i < ROUNDS; i++) rounds.push({ b: await baseline(), s: await subject() });
  const pick = (which: 'b' | 's') => ({ rps: median(rounds.map((r) => r[which].rps)), cpuUs: median(rounds.map((r) => r[which].cpuUs)) });
  return { subject: pick('s'), baseline: pick('b'), ratio: median(rounds.map((r) => r.s.rps / r.b.rps)) };
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

interface Row {
  setup: string;
  endpoint: string;
  subject: Measurement;
  /** What the ratio is taken against, and its figures from the same rounds. */
  against: string;
  baseline: Measurement;
  ratio: number;
  target: string;
  met?: boolean;
}

class BareServers {
  private readonly children: ReturnType<typeof start>[] = [];

  async start(env: Record<string, string> = {}): Promise<Target & { base: string }> {
    const port = await freePort();
    const child = start(['--import', 'tsx', 'bench/bare-server.ts'], { PORT: String(port), ...env });
    this.children.push(child);
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/`);
    return { base, url: `${base}/`, pid: child.pid! };
  }

  stop(): void {
    for (const c of this.children) c.kill();
  }
}

/** A row with a target ratio (and a CPU ceiling), or with none. */
const ratioRow = (setup: string, endpoint: string, c: Comparison, against: string, target?: { ratio: number; cpuUs?: number }): Row => ({
  setup,
  endpoint,
  subject: c.subject,
  against,
  baseline: c.baseline,
  ratio: c.ratio,
  target: target ? `≥ ${target.ratio}${target.cpuUs ? `, ≤ ${target.cpuUs} µs` : ''}` : '',
  met: target ? c.ratio >= target.ratio && (!target.cpuUs || c.subject.cpuUs <= target.cpuUs) : undefined,
});

/** The unit detail and the page of 100 units against the bare route; the page also against the bare route sending its bytes. */
async function unitCases(setup: string, parla: Target & { base: string; auth: Record<string, string> }, paths: { detail: string; list: string }, bare: Target, bares: BareServers, rows: Row[]): Promise<void> {
  const bareRun = () => measure([bare]);
  const run = (p: string) => () => measure([{ url: parla.base + p, pid: parla.pid }], parla.auth);
  rows.push(ratioRow(setup, 'GET /api/units/<id>/', await compare(bareRun, run(paths.detail)), 'bare route', DETAIL_TARGET));
  const list = await compare(bareRun, run(paths.list));
  rows.push(ratioRow(setup, 'GET …/units/?page_size=100', list, 'bare route'));
  // The most any route can do with a body of this size: the bare route sending the page's own bytes.
  const bodyFile = path.join(os.tmpdir(), `parla-bench-page-${process.pid}.json`);
  fs.writeFileSync(bodyFile, await (await fetch(parla.base + paths.list, { headers: parla.auth })).text());
  try {
    const same = await bares.start({ BODY_FILE: bodyFile });
    const sameBytes = await compare(() => measure([{ url: `${same.base}/body`, pid: same.pid }]), run(paths.list));
    rows.push(ratioRow(setup, 'GET …/units/?page_size=100', sameBytes, `bare route sending the same ${(fs.statSync(bodyFile).size / 1024).toFixed(0)} KiB`, { ratio: PAGE_TARGET }));
  } finally {
    fs.rmSync(bodyFile, { force: true });
  }
}

async function sqliteRun(bare: Target, bares: BareServers, rows: Row[], notes: string[]): Promise<void> {
  const parla = await startParla();
  try {
    const { importMs, ...paths } = await seed(parla);
    notes.push(`import of the ${UNITS}-unit PO by ZIP upload (SQLite): ${importMs.toFixed(0)} ms`);
    await unitCases('1 process, SQLite', { base: parla.base, url: parla.base, auth: parla.auth, pid: parla.process.pid! }, paths, bare, bares, rows);
  } finally {
    parla.stop();
    await exited(parla.process);
  }
}

async function postgresRun(bare: Target, bares: BareServers, rows: Row[], notes: string[]): Promise<void> {
  const database = await freshPgDatabase('http');
  if (!database) return;
  const redis = await redisOrNull();
  // A data dir per process, as on separate hosts: nothing but the database and Redis is shared.
  const dataDirs = [0, 1, 2].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'parla-bench-pg-')));
  const secretKey = crypto.randomBytes(24).toString('base64url');
  const queuePrefix = `parla-bench-${process.pid}`;
  const env: Record<string, string> = { PARLA_DATA_DIR: dataDirs[0]!, PARLA_DATABASE_URL: database.url, PARLA_SECRET_KEY: secretKey, PARLA_READ_CACHE: PG_READ_CACHE };
  const pg = PG_READ_CACHE === 'off' ? 'PostgreSQL (no read caches)' : redis ? 'PostgreSQL + Redis, hosts apart' : 'PostgreSQL';
  if (redis) Object.assign(env, { PARLA_REDIS_URL: REDIS_URL!, PARLA_REDIS_PREFIX: queuePrefix, PARLA_SERVE_RUNS_TASKS: '1' });
  const servers: ParlaProcess[] = [];
  try {
    servers.push(await startParla(env));
    const { importMs, ...paths } = await seed(servers[0]!);
    notes.push(`import of the ${UNITS}-unit PO by ZIP upload (PostgreSQL): ${importMs.toFixed(0)} ms`);
    notes.push(
      `PostgreSQL processes: one database, a data dir each (as on separate hosts), ${redis ? 'rate limits, tasks and read-cache invalidation through Redis (as a multi-host installation runs)' : 'no Redis (rate limits counted per process, read-cache invalidation through PostgreSQL notifications)'}`,
    );
    const one = servers[0]!;
    await unitCases(`1 process, ${pg}`, { base: one.base, url: one.base, auth: one.auth, pid: one.process.pid! }, paths, bare, bares, rows);
    if (PG_READ_CACHE !== 'off') {
      // For comparison: a process without read caches, on the same database.
      const plain = await startParla({ ...env, PARLA_DATA_DIR: dataDirs[2]!, PARLA_READ_CACHE: 'off' }, { token: one.token });
      try {
        const c = await compare(
          () => measure([bare]),
          () => measure([{ url: plain.base + paths.detail, pid: plain.process.pid! }], plain.auth),
        );
        rows.push(ratioRow('1 process, PostgreSQL (no read caches)', 'GET /api/units/<id>/', c, 'bare route'));
      } finally {
        plain.stop();
        await exited(plain.process);
      }
    }
    if (MAX_PROCESSES < 2) return;
    servers.push(await startParla({ ...env, PARLA_DATA_DIR: dataDirs[1]! }, { token: one.token }));
    const targets = (p: string) => servers.map((s) => ({ url: s.base + p, pid: s.process.pid! }));
    for (const [name, p] of [
      ['GET /api/units/<id>/', paths.detail],
      ['GET …/units/?page_size=100', paths.list],
    ] as const) {
      // Rounds alternate one process loaded alone and both loaded at once.
      const c = await compare(
        () => measure(targets(p).slice(0, 1), one.auth),
        () => measure(targets(p), one.auth),
      );
      rows.push({ setup: `2 processes, ${pg}`, endpoint: name, subject: c.subject, against: '1 process (same rounds)', baseline: c.baseline, ratio: c.ratio, target: `2/1 ≥ ${TARGET_SCALING}`, met: c.ratio >= TARGET_SCALING });
    }
  } finally {
    for (const s of servers) s.stop();
    await Promise.all(servers.map((s) => exited(s.process)));
    await database.drop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
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
  const bares = new BareServers();
  try {
    const bare = await bares.start();
    if (MODES.has('postgres') && MAX_PROCESSES >= 2) {
      // The best two processes can do on this machine with their load generators beside them: the ceiling of 2/1.
      const second = await bares.start();
      const c = await compare(
        () => measure([bare]),
        () => measure([bare, second]),
      );
      rows.push({ setup: '2 processes', endpoint: 'bare route (the ceiling of 2/1 here, load generators included)', subject: c.subject, against: '1 process (same rounds)', baseline: c.baseline, ratio: c.ratio, target: '' });
    }
    if (MODES.has('sqlite')) await sqliteRun(bare, bares, rows, notes);
    if (MODES.has('postgres')) await postgresRun(bare, bares, rows, notes);
  } finally {
    bares.stop();
  }

  console.log(
    `\nParla HTTP benchmark (${UNITS} units, ${CONNECTIONS} connections per server, ${ROUNDS} rounds of ${DURATION} s per side, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(2)} at the end)`,
  );
  console.log('| setup | endpoint | requests/s | server CPU µs/request | against | its requests/s | its CPU µs/request | ratio (median of rounds) | target |');
  console.log('|---|---|---:|---:|---|---:|---:|---:|---|');
  for (const r of rows) {
    const verdict = r.met === undefined ? '' : r.met ? ' ✓' : ' ✗';
    console.log(
      `| ${r.setup} | ${r.endpoint} | ${r.subject.rps.toFixed(0)} | ${r.subject.cpuUs.toFixed(0)} | ${r.against} | ${r.baseline.rps.toFixed(0)} | ${r.baseline.cpuUs.toFixed(0)} | ${r.ratio.toFixed(3)} | ${r.target}${verdict} |`,
    );
  }
  console.log('');
  for (const note of notes) console.log(`- ${note}`);
}

await main();
