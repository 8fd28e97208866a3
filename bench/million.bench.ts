// `npm run bench:million`: read latencies over a 1,000,000-unit data set generated in SQL, on SQLite and on
// PostgreSQL — statistics at every level, `q` searches and a page of units — against a bare route's latency.
import { performance } from 'node:perf_hooks';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../src/config.js';
import { createContainer } from '../src/container.js';
import type { Database } from '../src/db/schema.js';
import { linkSourceUnitsToThemselves } from '../src/db/units.repository.js';
import { buildZip } from '../test/helpers/zip.js';
import { freePort, start, startParla, waitFor, type ParlaProcess } from './harness.js';
import { footprint } from './footprint.js';

const COMPONENTS = Number(process.env.BENCH_COMPONENTS ?? 5);
const LANGUAGES = ['cs', 'de', 'fr', 'es', 'it', 'pl', 'pt', 'nl', 'sv', 'da', 'fi', 'nb', 'hu', 'ro', 'sk', 'sl', 'hr', 'tr', 'uk', 'ja'].slice(0, Number(process.env.BENCH_LANGUAGES ?? 20));
const STRINGS = Number(process.env.BENCH_STRINGS ?? 10_000); // per component: COMPONENTS × LANGUAGES × STRINGS target units
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 60);
/** BENCH_KEEP=1 keeps the generated data dir and PostgreSQL database (printed at the end) for investigating queries. */
const KEEP = process.env.BENCH_KEEP === '1';
/**
 * BENCH_REUSE=<data dir>[,<database url>] runs the latency cases of one engine (BENCH_ENGINES) again over what a
 * BENCH_KEEP=1 run kept, without generating anything: for trying a change to the code on the same data.
 */
const REUSE = process.env.BENCH_REUSE ? { dataDir: process.env.BENCH_REUSE.split(',')[0]!, url: process.env.BENCH_REUSE.split(',')[1] ?? '' } : null;
const PG_URL = process.env.PARLA_BENCH_DATABASE_URL ?? process.env.PARLA_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const TEXT_COLUMNS = ['source', 'target', 'context'];
const REDIS_URL = process.env.PARLA_BENCH_REDIS_URL ?? process.env.PARLA_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Words spread over the strings so that `source:<word>` selects about 1 string in 1000. */
const WORDS = 1000;

