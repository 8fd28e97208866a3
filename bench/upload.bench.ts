// `npm run bench:upload`: a 100,000-unit PO uploaded through the API, stored and counted; then written back to the file.
import { buildZip } from '../test/helpers/zip.js';
import { startParla, type ParlaProcess } from './harness.js';

const UNITS = Number(process.env.BENCH_UNITS ?? 100_000);
const TARGET_MS = 10_000;

function po(n: number, translated: boolean): string {
  let out = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: cs\\n"\n"Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\\n"\n\n';
  for (let i = 0; i < n; i++) {
    const ctx = i % 5 === 0 ? `msgctxt "screen ${i % 40}"\n` : '';
    out += `#: src/file${i % 100}.c:${i}\n${ctx}msgid "Source string number ${i} with a few words"\nmsgstr "${translated ? `Přeložený řetězec číslo ${i}` : ''}"\n\n`;
  }
  return out;
}

async function main(): Promise<void> {
  let parla: ParlaProcess | undefined;
  try {
    parla = await startParla();
    const { base, auth } = parla;
    await fetch(`${base}/api/projects/`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Bench', slug: 'bench' }) });
    const form = new FormData();
    for (const [k, v] of Object.entries({ name: 'Big', slug: 'big', file_format: 'po', filemask: 'po/*.po' })) form.append(k, v);
    form.append('zipfile', new Blob([new Uint8Array(buildZip([{ name: 'po/cs.po', data: po(UNITS, false) }]))]), 'big.zip');
    let t0 = performance.now();
    const created = await fetch(`${base}/api/projects/bench/components/`, { method: 'POST', headers: auth, body: form });
    if (created.status !== 201) throw new Error(`component creation failed: ${created.status} ${await created.text()}`);
    const createMs = performance.now() - t0;

    const upload = new FormData();
    upload.append('file', new Blob([po(UNITS, true)]), 'cs.po');
    t0 = performance.now();
    const res = await fetch(`${base}/api/translations/bench/big/cs/file/`, { method: 'POST', headers: auth, body: upload });
    const body = (await res.json()) as { accepted: number };
    const uploadMs = performance.now() - t0;
    if (res.status !== 200 || body.accepted !== UNITS) throw new Error(`upload failed: ${res.status} ${JSON.stringify(body)}`);
    const stats = (await (await fetch(`${base}/api/translations/bench/big/cs/`, { headers: auth })).json()) as { translated: number };
    if (stats.translated !== UNITS) throw new Error(`counted ${stats.translated} translated units, expected ${UNITS}`);

    t0 = performance.now();
    const file = await fetch(`${base}/api/translations/bench/big/cs/file/`, { headers: auth });
    const text = await file.text();
    const writeMs = performance.now() - t0;
    if (!text.includes(`Přeložený řetězec číslo ${UNITS - 1}`)) throw new Error('the downloaded file lacks the uploaded translations');

    console.log(`\nParla upload benchmark (${UNITS} units, SQLite, one server process)`);
    console.log('| step | ms |');
    console.log('|---|---:|');
    console.log(`| create component from a ZIP (untranslated PO) | ${createMs.toFixed(0)} |`);
    console.log(`| upload the translated PO (stored and counted) | ${uploadMs.toFixed(0)} | ${uploadMs < TARGET_MS ? 'PASS' : 'MISS'} (target < ${TARGET_MS} ms)`);
    console.log(`| download: write ${UNITS} pending edits into the file | ${writeMs.toFixed(0)} |`);
  } finally {
    parla?.stop();
  }
}

await main();
