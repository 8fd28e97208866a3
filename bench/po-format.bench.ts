// `npm run bench:formats`: parse and full re-render of a 100,000-unit Czech PO file by Parla, GNU msgcat
// and translate-toolkit, each in its own child process so that peak memory is per tool.
//
// Child mode (used by the parent, also handy under `node --cpu-prof`):
//   node --import tsx bench/po-format.bench.ts --child IN.po OUT.po
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchRealFormatFiles } from './real-format-files.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SELF = fileURLToPath(import.meta.url);
const UNITS = Number(process.env.BENCH_PO_UNITS ?? 100_000);
const OBSOLETE = Math.round(UNITS / 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const MSGCAT = '/usr/bin/msgcat';
const MSGFMT = '/usr/bin/msgfmt';
const GNU_TIME = '/usr/bin/time';
const SYSTEM_PYTHON = '/usr/bin/python3';
const TARGET_SECONDS = 1.5;
const TARGET_MB = 300;
/** Added to every form by the edit step (before a final "\n"); bench/ttk-po.py does the same. */
const EDIT_SUFFIX = ' \u2014 upraveno';

function edited(form: string): string {
  return form.endsWith('\n') ? form.slice(0, -1) + EDIT_SUFFIX + '\n' : form + EDIT_SUFFIX;
}

// ---------------------------------------------------------------------------------------------
// Catalog generator (deterministic: a seeded PRNG drives every choice).

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const EN = (
  'file folder window dialog settings account password user server network connection message error warning ' +
  'document page image printer device screen keyboard mouse download upload update version project language ' +
  'translation string unit component review comment history backup archive export import select open close save ' +
  'delete remove rename copy move cannot could not failed invalid missing unknown new recent default custom ' +
  'automatically manually please try again later the a an of to in for with from by on is are was be this that ' +
  'your all selected current available enabled disabled required optional café naïve résumé'
).split(' ');
const CS = (
  'soubor složka okno dialog nastavení účet heslo uživatel server síť připojení zpráva chyba varování dokument ' +
  'stránka obrázek tiskárna zařízení obrazovka klávesnice myš stažení nahrání aktualizace verze projekt jazyk ' +
  'překlad řetězec jednotka součást kontrola komentář historie záloha archiv export import vybrat otevřít zavřít ' +
  'uložit smazat odstranit přejmenovat kopírovat přesunout nelze nepodařilo neplatný chybějící neznámý nový ' +
  'nedávný výchozí vlastní automaticky ručně prosím zkuste znovu později je jsou byl být tento váš všechny vybrané ' +
  'aktuální dostupné povolené zakázané povinné volitelné žluťoučký kůň úpěl ďábelské ódy'
).split(' ');
const DIRECTIVES = ['%s', '%d', '%u', '%1$s', '%2$d', '%.2f', '%ld', '%zu'];
const CONTEXTS = ['button', 'menu', 'dialog title', 'tooltip', 'noun', 'verb', 'settings', 'status bar', 'accessibility'];
const EXTRACTED = [
  'TRANSLATORS: keep this short, it is shown on a button.',
  'Shown in the file chooser when no file is selected.',
  'TRANSLATORS: %s is the name of the user who made the change.',
  'Tooltip of the toolbar item; the full sentence appears in the status bar.',
  'Do not translate "Parla" — it is the product name.',
];
const TRANSLATOR_COMMENTS = ['Jan: checked against the style guide.', 'Petra: terminologie podle glosáře.', 'FIXME: ověřit v aplikaci.'];
const SOURCE_DIRS = ['src/ui/dialogs', 'src/ui/widgets', 'src/core/storage', 'src/net', 'plugins/export', 'lib/format/po'];
const SOURCE_FILES = ['preferences_window.c', 'main.c', 'file_chooser.c', 'sync_service.c', 'error_messages.h', 'toolbar.c'];

const PAGE_WIDTH = 79;

function escapePo(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\t/g, '\\t').replace(/\n/g, '\\n');
}

