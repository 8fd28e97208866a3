// `npm run soak`: one `parla serve` under a read/write mix from wrk for SOAK_SECONDS, checking errors, memory and counters.
import crypto from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { redisKeyPrefix } from '../src/http/plugins/rate-limit.js';
import { buildZip } from '../test/helpers/zip.js';
import { deleteKeys, exited, freshPgDatabase, residentMemory, ROOT, startParla, type ParlaProcess } from './harness.js';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const DB = process.env.SOAK_DB ?? 'sqlite';
const UNITS = Number(process.env.SOAK_UNITS ?? 10_000);
const WRITE_PERCENT = Number(process.env.SOAK_WRITE_PERCENT ?? 15);
const SAMPLE_SECONDS = Number(process.env.SOAK_SAMPLE_SECONDS ?? 10);
/** Memory judgement: the last third's mean RSS against the middle third's, and the fitted growth after the first third. */
const MAX_THIRD_RATIO = 0.15;
/** Garbage collection moves RSS by tens of MiB between samples: growth counts only above this and beyond twice its standard error. */
const MAX_SLOPE_MIB_PER_MIN = Number(process.env.SOAK_MAX_SLOPE ?? 5);
const REDIS_URL = process.env.PARLA_BENCH_REDIS_URL ?? process.env.PARLA_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const TRANSLATION = 'api/translations/soak/big/cs';

interface WrkResult {
  requests: number;
  duration_us: number;
  reads: number;
  writes: number;
  non2xx: number;
  first_bad: string;
  errors: Record<'connect' | 'read' | 'write' | 'status' | 'timeout', number>;
  latency_ms: Record<'p50' | 'p90' | 'p99' | 'max', number>;
}

interface Sample {
  seconds: number;
  rssMiB: number;
}

function poFile(n: number): string {
  const parts = ['msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: cs\\n"\n'];
  for (let i = 0; i < n; i++) {
    // A third untranslated, a tenth of the rest fuzzy: the edits move units between every state.
    const target = i % 3 === 0 ? '' : `Řetězec číslo ${i}`;
    parts.push(`${i % 30 === 1 ? '#, fuzzy\n' : ''}msgid "Soak source number ${i} of the translation"\nmsgstr "${target}"\n`);
  }
  return parts.join('\n');
}

async function api(parla: ParlaProcess, pathname: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${parla.base}${pathname}`, { ...init, headers: { ...parla.auth, Accept: 'application/json', ...(init.headers ?? {}) } });
}

async function seed(parla: ParlaProcess): Promise<number[]> {
  const project = await api(parla, '/api/projects/', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Soak', slug: 'soak', translation_review: true }) });
  if (project.status !== 201) throw new Error(`project creation failed: ${project.status} ${await project.text()}`);
  const form = new FormData();
  for (const [k, v] of Object.entries({ name: 'Big', slug: 'big', file_format: 'po', filemask: 'po/*.po' })) form.append(k, v);
  form.append('zipfile', new Blob([new Uint8Array(buildZip([{ name: 'po/cs.po', data: poFile(UNITS) }]))]), 'soak.zip');
  const created = await api(parla, '/api/projects/soak/components/', { method: 'POST', body: form });
  if (created.status !== 201) throw new Error(`component creation failed: ${created.status} ${await created.text()}`);
  const units = await allUnits(parla);
  if (units.length !== UNITS) throw new Error(`the translation has ${units.length} units, expected ${UNITS}`);
  return units.map((u) => u.id);
}

interface ApiUnit {
  id: number;
  state: number;
  num_words: number;
  has_failing_check: boolean;
}

async function allUnits(parla: ParlaProcess): Promise<ApiUnit[]> {
  const out: ApiUnit[] = [];
  for (let page = 1; ; page++) {
    const res = await api(parla, `/${TRANSLATION}/units/?page_size=10000&page=${page}`);
    if (res.status !== 200) throw new Error(`unit list: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { next: string | null; results: ApiUnit[] };
    out.push(...body.results);
    if (!body.next) return out;
  }
}

function runWrk(base: string, env: Record<string, string>): Promise<{ result: WrkResult; output: string }> {
  const args = ['-t1', '-c10', `-d${SECONDS}s`, '--timeout', '30s', '--latency', '-s', path.join(ROOT, 'bench/soak.lua'), `${base}/`];
  return new Promise((resolve, reject) => {
    execFile('wrk', args, { env: { ...process.env, ...env }, maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`wrk failed: ${error.message}\n${stderr}`));
      const line = stdout.split('\n').find((l) => l.startsWith('SOAK_RESULT '));
      if (!line) return reject(new Error(`wrk printed no result:\n${stdout}\n${stderr}`));
      resolve({ result: JSON.parse(line.slice('SOAK_RESULT '.length)) as WrkResult, output: stdout });
    });
  });
}

