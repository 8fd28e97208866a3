// `npm run bench:bulk`: bulk edits of a 5,000-string translation through the web UI's forms (each a background task),
// per string against saving strings one by one through the API, on SQLite and PostgreSQL.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildZip } from '../test/helpers/zip.js';
import { freshPgDatabase, ROOT, startParla, type ParlaProcess } from './harness.js';

const STRINGS = Number(process.env.BENCH_STRINGS ?? 5000);
/** Strings saved one by one through the API for the baseline. */
const SINGLE = Number(process.env.BENCH_SINGLE ?? 200);
const PASSWORD = 'quiet-river-7403-lamp';

const HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n';
function po(language: string | null): string {
  const head = language ? HEADER.replace('\\n"\n', `\\n"\n"Language: ${language}\\n"\n"Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\\n"\n`) : HEADER;
  let out = head;
  for (let i = 0; i < STRINGS; i++) out += `\n${language ? '#, fuzzy\n' : ''}msgid "String number ${i} of the bench"\nmsgstr "${language ? `Řetězec číslo ${i} světe` : ''}"\n`;
  return out;
}

/** A signed-in browser session: its cookie, and a form post with the page's CSRF token. */
async function signIn(base: string) {
  const res = await fetch(`${base}/accounts/login/`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base },
    body: new URLSearchParams({ username: 'bench', password: PASSWORD, next: '/' }),
  });
  if (res.status !== 303) throw new Error(`signing in: ${res.status}`);
  const cookie = /^([^;]+)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
  /** Posts a form of page `from` to `to`; returns where the answer leads. */
  return async (from: string, to: string, fields: Record<string, string>): Promise<string> => {
    const html = await (await fetch(`${base}${from}`, { headers: { Cookie: cookie } })).text();
    const token = /name="csrfmiddlewaretoken" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const posted = await fetch(`${base}${to}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: cookie, Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfmiddlewaretoken: token, ...fields }),
    });
    return posted.headers.get('location') ?? `(${posted.status})`;
  };
}

/** Follows a task to its end; its time from the form's answer to the task's end. */
async function taskEnd(parla: ParlaProcess, location: string): Promise<Record<string, unknown>> {
  const id = /\/tasks\/([0-9a-f-]{36})\/$/.exec(location)?.[1];
  if (!id) throw new Error(`the form did not lead to a task: ${location}`);
  for (;;) {
    const task = (await (await fetch(`${parla.base}/api/tasks/${id}/`, { headers: parla.auth })).json()) as { completed: boolean; result: Record<string, unknown> | null };
    if (task.completed) return task.result ?? {};
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function runEngine(engine: 'sqlite' | 'postgres', rows: string[]): Promise<void> {
  const pgDb = engine === 'postgres' ? await freshPgDatabase('bulk') : null;
  if (engine === 'postgres' && !pgDb) return;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-bench-bulk-'));
  const env = { PARLA_DATA_DIR: dataDir, PARLA_DATABASE_URL: pgDb?.url ?? '' };
  let parla: ParlaProcess | undefined;
  try {
    parla = await startParla(env);
    execFileSync(process.execPath, ['bin/parla.mjs', 'changepassword', '--username', 'bench', '--password', PASSWORD], { cwd: ROOT, env: { ...process.env, ...env } });
    const { base, auth } = parla;
    await fetch(`${base}/api/projects/`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Bench', slug: 'bench' }) });
    const form = new FormData();
    for (const [k, v] of Object.entries({ name: 'App', slug: 'app', file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot' })) form.append(k, v);
    form.append('zipfile', new Blob([new Uint8Array(buildZip([{ name: 'po/app.pot', data: po(null) }, { name: 'po/cs.po', data: po('cs') }]))]), 'app.zip');
    const created = await fetch(`${base}/api/projects/bench/components/`, { method: 'POST', headers: auth, body: form });
    if (created.status !== 201) throw new Error(`component: ${created.status} ${await created.text()}`);

    // Baseline: strings saved one by one through the API.
    const units = (await (await fetch(`${base}/api/translations/bench/app/cs/units/?page_size=${SINGLE}`, { headers: auth })).json()) as { results: { id: number; target: string[] }[] };
    let t0 = performance.now();
    for (const u of units.results) {
      const res = await fetch(`${base}/api/units/${u.id}/`, { method: 'PATCH', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify({ target: u.target, state: 20 }) });
      if (res.status !== 200) throw new Error(`PATCH: ${res.status} ${await res.text()}`);
    }
    const singleMs = (performance.now() - t0) / units.results.length;

    const post = await signIn(base);
    const bulk = '/translate/bench/app/cs/bulk/';
    const cases: [string, string, Record<string, string>][] = [
      ['state: needs editing → translated', bulk, { q: 'state:needs-editing', state: '20' }],
      ['search and replace', '/translate/bench/app/cs/replace/', { q: '', search: 'světe', replacement: 'světě', action: 'apply', all: '1' }],
      ['flags added on the source strings', bulk, { q: '', add_flags: 'max-length:200' }],
    ];
    rows.push(`\n### ${engine}: ${STRINGS.toLocaleString('en')} strings; one string saved through the API: ${singleMs.toFixed(2)} ms\n`);
    rows.push('| bulk edit | strings | ms | ms per string | per string / one API save |');
    rows.push('|---|---:|---:|---:|---:|');
    for (const [name, to, fields] of cases) {
      t0 = performance.now();
      const result = await taskEnd(parla, await post(bulk, to, fields));
      const ms = performance.now() - t0;
      const changed = Number(result.changed ?? 0);
      if (changed < STRINGS - SINGLE) throw new Error(`${name}: changed ${JSON.stringify(result)}`);
      rows.push(`| ${name} | ${changed} | ${ms.toFixed(0)} | ${(ms / changed).toFixed(2)} | ${(ms / changed / singleMs).toFixed(3)} |`);
    }
    const stats = (await (await fetch(`${base}/api/translations/bench/app/cs/statistics/`, { headers: auth })).json()) as { translated: number };
    if (stats.translated !== STRINGS) throw new Error(`counted ${stats.translated} translated strings, expected ${STRINGS}`);
  } finally {
    parla?.stop();
    await pgDb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const rows: string[] = [`Bulk edits through the web UI (each a background task), against saving strings one by one through the API`];
  for (const engine of (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[]) await runEngine(engine, rows);
  console.log(rows.join('\n'));
}

await main();