/** `keyword "value"`, or `keyword ""` plus greedily wrapped lines, in the manner of xgettext. */
function poString(keyword: string, value: string, prefix = ''): string[] {
  const single = `${prefix}${keyword} "${escapePo(value)}"`;
  const inner = value.indexOf('\n');
  if (single.length <= PAGE_WIDTH && (inner < 0 || inner === value.length - 1)) return [single];
  const lines = [`${prefix}${keyword} ""`];
  const room = PAGE_WIDTH - prefix.length - 2;
  const portions = value.split(/(?<=\n)/);
  for (const portion of portions) {
    let line = '';
    for (const word of escapePo(portion).split(/(?<= )/)) {
      if (line !== '' && line.length + word.length > room) {
        lines.push(`${prefix}"${line}"`);
        line = '';
      }
      line += word;
    }
    if (line !== '') lines.push(`${prefix}"${line}"`);
  }
  return lines;
}

function referenceLines(references: string[]): string[] {
  const lines: string[] = [];
  let line = '#:';
  for (const reference of references) {
    if (line !== '#:' && line.length + 1 + reference.length > PAGE_WIDTH) {
      lines.push(line);
      line = '#:';
    }
    line += ` ${reference}`;
  }
  lines.push(line);
  return lines;
}

class CatalogGenerator {
  private readonly rng = mulberry32(0x5eed);
  private readonly seen = new Set<string>();

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.rng() * items.length)]!;
  }

  private int(min: number, max: number): number {
    return min + Math.floor(this.rng() * (max - min + 1));
  }

  private words(list: readonly string[], count: number): string {
    return Array.from({ length: count }, () => this.pick(list)).join(' ');
  }

  private sentence(min: number, max: number): string {
    const text = this.words(EN, this.int(min, max));
    return text[0]!.toUpperCase() + text.slice(1) + '.';
  }

  /** An English source string and whether it carries C format directives. */
  private source(): { text: string; cFormat: boolean } {
    const kind = this.rng();
    let text: string;
    if (kind < 0.45) {
      const label = this.words(EN, this.int(1, 4));
      text = label[0]!.toUpperCase() + label.slice(1);
    } else if (kind < 0.8) text = this.sentence(5, 14);
    else if (kind < 0.93) text = Array.from({ length: this.int(2, 4) }, () => this.sentence(6, 14)).join(' ');
    else {
      text = Array.from({ length: this.int(2, 4) }, () => this.sentence(4, 12)).join('\n');
      if (this.rng() < 0.5) text += '\n';
    }
    const cFormat = this.rng() < 0.25;
    if (cFormat) {
      const words = text.split(' ');
      for (let k = this.int(1, 2); k > 0; k--) words.splice(this.int(0, words.length), 0, this.pick(DIRECTIVES));
      text = words.join(' ');
    }
    const extra = this.rng();
    if (extra < 0.03) text = `${text} Click “${this.pick(EN)}” or press "Enter".`;
    else if (extra < 0.035) text = `${text}\tTab-separated.`;
    else if (extra < 0.06) text = `${text} → ${this.pick(['🙂', '日本語', '…', '©'])}`;
    return { text, cFormat };
  }

  /** A Czech rendering of `source`: same lines, directives and punctuation, Czech words. */
  private translate(source: string): string {
    return source
      .split('\n')
      .map((line) =>
        line
          .split(' ')
          .map((token) => {
            if (token === '' || token.startsWith('%') || /^[^\p{L}]+$/u.test(token)) return token;
            const end = /[.,:;!?"”]+$/.exec(token);
            return this.pick(CS) + (end ? end[0] : '');
          })
          .join(' '),
      )
      .join('\n');
  }

  private unique(context: string, id: string, index: number): string {
    const key = `${context}\u0004${id}`;
    if (!this.seen.has(key)) {
      this.seen.add(key);
      return id;
    }
    const distinct = `${id} (${index})`;
    this.seen.add(`${context}\u0004${distinct}`);
    return distinct;
  }

  header(): string {
    return [
      '# Czech translation of the Parla benchmark catalog.',
      '# Copyright (C) 2024 The Parla authors',
      '# This file is distributed under the same license as the parla-bench package.',
      '# Jan Novák <jan@example.com>, 2023, 2024.',
      '#',
      'msgid ""',
      'msgstr ""',
      '"Project-Id-Version: parla-bench 1.0\\n"',
      '"Report-Msgid-Bugs-To: https://example.com/bugs\\n"',
      '"POT-Creation-Date: 2024-05-01 12:00+0200\\n"',
      '"PO-Revision-Date: 2024-05-02 13:45+0200\\n"',
      '"Last-Translator: Jan Novák <jan@example.com>\\n"',
      '"Language-Team: Czech <cs@li.org>\\n"',
      '"Language: cs\\n"',
      '"MIME-Version: 1.0\\n"',
      '"Content-Type: text/plain; charset=UTF-8\\n"',
      '"Content-Transfer-Encoding: 8bit\\n"',
      '"Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\\n"',
      '',
    ].join('\n');
  }

  unit(index: number): string {
    const lines: string[] = [];
    if (this.rng() < 0.05) lines.push(`# ${this.pick(TRANSLATOR_COMMENTS)}`);
    if (this.rng() < 0.3) {
      lines.push(`#. ${this.pick(EXTRACTED)}`);
      if (this.rng() < 0.2) lines.push(`#. ${this.pick(EXTRACTED)}`);
    }
    if (this.rng() < 0.95) {
      const r = this.rng();
      const count = r < 0.77 ? 1 : r < 0.97 ? this.int(2, 5) : this.int(6, 12);
      const references = Array.from(
        { length: count },
        () => `${this.pick(SOURCE_DIRS)}/${this.pick(SOURCE_FILES)}:${this.int(1, 4000)}`,
      );
      lines.push(...referenceLines(references));
    }

    const context = this.rng() < 0.2 ? (this.rng() < 0.7 ? this.pick(CONTEXTS) : `screen:${this.pick(EN)}`) : null;
    const plural = this.rng() < 0.1;
    const state = this.rng(); // < 0.10 untranslated, < 0.15 fuzzy, otherwise translated
    const fuzzy = state >= 0.1 && state < 0.15;

    let ids: string[];
    let cFormat: boolean;
    if (plural) {
      const thing = this.words(EN, this.int(1, 3));
      const tail = this.rng() < 0.3 ? ` ${this.words(EN, this.int(8, 20))}` : '';
      ids = [`%d ${thing} was ${this.pick(['deleted', 'updated', 'found', 'copied'])}${tail}`, `%d ${thing}s were changed${tail}`];
      cFormat = true;
    } else {
      const source = this.source();
      ids = [source.text];
      cFormat = source.cFormat;
    }
    ids[0] = this.unique(context ?? '', ids[0]!, index);

    const flags = [...(fuzzy ? ['fuzzy'] : []), ...(cFormat ? ['c-format'] : []), ...(this.rng() < 0.005 ? ['no-wrap'] : [])];
    if (flags.length > 0) lines.push(`#, ${flags.join(', ')}`);
    if (fuzzy) {
      const previous = ids[0]!.split(' ');
      previous.splice(this.int(0, previous.length - 1), 1, this.pick(EN));
      lines.push(...poString('msgid', previous.join(' '), '#| '));
    }
    if (context !== null) lines.push(...poString('msgctxt', context));
    lines.push(...poString('msgid', ids[0]!));
    const translated = state >= 0.1;
    if (plural) {
      lines.push(...poString('msgid_plural', ids[1]!));
      for (let form = 0; form < 3; form++) {
        lines.push(...poString(`msgstr[${form}]`, translated ? this.translate(ids[form === 0 ? 0 : 1]!) : ''));
      }
    } else {
      lines.push(...poString('msgstr', translated ? this.translate(ids[0]!) : ''));
    }
    return lines.join('\n') + '\n';
  }

  obsolete(index: number): string {
    const id = this.unique('#~', this.sentence(3, 10), index);
    return [...poString('msgid', id, '#~ '), ...poString('msgstr', this.translate(id), '#~ ')].join('\n') + '\n';
  }
}