/** Least-squares slope of RSS over time and its standard error, in MiB per minute. */
function slopePerMinute(samples: Sample[]): { slope: number; stderr: number } {
  const n = samples.length;
  if (n < 3) return { slope: 0, stderr: Infinity };
  const mx = samples.reduce((a, s) => a + s.seconds, 0) / n;
  const my = samples.reduce((a, s) => a + s.rssMiB, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const s of samples) {
    sxy += (s.seconds - mx) * (s.rssMiB - my);
    sxx += (s.seconds - mx) ** 2;
  }
  if (sxx === 0) return { slope: 0, stderr: Infinity };
  const slope = sxy / sxx;
  const residuals = samples.reduce((a, s) => a + (s.rssMiB - (my + slope * (s.seconds - mx))) ** 2, 0);
  return { slope: slope * 60, stderr: Math.sqrt(residuals / (n - 2) / sxx) * 60 };
}

const mean = (xs: Sample[]) => xs.reduce((a, s) => a + s.rssMiB, 0) / Math.max(1, xs.length);

/** Statistics of the translation against a count of its units by state, field by field. */
async function statisticsCheck(parla: ParlaProcess): Promise<{ field: string; reported: number; counted: number }[]> {
  const stats = (await (await api(parla, `/${TRANSLATION}/statistics/`)).json()) as Record<string, number>;
  const units = await allUnits(parla);
  const count = (pick: (u: ApiUnit) => boolean, words = false) => units.filter(pick).reduce((a, u) => a + (words ? u.num_words : 1), 0);
  const counted: Record<string, number> = {
    total: units.length,
    translated: count((u) => u.state >= 20),
    fuzzy: count((u) => u.state === 10),
    approved: count((u) => u.state === 30),
    failing: count((u) => u.has_failing_check),
    total_words: count(() => true, true),
    translated_words: count((u) => u.state >= 20, true),
    fuzzy_words: count((u) => u.state === 10, true),
    approved_words: count((u) => u.state === 30, true),
  };
  return Object.entries(counted).map(([field, n]) => ({ field, reported: stats[field]!, counted: n }));
}

