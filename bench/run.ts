// `npm run bench`: HTTP throughput of Parla's unit endpoints as a ratio to a bare Fastify route, same run.
import autocannon from 'autocannon';
import { freePort, start, startParla, waitFor, type ParlaProcess } from './harness.js';
import { buildZip } from '../test/helpers/zip.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const UNITS = Number(process.env.BENCH_UNITS ?? 10_000);

/** Requests per second; a separate autocannon worker keeps the load generator off the server's core. */
async function measure(url: string, headers: Record<string, string> = {}): Promise<number> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers, workers: 1 });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx responses, ${result.errors} errors`);
  return result.requests.average;
}

function poFile(n: number): string {
  let out = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: cs\\n"\n\n';
  for (let i = 0; i < n; i++) out += `#: src/file${i % 100}.c:${i}\nmsgid "Source string number ${i} with a few words"\nmsgstr "${i % 3 ? `Přeložený řetězec ${i}` : ''}"\n\n`;
  return out;
}

async function main(): Promise<void> {
  const rows: [string, number][] = [];
  const barePort = await freePort();
  const bare = start(['--import', 'tsx', 'bench/bare-server.ts'], { PORT: String(barePort) });
  let parla: ParlaProcess | undefined;
  try {
    await waitFor(`http://127.0.0.1:${barePort}/`);
    parla = await startParla();
    const base = parla.base;
    const auth = parla.auth;
    await fetch(`${base}/api/projects/`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Bench', slug: 'bench' }) });
    const form = new FormData();
    for (const [k, v] of Object.entries({ name: 'Big', slug: 'big', file_format: 'po', filemask: 'po/*.po' })) form.append(k, v);
    form.append('zipfile', new Blob([new Uint8Array(buildZip([{ name: 'po/cs.po', data: poFile(UNITS) }]))]), 'big.zip');
    const t0 = performance.now();
    const created = await fetch(`${base}/api/projects/bench/components/`, { method: 'POST', headers: auth, body: form });
    if (created.status !== 201) throw new Error(`component creation failed: ${created.status} ${await created.text()}`);
    const importMs = performance.now() - t0;
    const page = (await (await fetch(`${base}/api/translations/bench/big/cs/units/?page_size=1&page=5000`, { headers: auth })).json()) as { results: { id: number }[] };
    const unitId = page.results[0].id;

    const bareRps = await measure(`http://127.0.0.1:${barePort}/`);
    rows.push(['bare Fastify route', bareRps]);
    rows.push([`GET /api/units/<id>/`, await measure(`${base}/api/units/${unitId}/`, auth)]);
    rows.push([`GET …/units/?page_size=100`, await measure(`${base}/api/translations/bench/big/cs/units/?page_size=100&page=50`, auth)]);
    console.log(`\nParla HTTP benchmark (${UNITS} units, ${CONNECTIONS} connections, ${DURATION}s each, one server process, SQLite)`);
    console.log(`import of the ${UNITS}-unit PO by ZIP upload: ${importMs.toFixed(0)} ms`);
    console.log('| endpoint | requests/s | ratio to bare route |');
    console.log('|---|---:|---:|');
    for (const [name, rps] of rows) console.log(`| ${name} | ${rps.toFixed(0)} | ${(rps / bareRps).toFixed(3)} |`);
  } finally {
    bare.kill();
    parla?.stop();
  }
}

await main();