function writeCatalog(file: string, units: number, obsolete: number): void {
  const generator = new CatalogGenerator();
  const fd = fs.openSync(file, 'w');
  try {
    let chunk = generator.header();
    const flush = (): void => {
      fs.writeSync(fd, chunk);
      chunk = '';
    };
    for (let i = 0; i < units; i++) {
      chunk += '\n' + generator.unit(i);
      if (chunk.length > 1 << 20) flush();
    }
    for (let i = 0; i < obsolete; i++) chunk += '\n' + generator.obsolete(i);
    flush();
  } finally {
    fs.closeSync(fd);
  }
}

// ---------------------------------------------------------------------------------------------
// Child: Parla parse / edit / serialize in this process, one JSON line on stdout.

interface ChildReport {
  units: number;
  parse: number;
  edit: number;
  serialize: number;
  maxRssKiB: number;
  bytes: number;
  rssBeforeKiB?: number;
}

async function parlaChild(input: string, output: string): Promise<void> {
  const { poFormat } = await import('../src/formats/po/po.format.js');
  const rssBeforeKiB = Math.round(process.memoryUsage().rss / 1024);
  const t0 = performance.now();
  const store = poFormat.parse(fs.readFileSync(input), { filename: input });
  const units = store.units;
  const t1 = performance.now();
  for (let i = 0; i < units.length; i++) {
    const unit = units[i]!;
    const target = unit.target.map((form, f) => edited(form || unit.source[Math.min(f, unit.source.length - 1)]!));
    store.updateUnit(i, { target });
  }
  const t2 = performance.now();
  const bytes = store.serialize();
  const t3 = performance.now();
  fs.writeFileSync(output, bytes);
  const report: ChildReport = {
    units: units.length,
    parse: (t1 - t0) / 1000,
    edit: (t2 - t1) / 1000,
    serialize: (t3 - t2) / 1000,
    maxRssKiB: process.resourceUsage().maxRSS,
    bytes: bytes.length,
    rssBeforeKiB,
  };
  console.log(JSON.stringify(report));
}