async function main(): Promise<void> {
  const cleanups: (() => Promise<void> | void)[] = [];
  const env: Record<string, string> = {};
  let setup = 'SQLite';
  if (DB === 'postgres') {
    const database = await freshPgDatabase('soak');
    if (!database) throw new Error('SOAK_DB=postgres needs a reachable PostgreSQL');
    cleanups.push(() => database.drop());
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-soak-pg-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const secretKey = crypto.randomBytes(24).toString('base64url');
    const prefix = `parla-soak-${process.pid}`;
    Object.assign(env, { PARLA_DATA_DIR: dataDir, PARLA_DATABASE_URL: database.url, PARLA_SECRET_KEY: secretKey, PARLA_REDIS_URL: REDIS_URL, PARLA_REDIS_PREFIX: prefix, PARLA_SERVE_RUNS_TASKS: '1' });
    cleanups.push(async () => {
      const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
      for (const pattern of [`${redisKeyPrefix(secretKey)}*`, `${prefix}:*`]) await deleteKeys(redis, pattern);
      redis.disconnect();
    });
    setup = 'PostgreSQL + Redis';
  } else if (DB !== 'sqlite') {
    throw new Error(`SOAK_DB must be sqlite or postgres, not ${DB}`);
  }

  const parla = await startParla(env);
  const failures: string[] = [];
  try {
    const pid = parla.process.pid!;
    const t0 = performance.now();
    const ids = await seed(parla);
    console.log(`${setup}: ${UNITS}-unit translation imported in ${((performance.now() - t0) / 1000).toFixed(1)} s; wrk -t1 -c10 for ${SECONDS} s, ${WRITE_PERCENT} % writes`);
    const idsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'parla-soak-')), 'ids.txt');
    fs.writeFileSync(idsFile, ids.join('\n') + '\n');
    cleanups.push(() => fs.rmSync(path.dirname(idsFile), { recursive: true, force: true }));

    const samples: Sample[] = [];
    const start = performance.now();
    const sample = () => {
      const m = residentMemory(pid);
      if (m) samples.push({ seconds: (performance.now() - start) / 1000, rssMiB: m.currentMiB });
    };
    sample();
    const timer = setInterval(sample, SAMPLE_SECONDS * 1000);
    let wrk: Awaited<ReturnType<typeof runWrk>>;
    try {
      wrk = await runWrk(parla.base, {
        SOAK_TOKEN: parla.token,
        SOAK_IDS_FILE: idsFile,
        SOAK_PATH: TRANSLATION,
        SOAK_WRITE_PERCENT: String(WRITE_PERCENT),
        SOAK_PAGES: String(Math.ceil(UNITS / 100)),
      });
    } finally {
      clearInterval(timer);
    }
    const afterRun = residentMemory(pid)?.currentMiB ?? NaN;
    const { result } = wrk;
    const errors = Object.values(result.errors).reduce((a, b) => a + b, 0);

    const thirds = [0, 1, 2].map((i) => samples.filter((s) => s.seconds >= (SECONDS * i) / 3 && (i === 2 || s.seconds < (SECONDS * (i + 1)) / 3)));
    const middle = mean(thirds[1]!);
    const last = mean(thirds[2]!);
    const ratio = middle ? last / middle - 1 : 0;
    const { slope, stderr } = slopePerMinute(samples.filter((s) => s.seconds >= SECONDS / 3));
    const growing = slope > MAX_SLOPE_MIB_PER_MIN && slope > 2 * stderr;
    const stats = await statisticsCheck(parla);
    const seconds = result.duration_us / 1e6;

    const rows: [string, string, string][] = [
      ['requests', `${result.requests} (${(result.requests / seconds).toFixed(0)}/s)`, ''],
      ['reads / writes', `${result.reads} / ${result.writes} (${((100 * result.writes) / Math.max(1, result.reads + result.writes)).toFixed(1)} % writes)`, ''],
      ['latency p50 / p90 / p99 / max', `${result.latency_ms.p50} / ${result.latency_ms.p90} / ${result.latency_ms.p99} / ${result.latency_ms.max} ms`, ''],
      ['non-2xx responses', String(result.non2xx), result.non2xx === 0 ? 'ok' : `FAIL (first: ${result.first_bad})`],
      ['socket errors (connect/read/write/timeout)', `${result.errors.connect}/${result.errors.read}/${result.errors.write}/${result.errors.timeout}`, errors - result.errors.status === 0 ? 'ok' : 'FAIL'],
      // Only growth is a failure: a last third below the middle one is memory given back.
      ['RSS first / middle / last third (mean)', `${mean(thirds[0]!).toFixed(1)} / ${middle.toFixed(1)} / ${last.toFixed(1)} MiB`, ratio <= MAX_THIRD_RATIO ? `ok (${(ratio * 100).toFixed(1)} %)` : `FAIL (${(ratio * 100).toFixed(1)} %)`],
      ['RSS min / max under load; after the run', `${Math.min(...samples.map((s) => s.rssMiB)).toFixed(1)} / ${Math.max(...samples.map((s) => s.rssMiB)).toFixed(1)} MiB (${samples.length} samples); ${afterRun.toFixed(1)} MiB`, ''],
      ['RSS slope after the first third (± std. error)', `${slope.toFixed(2)} ± ${stderr.toFixed(2)} MiB/min`, growing ? 'FAIL' : 'ok'],
      ...stats.map(({ field, reported, counted }): [string, string, string] => [`statistics ${field} (reported / counted)`, `${reported} / ${counted}`, reported === counted ? 'ok' : 'FAIL']),
    ];
    for (const [what, value, verdict] of rows) if (verdict.startsWith('FAIL')) failures.push(`${what}: ${value} ${verdict}`);

    const width = Math.max(...rows.map((r) => r[0].length));
    console.log(`\n| ${'check'.padEnd(width)} | value | verdict |\n|${'-'.repeat(width + 2)}|---|---|`);
    for (const [what, value, verdict] of rows) console.log(`| ${what.padEnd(width)} | ${value} | ${verdict} |`);
    console.log(`\nRSS samples (s: MiB): ${samples.map((s) => `${s.seconds.toFixed(0)}: ${s.rssMiB.toFixed(0)}`).join(', ')}`);
  } finally {
    parla.stop();
    await exited(parla.process);
    for (const c of cleanups.reverse()) await c();
  }
  if (failures.length) {
    console.error(`\nsoak FAILED:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log('\nsoak passed');
  }
}

await main();
