// Peak memory of a running `parla serve` (VmHWM from /proc) after a mix of heavy reads over a large project.
import { residentMemory } from './harness.js';

export const PEAK_TARGET_MIB = 400;
const LANES = Number(process.env.BENCH_FOOTPRINT_LANES ?? 4);

export interface FootprintProject {
  base: string;
  auth: Record<string, string>;
  pid: number;
  project: string;
  components: string[];
  languages: string[];
  /** Units per translation. */
  strings: number;
  /** Units in the whole project, for the deepest page of /api/units/. */
  totalUnits: number;
}

async function fetchAll(url: string, headers: Record<string, string>): Promise<number> {
  const res = await fetch(url, { headers });
  const body = await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${Buffer.from(body).toString().slice(0, 300)}`);
  return body.byteLength;
}

/** Runs `urls` over `LANES` concurrent clients, as several users at once would. */
async function concurrently(urls: string[], headers: Record<string, string>): Promise<number> {
  let next = 0;
  let bytes = 0;
  const lane = async () => {
    while (next < urls.length) bytes += await fetchAll(urls[next++]!, headers);
  };
  await Promise.all(Array.from({ length: LANES }, lane));
  return bytes;
}

function mib(pid: number): { peakMiB: number; currentMiB: number } {
  const m = residentMemory(pid);
  if (!m) throw new Error(`no /proc/${pid}/status: peak memory is read on Linux only`);
  return m;
}

/** Markdown rows: the server's peak and current RSS after each stage of the mix, against the target. */
export async function footprint(p: FootprintProject): Promise<string[]> {
  const { base, auth, project } = p;
  const rows = [`\nPeak memory of the server process (VmHWM from /proc/<pid>/status; ${LANES} concurrent clients; target < ${PEAK_TARGET_MIB} MiB)\n`];
  rows.push('| after | requests | response MiB | s | peak RSS MiB | current RSS MiB | target |', '|---|---:|---:|---:|---:|---:|---|');
  const stage = async (name: string, urls: string[]) => {
    const t0 = performance.now();
    const bytes = await concurrently(urls, auth);
    const s = (performance.now() - t0) / 1000;
    const m = mib(p.pid);
    rows.push(`| ${name} | ${urls.length} | ${(bytes / 2 ** 20).toFixed(1)} | ${s.toFixed(1)} | ${m.peakMiB.toFixed(0)} | ${m.currentMiB.toFixed(0)} | < ${PEAK_TARGET_MIB} |`);
  };
  const start = mib(p.pid);
  rows.push(`| the latency cases above (server started before them) | | | | ${start.peakMiB.toFixed(0)} | ${start.currentMiB.toFixed(0)} | < ${PEAK_TARGET_MIB} |`);

  const [c1, c2] = [p.components[0]!, p.components[1] ?? p.components[0]!];
  const [l1, l2] = [p.languages[0]!, p.languages[1] ?? p.languages[0]!];
  const stats = p.components.flatMap((c) => [`${base}/api/components/${project}/${c}/statistics/`, ...p.languages.map((l) => `${base}/api/translations/${project}/${c}/${l}/statistics/`)]);
  stats.push(`${base}/api/projects/${project}/statistics/`, `${base}/api/projects/${project}/languages/`, ...p.languages.map((l) => `${base}/api/languages/${l}/statistics/`));
  await stage('statistics of every translation, component, language and the project', stats);

  const firstPage = (await (await fetch(`${base}/api/translations/${project}/${c1}/${l1}/units/?page_size=100`, { headers: auth })).json()) as { results: { id: number }[] };
  const units = firstPage.results.map((u) => `${base}/api/units/${u.id}/`);
  const searches = ['source:w123', `state:<translated AND language:${l1}`, 'source:r"about w12[0-9] and"', 'target:řetězec AND state:>=translated'].map(
    (q) => `${base}/api/units/?q=${encodeURIComponent(q)}`,
  );
  await stage('100 unit details and 4 searches', [...units, ...searches]);

  const pages = Math.ceil(p.strings / 100);
  const walk = Array.from({ length: pages }, (_, i) => `${base}/api/translations/${project}/${c2}/${l2}/units/?page_size=100&page=${i + 1}`);
  const lastUnitsPage = Math.ceil(p.totalUnits / 100);
  for (let i = 0; i < 8; i++) walk.push(`${base}/api/units/?page=${Math.max(1, lastUnitsPage - i * Math.floor(lastUnitsPage / 10))}`);
  await stage(`a full walk of one translation (${pages} pages of 100) and 8 deep pages of /api/units/`, walk);

  await stage(`file downloads: one translation as PO, the ${l1} files of every component and one component's ZIP, converted from the database`, [
    `${base}/api/translations/${project}/${c1}/${l1}/file/?format=po`,
    `${base}/api/projects/${project}/languages/${l1}/file/?format=zip:po`,
    `${base}/api/components/${project}/${c1}/file/?format=zip:po`,
  ]);
  await stage(`the whole project as one ZIP of PO files (${p.totalUnits.toLocaleString('en')} units)`, [`${base}/api/projects/${project}/file/?format=zip:po`]);
  return rows;
}