// ---------------------------------------------------------------------------------------------
// Parent: generate, run every tool RUNS times (interleaved), print the table.

interface Sample {
  parse?: number;
  edit?: number;
  serialize?: number;
  /** Parse + edit + serialize in process; for msgcat, the process wall time. */
  total: number;
  /** Parse + serialize, what the Parla targets are about. */
  parseSerialize?: number;
  wall: number;
  peakMB: number;
  units?: number;
  rssBeforeMB?: number;
}

interface ToolResult {
  tool: string;
  skipped?: string;
  samples: Sample[];
}

const kibToMB = (kib: number): number => (kib * 1024) / 1e6;

function lastJsonLine(stdout: string): ChildReport {
  const line = stdout.trim().split('\n').pop() ?? '';
  return JSON.parse(line) as ChildReport;
}

function runReporter(command: string, args: string[]): Sample {
  const t0 = performance.now();
  const result = spawnSync(command, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 24 });
  const wall = (performance.now() - t0) / 1000;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stderr}`);
  const r = lastJsonLine(result.stdout);
  return {
    parse: r.parse,
    edit: r.edit,
    serialize: r.serialize,
    total: r.parse + r.edit + r.serialize,
    parseSerialize: r.parse + r.serialize,
    wall,
    peakMB: kibToMB(r.maxRssKiB),
    units: r.units,
    ...(r.rssBeforeKiB !== undefined ? { rssBeforeMB: kibToMB(r.rssBeforeKiB) } : {}),
  };
}

function runMsgcat(input: string, output: string, dir: string): Sample {
  const timeFile = path.join(dir, 'msgcat.time');
  const useTime = fs.existsSync(GNU_TIME);
  const [command, args] = useTime
    ? [GNU_TIME, ['-f', '%M', '-o', timeFile, MSGCAT, '-o', output, input]]
    : [MSGCAT, ['-o', output, input]];
  const t0 = performance.now();
  const result = spawnSync(command, args, { encoding: 'utf8', env: { ...process.env, LC_ALL: 'C.UTF-8' } });
  const wall = (performance.now() - t0) / 1000;
  if (result.status !== 0) throw new Error(`msgcat failed (${result.status}):\n${result.stderr}`);
  const peakMB = useTime ? kibToMB(Number(fs.readFileSync(timeFile, 'utf8').trim().split('\n').pop())) : NaN;
  return { total: wall, wall, peakMB };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function med(samples: Sample[], key: keyof Sample): number | undefined {
  const values = samples.map((s) => s[key]).filter((v): v is number => typeof v === 'number' && !Number.isNaN(v));
  return values.length === samples.length && values.length > 0 ? median(values) : undefined;
}

const fmt = (v: number | undefined, digits = 2): string => (v === undefined ? '—' : v.toFixed(digits));

function ratioText(parla: number, other: number, better: string, worse: string): string {
  const ratio = parla <= other ? other / parla : parla / other;
  return `${ratio.toFixed(ratio < 1.1 ? 2 : 1)}× ${parla <= other ? better : worse}`;
}

function sameFile(a: string, b: string): boolean {
  return fs.readFileSync(a).equals(fs.readFileSync(b));
}

function quiet(command: string, args: string[]): { ok: boolean; stderr: string } {
  const result = spawnSync(command, args, { encoding: 'utf8', env: { ...process.env, LC_ALL: 'C.UTF-8' } });
  return { ok: result.status === 0, stderr: result.stderr ?? '' };
}

async function main(): Promise<void> {
  benchRealFormatFiles();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-po-bench-'));
  try {
    const input = path.join(dir, 'cs.po');
    const g0 = performance.now();
    writeCatalog(input, UNITS, OBSOLETE);
    const size = fs.statSync(input).size;
    console.log(
      `generated ${input}: ${UNITS} units + ${OBSOLETE} obsolete, ${(size / 1e6).toFixed(1)} MB ` +
        `in ${((performance.now() - g0) / 1000).toFixed(1)} s`,
    );

    const parla: ToolResult = { tool: 'Parla (poFormat)', samples: [] };
    const msgcat: ToolResult = { tool: `msgcat (${MSGCAT})`, samples: [] };
    const ttk: ToolResult = { tool: 'translate-toolkit (pypo)', samples: [] };
    if (!fs.existsSync(MSGCAT)) msgcat.skipped = 'skipped: msgcat not installed (apt-get install -y gettext)';
    const ttkImport = fs.existsSync(SYSTEM_PYTHON) ? quiet(SYSTEM_PYTHON, ['-c', 'import translate.storage.po']) : { ok: false };
    if (!ttkImport.ok) ttk.skipped = 'skipped: translate-toolkit not installed (apt-get install -y python3-translate)';
    if (ttkImport.ok) {
      const version = spawnSync(SYSTEM_PYTHON, ['-c', 'from translate.__version__ import sver; print(sver)'], { encoding: 'utf8' });
      ttk.tool = `translate-toolkit ${version.stdout.trim()} (pypo)`;
    }

    const loadBefore = os.loadavg()[0]!.toFixed(2);
    const outputs = { parla: path.join(dir, 'parla.po'), msgcat: path.join(dir, 'msgcat.po'), ttk: path.join(dir, 'ttk.po') };
    for (let run = 1; run <= RUNS; run++) {
      process.stdout.write(`run ${run}/${RUNS}: Parla`);
      parla.samples.push(runReporter(process.execPath, ['--import', 'tsx', SELF, '--child', input, outputs.parla]));
      if (!msgcat.skipped) {
        process.stdout.write(', msgcat');
        msgcat.samples.push(runMsgcat(input, outputs.msgcat, dir));
      }
      if (!ttk.skipped) {
        process.stdout.write(', translate-toolkit');
        ttk.samples.push(runReporter(SYSTEM_PYTHON, [path.join(ROOT, 'bench/ttk-po.py'), input, outputs.ttk]));
      }
      process.stdout.write('\n');
    }

    const parlaUnits = parla.samples[0]!.units;
    if (parlaUnits !== UNITS) throw new Error(`Parla read ${parlaUnits} units, expected ${UNITS}`);
    if (!ttk.skipped && ttk.samples[0]!.units !== UNITS) console.log(`note: translate-toolkit read ${ttk.samples[0]!.units} units`);

    console.log(
      `\nPO parse + full re-render, ${UNITS} units (${(size / 1e6).toFixed(1)} MB, Czech, 3 plural forms), ` +
        `median of ${RUNS} runs, each tool in its own process, ${os.cpus().length} cores, Node ${process.version}, ` +
        `load average ${loadBefore} before / ${os.loadavg()[0]!.toFixed(2)} after`,
    );
    console.log('| tool | parse s | edit s | serialize s | total s | process wall s | peak MB |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const t of [parla, msgcat, ttk]) {
      if (t.skipped) {
        console.log(`| ${t.tool} | ${t.skipped} ||||||`);
        continue;
      }
      const s = t.samples;
      console.log(
        `| ${t.tool} | ${fmt(med(s, 'parse'))} | ${fmt(med(s, 'edit'))} | ${fmt(med(s, 'serialize'))} | ` +
          `${fmt(med(s, 'total'))} | ${fmt(med(s, 'wall'))} | ${fmt(med(s, 'peakMB'), 0)} |`,
      );
    }
    console.log(
      '\nparse includes reading the file and listing the units; edit sets every target (every form gets a suffix) so ' +
        'that every entry is re-rendered (translate-toolkit re-quotes and wraps a msgstr when it is set, Parla when ' +
        'it serializes); total = parse + edit + serialize, in process, without interpreter start-up. msgcat cannot ' +
        'be split: its total is the wall time of the whole `msgcat -o out in` process (it re-renders every entry). ' +
        'process wall = spawn to exit. peak MB = max RSS of the process (10^6 bytes).',
    );
    const parlaRssBefore = med(parla.samples, 'rssBeforeMB');
    if (parlaRssBefore !== undefined) console.log(`Parla's process RSS before reading the file (Node + tsx + modules): ${parlaRssBefore.toFixed(0)} MB.`);

    const pTotal = med(parla.samples, 'total')!;
    const pPeak = med(parla.samples, 'peakMB')!;
    const pParseSerialize = med(parla.samples, 'parseSerialize')!;
    console.log('');
    for (const t of [msgcat, ttk]) {
      if (t.skipped) {
        console.log(`Parla vs ${t.tool}: ${t.skipped}`);
        continue;
      }
      const oTotal = med(t.samples, 'total')!;
      const oPeak = med(t.samples, 'peakMB');
      const memory = oPeak === undefined ? 'peak memory not measured (no /usr/bin/time)' : `uses ${ratioText(pPeak, oPeak, 'less', 'more')} memory`;
      console.log(`Parla is ${ratioText(pTotal, oTotal, 'faster', 'slower')} than ${t.tool.split(' ')[0]} and ${memory}.`);
    }
    console.log(
      `target parse+serialize < ${TARGET_SECONDS} s: ${pParseSerialize.toFixed(2)} s ` +
        `${pParseSerialize < TARGET_SECONDS ? 'PASS' : 'MISS'} (with the edit step: ${pTotal.toFixed(2)} s)`,
    );
    console.log(`target peak memory < ${TARGET_MB} MB: ${pPeak.toFixed(0)} MB ${pPeak < TARGET_MB ? 'PASS' : 'MISS'}`);

    // Sanity checks, untimed: the input is valid gettext, Parla's output too, and the tools agree.
    if (fs.existsSync(MSGFMT)) {
      const checkIn = quiet(MSGFMT, ['-c', '-o', '/dev/null', input]);
      const checkOut = quiet(MSGFMT, ['-c', '-o', '/dev/null', outputs.parla]);
      console.log(`\ncheck: msgfmt -c accepts the input: ${checkIn.ok ? 'yes' : `NO\n${checkIn.stderr.slice(0, 2000)}`}`);
      console.log(`check: msgfmt -c accepts Parla's output: ${checkOut.ok ? 'yes' : `NO\n${checkOut.stderr.slice(0, 2000)}`}`);
    }
    if (!msgcat.skipped) {
      const parlaNorm = path.join(dir, 'parla.msgcat.po');
      quiet(MSGCAT, ['-o', parlaNorm, outputs.parla]);
      console.log(`check: Parla's output is already in msgcat's layout (msgcat leaves it byte-identical): ${sameFile(parlaNorm, outputs.parla) ? 'yes' : 'NO'}`);
      if (!ttk.skipped) {
        const ttkNorm = path.join(dir, 'ttk.msgcat.po');
        quiet(MSGCAT, ['-o', ttkNorm, outputs.ttk]);
        console.log(`check: Parla's and translate-toolkit's edited outputs are identical after msgcat: ${sameFile(parlaNorm, ttkNorm) ? 'yes' : 'NO'}`);
      }
    }
  } finally {
    if (process.env.BENCH_PO_KEEP) console.log(`kept ${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') await parlaChild(process.argv[3]!, process.argv[4]!);
else await main();
