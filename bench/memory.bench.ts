// `npm run bench:memory`: fuzzy translation memory lookups of 100-character strings over 1,000,000 entries
// generated in SQL, on SQLite (FTS5 trigram) and PostgreSQL (pg_trgm), against a primary-key SELECT.
import { performance } from 'node:perf_hooks';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../src/config.js';
import { createContainer, type Container } from '../src/container.js';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 50);
const TARGET_MS = 50;
/** BENCH_KEEP=1 keeps the data dir and PostgreSQL database (printed) for investigating queries. */
const KEEP = process.env.BENCH_KEEP === '1';
const PG_URL = process.env.PARLA_BENCH_DATABASE_URL ?? process.env.PARLA_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const VOCABULARY = 5000;
const WORDS_PER_ENTRY = 16;

/** Deterministic pseudo-random made-up words (2–3 syllables), so trigram frequencies look like text. */
function vocabulary(seed: number, syllables: string[], size: number): string[] {
  let x = seed;
  const next = () => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0), x >>> 8);
  const out = new Set<string>();
  while (out.size < size) {
    const n = 1 + (next() % 3);
    let w = '';
    for (let i = 0; i < n; i++) w += syllables[next() % syllables.length];
    out.add(w);
  }
  return [...out];
}
const WORDS = vocabulary(7, ['ka', 'lo', 'mer', 'sti', 'an', 'po', 're', 'den', 'tu', 'vi', 'sel', 'ra', 'no', 'ge', 'ble', 'ist', 'or', 'ful', 'ing', 'ex', 'com', 'pre', 'tion', 'al'], VOCABULARY);
const OTHER = vocabulary(11, ['zy', 'qua', 'jo', 'xe', 'bu', 'fy', 'wha', 'oo', 'ick', 'yg', 'hu', 'zz'], 1000);

/** The k-th word index of entry n (the same formula in JS and in both SQL dialects). */
const wordIndex = (n: number, k: number) => (n * (7919 + 2 * k) + Math.floor(n / VOCABULARY) * (104729 + 31 * k) + k * 12345) % VOCABULARY;
const entrySource = (n: number) => Array.from({ length: WORDS_PER_ENTRY }, (_, k) => WORDS[wordIndex(n, k + 1)]).join(' ');