function po(lang: string): string {
  return `msgid ""\nmsgstr ""\n"Language: ${lang}\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "Seed"\nmsgstr ""\n`;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One GET over a kept-alive connection (fetch's own overhead would dominate millisecond reads). */
function get(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** Sequential requests: latency as a user of one page sees it, not throughput. */
async function latency(url: string, headers: Record<string, string> = {}): Promise<{ p50: number; p95: number }> {
  // This process's own garbage (the generated data's container) collected now, not inside a timed request
  // (`npm run bench:million` runs node with --expose-gc).
  (globalThis as { gc?: () => void }).gc?.();
  const times: number[] = [];
  for (let i = 0; i < SAMPLES + 5; i++) {
    const t0 = performance.now();
    const res = await get(url, headers);
    const ms = performance.now() - t0;
    if (res.status < 200 || res.status >= 300) throw new Error(`${url}: ${res.status} ${res.body.slice(0, 300)}`);
    if (i >= 5) times.push(ms); // the first requests warm caches and prepared statements
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function freshPgUrl(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch (e) {
    console.warn(`PostgreSQL at ${PG_URL} is not reachable (${(e as Error).message}): PostgreSQL part skipped.`);
    return null;
  }
  const name = `parla_bench_${process.pid}`;
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Source strings for every component, then each language's units derived from them, all in SQL. */
async function generate(db: Kysely<Database>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const translations = await db.selectFrom('translations').select(['id', 'component_id', 'is_source']).orderBy('id').execute();
  const ids = translations.map((t) => t.id);
  await db.deleteFrom('units').where('translation_id', 'in', ids).execute();
  // Text indexes are built once after the load rather than row by row (migration 011 defines them).
  if (dialect === 'postgres') for (const c of TEXT_COLUMNS) await sql`DROP INDEX ${sql.id(`units_${c}_trgm`)}`.execute(db);
  else await sql`DROP TRIGGER units_fts_insert`.execute(db);
  const now = new Date().toISOString();
  const seq =
    dialect === 'postgres'
      ? sql`(SELECT n FROM generate_series(0, ${STRINGS - 1}) AS g(n))`
      : sql`(WITH RECURSIVE s(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM s WHERE n < ${STRINGS - 1}) SELECT n FROM s)`;
  const cat = (...parts: ReturnType<typeof sql>[]) => sql.join(parts, sql` || `);
  for (const source of translations.filter((t) => t.is_source)) {
    const text = cat(sql`'Source string number '`, sql`CAST(q.n AS TEXT)`, sql`' about w'`, sql`CAST(((q.n * 7919) % ${sql.lit(WORDS)}) AS TEXT)`, sql`' and more words'`);
    await sql`
      INSERT INTO units (translation_id, source_unit_id, id_hash, content_hash, context, source, target, previous_source, location, note, flags, explanation, extra_flags,
                         state, position, num_words, num_chars, priority, pending, has_suggestion, has_comment, has_failing_check, automatically_translated, timestamp, last_updated)
      SELECT ${source.id}, NULL, ${cat(sql`'h'`, sql`CAST(q.n AS TEXT)`)}, ${cat(sql`'c'`, sql`CAST(q.n AS TEXT)`)}, '', ${text}, ${text}, '', ${cat(sql`'src/file.c:'`, sql`CAST(q.n AS TEXT)`)}, '', '', '', '',
             100, q.n, 8, 50, 100, 0, 0, 0, 0, 0, ${now}, ${now}
      FROM ${seq} AS q`.execute(db);
    // As imports leave them: source units link to themselves.
    await linkSourceUnitsToThemselves(db, source.id);
  }
  for (const t of translations.filter((t) => !t.is_source)) {
    const source = translations.find((s) => s.is_source && s.component_id === t.component_id)!;
    // A third untranslated, a little fuzzy, the rest translated or approved.
    await sql`
      INSERT INTO units (translation_id, source_unit_id, id_hash, content_hash, context, source, target, previous_source, location, note, flags, explanation, extra_flags,
                         state, position, num_words, num_chars, priority, pending, has_suggestion, has_comment, has_failing_check, automatically_translated, timestamp, last_updated)
      SELECT ${t.id}, s.id, s.id_hash, s.content_hash, s.context, s.source,
             CASE WHEN s.position % 3 = 0 THEN '' ELSE ${cat(sql`'Přeložený řetězec '`, sql`CAST(s.position AS TEXT)`)} END, '', s.location, '', '', '', '',
             CASE WHEN s.position % 3 = 0 THEN 0 WHEN s.position % 7 = 0 THEN 10 WHEN s.position % 5 = 0 THEN 30 ELSE 20 END,
             s.position, s.num_words, s.num_chars, 100, 0, 0, 0, 0, 0, ${now}, ${now}
      FROM units s WHERE s.translation_id = ${source.id}`.execute(db);
  }
  if (dialect === 'postgres') {
    for (const c of TEXT_COLUMNS) await sql`CREATE INDEX ${sql.id(`units_${c}_trgm`)} ON units USING gin (lower(${sql.ref(c)}) gin_trgm_ops)`.execute(db);
  } else {
    await sql`INSERT INTO units_fts(units_fts) VALUES ('rebuild')`.execute(db);
    await sql`CREATE TRIGGER units_fts_insert AFTER INSERT ON units BEGIN INSERT OR IGNORE INTO units_fts_stale(id, indexed) VALUES (new.id, 0); END`.execute(db);
  }
  // What autovacuum does on a live server: statistics and the visibility map (index-only scans).
  await sql.raw(dialect === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE').execute(db);
  // The load's dirty pages written out now rather than by the checkpointer while the reads are timed.
  if (dialect === 'postgres') await sql`CHECKPOINT`.execute(db);
}

/**
 * `postgres` announces commits through PostgreSQL's notifications, `postgres+redis` through Redis (as a multi-host
 * installation with Redis runs); both keep read caches. `postgres-uncached` runs with PARLA_READ_CACHE=off: what
 * every request costs right after a write.
 */
type Engine = 'sqlite' | 'postgres' | 'postgres+redis' | 'postgres-uncached';

async function runEngine(engine: Engine, bareLatency: number, rows: string[]): Promise<void> {
  const dialect = engine === 'sqlite' ? 'sqlite' : 'postgres';
  if (REUSE && (dialect === 'postgres') !== (REUSE.url !== '')) throw new Error(`BENCH_REUSE names a database URL for a PostgreSQL engine and none for SQLite (engine ${engine})`);
  const pgDb = dialect === 'postgres' && !REUSE ? await freshPgUrl() : null;
  if (dialect === 'postgres' && !REUSE && !pgDb) return;
  const dataDir = REUSE?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'parla-million-'));
  const env: Record<string, string> = { PARLA_DATA_DIR: dataDir, PARLA_DATABASE_URL: REUSE?.url ?? pgDb?.url ?? '', PARLA_LOG_LEVEL: 'warn' };
  if (engine === 'postgres-uncached') env.PARLA_READ_CACHE = 'off';
  if (engine === 'postgres+redis') Object.assign(env, { PARLA_REDIS_URL: REDIS_URL, PARLA_REDIS_PREFIX: `parla-million-${process.pid}`, PARLA_SERVE_RUNS_TASKS: '1' });
  let parla: ParlaProcess | null = null;
  try {
    let genMs = NaN;
    let statsMs = NaN;
    if (!REUSE) {
      const creator = (parla = await startParla(env));
      const { base, auth } = creator;
      const json = { ...auth, 'Content-Type': 'application/json' };
      await fetch(`${base}/api/projects/`, { method: 'POST', headers: json, body: JSON.stringify({ name: 'Mega', slug: 'mega', web: 'https://example.com/' }) });
      for (let c = 1; c <= COMPONENTS; c++) {
        const form = new FormData();
        for (const [k, v] of Object.entries({ name: `C${c}`, slug: `c${c}`, file_format: 'po', filemask: 'po/*.po', template: '' })) form.append(k, v);
        form.append('zipfile', new Blob([new Uint8Array(buildZip(LANGUAGES.map((l) => ({ name: `po/${l}.po`, data: po(l) }))))]), 'c.zip');
        const res = await fetch(`${base}/api/projects/mega/components/`, { method: 'POST', headers: auth, body: form });
        if (res.status !== 201) throw new Error(`component: ${res.status} ${await res.text()}`);
      }
      creator.process.kill();
      await new Promise((r) => creator.process.once('exit', r));
      parla = null;
    }

    const t0 = performance.now();
    const container = await createContainer(loadConfig({ ...process.env, ...env }));
    if (!REUSE) {
      await generate(container.database.db, dialect);
      genMs = performance.now() - t0;
      const t1 = performance.now();
      await container.stats.recalculate();
      statsMs = performance.now() - t1;
    }
    const total = await container.database.db.selectFrom('units').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    let withWord = 0;
    for (let n = 0; n < STRINGS; n++) if ((n * 7919) % WORDS === 123) withWord++;
    const expected = { n: withWord * COMPONENTS * (LANGUAGES.length + 1) };
    await container.close();

    // A reused data dir already has the admins of earlier runs.
    parla = await startParla(env, { username: REUSE ? `bench${process.pid}` : 'bench2' });
    const h = parla.auth;
    const b = parla.base;
    const targets = Number(total.n) - COMPONENTS * STRINGS;
    const origin = REUSE ? `reused from ${REUSE.dataDir}` : `generated in ${(genMs / 1000).toFixed(1)} s, counters in ${(statsMs / 1000).toFixed(1)} s`;
    rows.push(`\n### ${engine}: ${Number(total.n).toLocaleString('en')} units (${targets.toLocaleString('en')} translations of ${(COMPONENTS * STRINGS).toLocaleString('en')} source strings), ${origin}\n`);
    rows.push('| request | p50 ms | p95 ms | p50 / bare p50 | target |');
    rows.push('|---|---:|---:|---:|---|');
    const q = (query: string) => `${b}/api/units/?q=${encodeURIComponent(query)}`;
    const cases: [string, string, string][] = [
      ['translation statistics', `${b}/api/translations/mega/c1/cs/statistics/`, 'p95 < 5 ms'],
      ['component statistics', `${b}/api/components/mega/c1/statistics/`, 'p95 < 5 ms'],
      ['project statistics', `${b}/api/projects/mega/statistics/`, 'p95 < 5 ms'],
      ['language statistics', `${b}/api/languages/cs/statistics/`, 'p95 < 5 ms'],
      ['project languages', `${b}/api/projects/mega/languages/`, 'p95 < 5 ms'],
      ['q source:w123', q('source:w123'), 'p50 < 50 ms'],
      ['q state:<translated AND language:cs', q('state:<translated AND language:cs'), 'p50 < 50 ms'],
      ['q regex source:r"about w12[0-9] and" (selective literal)', q('source:r"about w12[0-9] and"'), 'p50 < 50 ms'],
      ['q regex source:r"number 12[0-9]{2} about" (common literal)', q('source:r"number 12[0-9]{2} about"'), 'p50 < 50 ms'],
      ['page of 100 units (translation)', `${b}/api/translations/mega/c3/de/units/?page=${Math.max(1, Math.floor(STRINGS / 200))}`, 'p50 < 5 ms'],
      ['page of 100 units (/api/units/, middle page)', `${b}/api/units/?page=${Math.max(1, Math.floor(Number(total.n) / 200))}`, 'p50 < 5 ms'],
      ['q page of 100 units: state:<translated AND language:cs, page 10', `${q('state:<translated AND language:cs')}&page=10`, 'p50 < 50 ms'],
    ];
    // A fast answer must also be the right one.
    const found = JSON.parse((await get(q('source:w123'), h)).body) as { count: number };
    if (found.count !== Number(expected.n)) throw new Error(`source:w123 found ${found.count} units, the table has ${expected.n}`);
    let withRange = 0;
    for (let n = 0; n < STRINGS; n++) if (Math.floor(((n * 7919) % WORDS) / 10) === 12) withRange++;
    const regexFound = JSON.parse((await get(q('source:r"about w12[0-9] and"'), h)).body) as { count: number };
    if (regexFound.count !== withRange * COMPONENTS * (LANGUAGES.length + 1)) throw new Error(`the selective regex found ${regexFound.count} units, expected ${withRange * COMPONENTS * (LANGUAGES.length + 1)}`);
    // A server that has just started compiles its hot code and collects its start-up garbage for a few seconds
    // (statistics p95 up to 7 ms in a first round of 40 requests, 2–4 ms in the next): one round of every case
    // first, so that the figures are those of a running server.
    for (const [, url] of cases) for (let i = 0; i < 20; i++) await get(url, h);
    for (const [name, url, target] of cases) {
      const { p50, p95 } = await latency(url, h);
      rows.push(`| ${name} | ${p50.toFixed(1)} | ${p95.toFixed(1)} | ${(p50 / bareLatency).toFixed(1)} | ${target} |`);
    }
    if (process.env.BENCH_FOOTPRINT !== '0') {
      const components = Array.from({ length: COMPONENTS }, (_, i) => `c${i + 1}`);
      rows.push(...(await footprint({ base: b, auth: h, pid: parla.process.pid!, project: 'mega', components, languages: LANGUAGES, strings: STRINGS, totalUnits: Number(total.n) })));
    }
  } finally {
    parla?.stop();
    if (REUSE) rows.push(`\n(reused: PARLA_DATA_DIR=${dataDir}${REUSE.url ? ` PARLA_DATABASE_URL=${REUSE.url}` : ''})`);
    else if (KEEP) rows.push(`\n(kept: PARLA_DATA_DIR=${dataDir}${pgDb ? ` PARLA_DATABASE_URL=${pgDb.url}` : ''})`);
    else {
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

async function main(): Promise<void> {
  const barePort = await freePort();
  const bare = start(['--import', 'tsx', 'bench/bare-server.ts'], { PORT: String(barePort) });
  const rows: string[] = [];
  try {
    await waitFor(`http://127.0.0.1:${barePort}/`);
    const bareLatency = (await latency(`http://127.0.0.1:${barePort}/`)).p50;
    rows.push(`Parla read latency over ${(COMPONENTS * LANGUAGES.length * STRINGS).toLocaleString('en')} translation units (${SAMPLES} sequential requests each; bare Fastify route p50 ${bareLatency.toFixed(2)} ms in the same run)`);
    const engines = (process.env.BENCH_ENGINES ?? 'sqlite,postgres,postgres+redis,postgres-uncached').split(',') as Engine[];
    for (const engine of engines) await runEngine(engine, bareLatency, rows);
  } finally {
    bare.kill();
  }
  console.log(rows.join('\n'));
}

await main();