function fit(text: string, length = 100): string {
  while (text.length < length) text += ` ${text}`;
  return text.slice(0, length);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function time(fn: () => Promise<unknown>, samples = SAMPLES): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 3; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function generate(c: Container): Promise<void> {
  const db = c.database.db;
  const lang = async (code: string) => (await db.selectFrom('languages').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  const [en, de, cs] = [await lang('en'), await lang('de'), await lang('cs')];
  const now = new Date().toISOString();
  const cols = sql`INSERT INTO memory (source, target, source_language_id, target_language_id, origin, project_id, user_id, from_file, shared, created)`;
  if (c.database.dialect === 'postgres') {
    const words = sql`ARRAY(SELECT words[1 + ((n * (7919 + 2 * k) + (n / ${VOCABULARY}) * (104729 + 31 * k) + k * 12345) % ${VOCABULARY})] FROM generate_series(1, ${WORDS_PER_ENTRY}) k ORDER BY k)`;
    // Bound parameters arrive as text in a CASE: the language ids are spelled into the SQL.
    await sql`${cols} SELECT array_to_string(${words}, ' '), 'T' || n, ${sql.lit(en)}, CASE WHEN n % 2 = 0 THEN ${sql.lit(de)} ELSE ${sql.lit(cs)} END, 'bench.tmx', NULL, NULL, 1, 1, ${now}
      FROM generate_series(1::bigint, ${ENTRIES}::bigint) n, (SELECT ${WORDS}::text[] AS words) w`.execute(db);
    await sql`ANALYZE memory`.execute(db);
    return;
  }
  await sql`CREATE TEMP TABLE bench_words (i INTEGER PRIMARY KEY, word TEXT NOT NULL)`.execute(db);
  for (let i = 0; i < WORDS.length; i += 500) {
    await sql`INSERT INTO bench_words (i, word) VALUES ${sql.join(WORDS.slice(i, i + 500).map((w, j) => sql`(${i + j}, ${w})`))}`.execute(db);
  }
  const parts = Array.from({ length: WORDS_PER_ENTRY }, (_, k) => sql`(SELECT word FROM bench_words WHERE i = (n * (7919 + 2 * ${sql.lit(k + 1)}) + (n / ${sql.lit(VOCABULARY)}) * (104729 + 31 * ${sql.lit(k + 1)}) + ${sql.lit(k + 1)} * 12345) % ${sql.lit(VOCABULARY)})`);
  await db.transaction().execute(async (tx) => {
    await sql`WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < ${ENTRIES})
      ${cols} SELECT ${sql.join(parts, sql` || ' ' || `)}, 'T' || n, ${en}, CASE WHEN n % 2 = 0 THEN ${de} ELSE ${cs} END, 'bench.tmx', NULL, NULL, 1, 1, ${now} FROM c`.execute(tx);
  });
}

interface Row {
  db: string;
  what: string;
  p50: number;
  p95: number;
  ratio: number;
  note: string;
}

async function run(dialect: 'sqlite' | 'postgres', url: string, dataDir: string): Promise<Row[]> {
  const c = await createContainer(loadConfig({ PARLA_DATA_DIR: dataDir, PARLA_DATABASE_URL: url, PARLA_LOG_LEVEL: 'silent' }));
  c.memory.stop(); // the index build is timed below, not left to the background sync
  try {
    let t0 = performance.now();
    await generate(c);
    const genMs = performance.now() - t0;
    t0 = performance.now();
    const indexed = await c.memory.catchUp();
    const indexMs = performance.now() - t0;
    console.error(`${dialect}: generated ${ENTRIES} entries in ${(genMs / 1000).toFixed(1)} s${dialect === 'sqlite' ? `, FTS5 index of ${indexed} rows in ${(indexMs / 1000).toFixed(1)} s` : ' (GIN index maintained while inserting)'}`);
    const db = c.database.db;
    const lang = async (code: string) => (await db.selectFrom('languages').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
    const [en, de] = [await lang('en'), await lang('de')];

    let i = 0;
    const pk = await time(() => db.selectFrom('memory').selectAll().where('id', '=', 1 + ((i++ * 7919) % ENTRIES)).executeTakeFirst());

    // Near-duplicates: an existing (German) entry with one word replaced, cut or repeated to 100 characters.
    const near = Array.from({ length: SAMPLES + 3 }, (_, j) => {
      const n = 2 * (1 + ((j * 15485863) % (ENTRIES / 2 - 1)));
      const words = entrySource(n).split(' ');
      words[(j % 12) + 2] = OTHER[j]!;
      return { n, text: fit(words.join(' ')) };
    });
    let hits = 0;
    let k = 0;
    const nearTime = await time(async () => {
      const q = near[k++ % near.length]!;
      const matches = await c.memory.lookup(q.text, en, de, { limit: 5 });
      if (k > 3 && matches[0]?.target === `T${q.n}`) hits++;
    });
    const unrelated = Array.from({ length: SAMPLES + 3 }, (_, j) => fit(Array.from({ length: 20 }, (_, w) => OTHER[(j * 31 + w * 17) % OTHER.length]).join(' ')));
    let found = 0;
    k = 0;
    const unrelatedTime = await time(async () => {
      const matches = await c.memory.lookup(unrelated[k++ % unrelated.length]!, en, de, { limit: 5 });
      if (matches.length) found++;
    });
    const exactText = entrySource(4);
    const exact = await time(() => c.memory.lookup(exactText, en, de, { limit: 5 }));
    const row = (what: string, t: { p50: number; p95: number }, note: string): Row => ({ db: dialect, what, ...t, ratio: t.p50 / pk.p50, note });
    return [
      row('primary-key SELECT (baseline)', pk, ''),
      row('lookup: exact source', exact, ''),
      row('lookup: near-duplicate, 100 chars', nearTime, `top match = original in ${hits}/${SAMPLES}; ${nearTime.p95 < TARGET_MS ? 'PASS' : 'MISS'} (p95 < ${TARGET_MS} ms)`),
      row('lookup: unrelated, 100 chars', unrelatedTime, `${found}/${SAMPLES} with a match ≥ 50; ${unrelatedTime.p95 < TARGET_MS ? 'PASS' : 'MISS'}`),
    ];
  } finally {
    await c.close();
  }
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-bench-memory-'));
  try {
    if (process.env.BENCH_SKIP_SQLITE !== '1') rows.push(...(await run('sqlite', '', path.join(dir, 'sqlite'))));
    if (process.env.BENCH_SKIP_POSTGRES !== '1') {
      const name = `parla_bench_${crypto.randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${name}`);
        const url = new URL(PG_URL);
        url.pathname = `/${name}`;
        try {
          rows.push(...(await run('postgres', url.toString(), path.join(dir, 'pg'))));
        } finally {
          if (KEEP) console.error(`kept: PARLA_DATABASE_URL=${url.toString()}`);
          else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        }
      } catch (e) {
        console.error(`PostgreSQL skipped: ${(e as Error).message}`);
      } finally {
        await admin.end();
      }
    }
  } finally {
    if (KEEP) console.error(`kept: ${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(`\nParla translation memory lookup (${ENTRIES} entries, ${SAMPLES} samples each, in-process)`);
  console.log('| database | operation | p50 ms | p95 ms | × baseline p50 | note |');
  console.log('|---|---|---:|---:|---:|---|');
  for (const r of rows) console.log(`| ${r.db} | ${r.what} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} | ${r.ratio.toFixed(0)} | ${r.note} |`);
}

await main();
