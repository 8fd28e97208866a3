// Tests for the gettext PO format: parsing, byte-exact round trips, msgcat-compatible rendering, editing.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { FormatParseError, type FormatUnit, type ParsedStore } from '../format.js';
import { isHeaderEntry, type PoEntry } from './entry.js';
import { poFormat, poMonoFormat } from './po.format.js';
import { PoStore } from './po-store.js';
import { renderEntry } from './render.js';

// ---------------------------------------------------------------------------------------------
// helpers

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const REAL_WORLD = resolve(repoRoot, '../shared/fixtures/real-world');
const PO_FIXTURES = join(REAL_WORLD, 'po');
const haveFixtures = existsSync(PO_FIXTURES);
const fixturesNote = haveFixtures ? '' : ` (skipped: real-world fixtures not found at ${REAL_WORLD})`;
if (!haveFixtures) console.warn(`PO fixture tests skipped: ${REAL_WORLD} does not exist`);

const haveTool = (tool: string): boolean => spawnSync(tool, ['--version']).status === 0;
const haveMsgcat = haveTool('msgcat');
const haveMsgfmt = haveTool('msgfmt');

const scratch = mkdtempSync(join(tmpdir(), 'parla-po-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function parse(input: string | Uint8Array): PoStore {
  const bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
  return poFormat.parse(bytes) as PoStore;
}

function text(store: ParsedStore): string {
  return store.serialize().toString('utf8');
}

function parseError(input: string | Uint8Array): FormatParseError {
  try {
    parse(input);
  } catch (error) {
    expect(error).toBeInstanceOf(FormatParseError);
    return error as FormatParseError;
  }
  throw new Error('expected a FormatParseError');
}

/** Runs msgcat (default options, like the fixture twins) on `content`. */
function msgcat(content: string | Buffer, ...args: string[]): string {
  const file = join(scratch, `in-${Math.random().toString(36).slice(2)}.po`);
  writeFileSync(file, content);
  const result = spawnSync('msgcat', [...args, file], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`msgcat failed: ${result.stderr}`);
  return result.stdout;
}

function activeEntries(store: PoStore): PoEntry[] {
  return store.allEntries.filter((entry) => !entry.obsolete && !isHeaderEntry(entry));
}

function rendered(entry: PoEntry): string {
  return renderEntry(entry).join('\n') + '\n';
}

function fixtureFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.pot?$/.test(name)) out.push(path);
    }
  };
  if (haveFixtures) walk(PO_FIXTURES);
  return out;
}

/** Files in msgcat's layout: the msgcat twins, and the template the manifest says msgcat leaves unchanged. */
function msgcatLayoutFiles(): string[] {
  return fixtureFiles().filter((file) => file.endsWith('.msgcat.po') || file.endsWith('django.pot'));
}

const HEADER =
  'msgid ""\n' +
  'msgstr ""\n' +
  '"Content-Type: text/plain; charset=UTF-8\\n"\n' +
  '"Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\\n"\n';

// ---------------------------------------------------------------------------------------------
// real-world files

/** it.each rows [display name, path]; a placeholder row when the fixtures are missing (the suite is skipped then). */
function cases(files: string[]): [string, string][] {
  return files.length > 0 ? files.map((file) => [relative(PO_FIXTURES, file), file]) : [['(fixtures missing)', '']];
}

describe.skipIf(!haveFixtures)(`real-world PO fixtures${fixturesNote}`, () => {
  const files = fixtureFiles();

  it('finds the fixture files', () => {
    expect(files.length).toBeGreaterThanOrEqual(9);
  });

  it.each(cases(files))(
    'round-trips %s byte for byte',
    (_name, file) => {
      const bytes = readFileSync(file);
      const store = parse(bytes);
      expect(store.units.length).toBeGreaterThan(50);
      expect(Buffer.compare(store.serialize(), bytes)).toBe(0);
      // every entry knows the line it starts on
      const lines = bytes.toString('utf8').split('\n');
      for (const entry of store.allEntries) expect(lines[entry.line - 1]).toBe(entry.raw!.split('\n')[0]);
    },
  );

  it.each(cases(msgcatLayoutFiles()))(
    're-rendering every entry of %s from its parsed fields reproduces msgcat byte for byte',
    (_name, file) => {
      const store = parse(readFileSync(file));
      let checked = 0;
      for (const entry of store.allEntries) {
        expect({ line: entry.line, text: rendered(entry) }).toEqual({ line: entry.line, text: entry.raw });
        checked++;
      }
      expect(checked).toBe(store.allEntries.length);
    },
  );

  it('exposes units, header and plural forms of a real catalog', () => {
    const store = parse(readFileSync(join(PO_FIXTURES, 'weblate-djangojs/fa.po')));
    expect(store.header['Language']).toBe('fa');
    expect(store.pluralForms?.number).toBe(2);
    const fuzzyWithPrevious = store.units.filter((u) => u.fuzzy && u.previousSource !== '');
    expect(fuzzyWithPrevious.length).toBeGreaterThan(0);
    expect(store.units.some((u) => u.context !== '' && u.key === u.context)).toBe(true);
    expect(store.units.some((u) => u.source.length === 2)).toBe(true);
    expect(store.units.some((u) => u.flags.includes('javascript-format'))).toBe(true);
    expect(store.units.every((u) => !u.obsolete)).toBe(true);
    expect(store.allEntries.some((e) => e.obsolete)).toBe(true);
  });

  describe('editing one unit changes only that entry', () => {
    it.each(cases(files.filter((f) => f.endsWith('.po'))))('%s', (_name, file) => {
      const bytes = readFileSync(file);
      const msgcatLayout = file.endsWith('.msgcat.po');
      const original = bytes.toString('utf8').split('\n');
      const probe = parse(bytes);
      const count = probe.units.length;
      const plural = probe.units.findIndex((u) => u.source.length > 1);
      const fuzzy = probe.units.findIndex((u) => u.fuzzy);
      const picks = [...new Set([0, Math.floor(count / 2), count - 1, plural, fuzzy].filter((i) => i >= 0))];

      for (const index of picks) {
        const store = parse(bytes);
        const entry = activeEntries(store)[index]!;
        const start = entry.line - 1;
        const end = start + entry.raw!.split('\n').length - 1;
        const unit = store.units[index]!;
        const target = unit.target.map((_, i) => `Edited translation ${i} of unit ${index}, long enough to need wrapping when rendered in msgcat's layout`);
        store.updateUnit(index, { target });

        const changed = text(store).split('\n');
        const keptAfter = original.length - end;
        expect(changed.slice(0, start)).toEqual(original.slice(0, start));
        expect(changed.slice(changed.length - keptAfter)).toEqual(original.slice(end));
        if (msgcatLayout) {
          // In a msgcat-formatted file, everything up to the first msgstr line is re-rendered identically.
          const firstMsgstr = original.slice(start, end).findIndex((line) => line.startsWith('msgstr'));
          expect(changed.slice(start, start + firstMsgstr)).toEqual(original.slice(start, start + firstMsgstr));
        }
        const reread = parse(store.serialize());
        expect(reread.units[index]).toEqual({ ...unit, target });
        expect(reread.units.length).toBe(count);
      }
    });
  });

  it.skipIf(!haveMsgcat)('an edited msgcat-formatted file is left unchanged by msgcat', () => {
    const bytes = readFileSync(join(PO_FIXTURES, 'gnome-clocks/cs.msgcat.po'));
    const store = parse(bytes);
    store.units.forEach((unit, index) => {
      if (index % 7 !== 0) return;
      const long = `Nový překlad jednotky ${index}: ${unit.source[0]!.replace(/\s+/g, ' ')} – s dovětkem, který zajistí zalomení řádku a "uvozovky".`;
      store.updateUnit(index, { target: unit.target.map(() => long), fuzzy: index % 2 === 0 });
    });
    store.setHeader('Last-Translator', 'Test Translator <test@example.com>');
    store.addUnit({ source: ['A newly added message that is long enough to be wrapped onto several lines by msgcat'], context: 'new', note: 'Added by the test', location: 'src/new.c:1, src/new.c:2' });
    const ours = text(store);
    expect(msgcat(ours)).toBe(ours);
  });

  it.skipIf(!haveMsgfmt)('create() from the real template gives a file msgfmt --check accepts', () => {
    const template = parse(readFileSync(join(PO_FIXTURES, 'weblate-language-data/django.pot')));
    const created = poFormat.create({ language: 'ar', pluralForms: { number: 6, formula: 'n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5' }, template });
    expect(created.units.length).toBe(template.units.length);
    expect(created.units.every((u) => u.target.every((t) => t === ''))).toBe(true);
    const file = join(scratch, 'created-ar.po');
    writeFileSync(file, created.serialize());
    const result = spawnSync('msgfmt', ['--check', '-o', '/dev/null', file], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------
// msgcat-compatible rendering of generated content

/** Deterministic pseudo-random generator (LCG) so that failures are reproducible. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

const WORDS = [
  'the', 'quick', 'brown', 'fox', 'jumps', 'over', 'lazy', 'dog', 'supercalifragilisticexpialidocious',
  'http://example.com/path/to/some/resource?x=1&y=2', 'e.g.', 'foo-bar', 'a/b/c', '(parenthesized)', '"quoted"',
  "it's", '100%', '50% off', '%s', '%d', '% d', '%+d', '%1$s', '%(name)s', '{name}', '{x:>10}', '{{literal}}',
  '{0,number,integer}', '$1', '—', '…', '«x»', 'tab\there', 'back\\slash', 'new\nline', 'Čeština', 'مرحبا',
  'سلام\u200cدنیا', 'שלום', '日本語のテキスト', '中文字符', '한국어', '😀👍🏽', '🇨🇿🇩🇪', 'a\u0301', 'x;y;z', ';', '.',
  '!', '?', 'a:b', '1,000.50', '€5', '<b>bold</b>', '<P>text.</P>', '\u00a0', '  ', '\r', '\x07', '\f',
];
const FLAG_SETS = [[], [], ['c-format'], ['python-format'], ['python-brace-format'], ['no-c-format'], ['javascript-format'], ['java-format'], ['php-format'], ['c-format', 'no-wrap']];

/** Comments cannot hold line breaks or other control characters. */
const withoutControls = (s: string): string => [...s].map((c) => (c < ' ' ? ' ' : c)).join('');

function generatedCatalog(seed: number, count: number): string {
  const random = generator(seed);
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const sentence = (words: number): string => {
    let s = '';
    for (let i = 0; i < words; i++) s += pick(WORDS) + pick([' ', ' ', ' ', '', '  ', '\n', ', ', '. ']);
    return s;
  };
  const quote = (s: string): string =>
    '"' + s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\t/g, '\\t').replace(/\r/g, '\\r').replace(/\f/g, '\\f').split('\x07').join('\\a') + '"';
  const blocks: string[] = [HEADER];
  const obsolete: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < count; i++) {
    const isObsolete = random() < 0.1;
    const p = isObsolete ? '#~ ' : '';
    const lines: string[] = [];
    if (random() < 0.2) lines.push('# ' + withoutControls(sentence(3)));
    if (random() < 0.2) lines.push('#. ' + withoutControls(sentence(3)));
    if (random() < 0.3 && !isObsolete) {
      const refs = new Set<string>();
      for (let k = 0; k < 1 + random() * 8; k++) refs.add(`src/${pick(WORDS.slice(0, 9))}/file${k}.c:${Math.floor(random() * 5000)}`);
      lines.push('#: ' + [...refs].join(' '));
    }
    const fuzzy = random() < 0.2;
    const flags = [...(fuzzy ? ['fuzzy'] : []), ...pick(FLAG_SETS)];
    if (flags.length > 0) lines.push('#, ' + flags.join(', '));
    if (fuzzy && random() < 0.5) lines.push((isObsolete ? '#~| ' : '#| ') + 'msgid ' + quote(sentence(1 + random() * 20)));
    const context = random() < 0.2 ? sentence(1 + random() * 5) : null;
    const id = sentence(1 + random() * 25);
    const key = `${context}\u0004${id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (context !== null) lines.push(p + 'msgctxt ' + quote(context));
    lines.push(p + 'msgid ' + quote(id));
    const translated = random() < 0.8 || fuzzy || isObsolete;
    if (random() < 0.15) {
      lines.push(p + 'msgid_plural ' + quote(sentence(1 + random() * 10)));
      for (let k = 0; k < 3; k++) lines.push(p + `msgstr[${k}] ` + quote(translated ? sentence(1 + random() * 25) : ''));
    } else {
      lines.push(p + 'msgstr ' + quote(translated ? sentence(1 + random() * 30) : ''));
    }
    (isObsolete ? obsolete : blocks).push(lines.join('\n') + '\n');
  }
  return [...blocks, ...obsolete].join('\n');
}

describe.skipIf(!haveMsgcat)(`msgcat-compatible layout${haveMsgcat ? '' : ' (skipped: msgcat not installed)'}`, () => {
  it.each([1, 2, 3, 4, 5, 6])('renders generated catalog #%i exactly like msgcat', (seed) => {
    const source = generatedCatalog(seed, 250);
    const expected = msgcat(source);
    const store = parse(source);
    const ours = store.allEntries.map(rendered).join('\n');
    expect(ours).toBe(expected);
    // and msgcat's own output re-renders to itself entry by entry
    for (const entry of parse(expected).allEntries) expect(rendered(entry)).toBe(entry.raw);
  });
});

// ---------------------------------------------------------------------------------------------
// wrapping rules

describe('wrapping like GNU gettext', () => {
  /** Our rendering of the entry in `fields`; when msgcat is installed, also checks it agrees. */
  const check = (fields: string, expected: string): void => {
    const source = `${HEADER}\n${fields}`;
    expect(rendered(parse(source).allEntries[1]!)).toBe(expected);
    if (haveMsgcat) expect(msgcat(source)).toBe(`${HEADER}\n${expected}`);
  };

  it('keeps short strings on the keyword line', () => {
    check('msgid "Hello"\nmsgstr "Ahoj"\n', 'msgid "Hello"\nmsgstr "Ahoj"\n');
  });

  it('starts with an empty string when the text wraps, breaking after the last space that fits', () => {
    const words = Array.from({ length: 20 }, (_, i) => `word${i}`).join(' ');
    check(
      `msgid "${words}"\nmsgstr ""\n`,
      'msgid ""\n' +
        '"word0 word1 word2 word3 word4 word5 word6 word7 word8 word9 word10 word11 "\n' +
        '"word12 word13 word14 word15 word16 word17 word18 word19"\n' +
        'msgstr ""\n',
    );
  });

  it('breaks after each \\n and uses an empty first line only when \\n is not at the end', () => {
    check('msgid "one\\n"\nmsgstr "two\\nthree\\n"\n', 'msgid "one\\n"\nmsgstr ""\n"two\\n"\n"three\\n"\n');
  });

  it('never splits escape sequences and counts them as two columns', () => {
    const unbreakable = 'x'.repeat(74) + '\\"' + 'y'.repeat(10);
    check(`msgid "a"\nmsgstr "${unbreakable}"\n`, `msgid "a"\nmsgstr "${unbreakable}"\n`);
    const spaced = 'x'.repeat(70) + ' \\"' + 'y'.repeat(10) + '\\"';
    check(`msgid "a"\nmsgstr "${spaced}"\n`, `msgid "a"\nmsgstr ""\n"${'x'.repeat(70)} "\n"\\"${'y'.repeat(10)}\\""\n`);
  });

  it('uses Unicode line-break rules: after ";" and "-", and wide characters count twice', () => {
    const items = Array.from({ length: 14 }, (_, i) => `item${i};`);
    check(`msgid "a"\nmsgstr "${items.join('')}"\n`, `msgid "a"\nmsgstr ""\n"${items.slice(0, 12).join('')}"\n"${items.slice(12).join('')}"\n`);
    const hyphen = 'x'.repeat(66) + ' well-known-word';
    check(`msgid "a"\nmsgstr "${hyphen}"\n`, `msgid "a"\nmsgstr ""\n"${'x'.repeat(66)} well-"\n"known-word"\n`);
    const cjk = '日本語'.repeat(14);
    check(`msgid "a"\nmsgstr "${cjk}"\n`, `msgid "a"\nmsgstr ""\n"${cjk.slice(0, 38)}"\n"${cjk.slice(38)}"\n`);
  });

  it('does not break inside format directives of the entry format', () => {
    const value = 'x'.repeat(70) + ' abc % d and more';
    check(`#, c-format\nmsgid "a"\nmsgstr "${value}"\n`, `#, c-format\nmsgid "a"\nmsgstr ""\n"${'x'.repeat(70)} abc "\n"% d and more"\n`);
    check(`msgid "a"\nmsgstr "${value}"\n`, `msgid "a"\nmsgstr ""\n"${'x'.repeat(70)} abc % "\n"d and more"\n`);
  });

  it('honours no-wrap', () => {
    const value = 'word '.repeat(30).trim();
    check(`#, no-wrap\nmsgid "a"\nmsgstr "${value}"\n`, `#, no-wrap\nmsgid "a"\nmsgstr "${value}"\n`);
  });

  it('wraps references at 79 columns and writes previous strings', () => {
    const refs = Array.from({ length: 8 }, (_, i) => `src/some/longer/path/file${i}.c:${100 + i}`);
    check(
      `#: ${refs.join(' ')}\n#, fuzzy\n#| msgid "old"\nmsgid "new"\nmsgstr "nový"\n`,
      `#: ${refs.slice(0, 2).join(' ')}\n#: ${refs.slice(2, 4).join(' ')}\n#: ${refs.slice(4, 6).join(' ')}\n#: ${refs.slice(6).join(' ')}\n` +
        '#, fuzzy\n#| msgid "old"\nmsgid "new"\nmsgstr "nový"\n',
    );
  });
});

// ---------------------------------------------------------------------------------------------
// parsing

describe('parsing', () => {
  it('reads the header, plural forms, contexts, plurals and all comment kinds', () => {
    const store = parse(
      HEADER +
        '\n# translator comment\n#  indented\n#\n#. extracted one\n#. extracted two\n#: a.c:1 b.c:2\n#: c.c:3\n' +
        '#, fuzzy, c-format, python-brace-format\n#| msgctxt "old ctx"\n#| msgid "old %d file"\n#| msgid_plural "old %d files"\n' +
        'msgctxt "ctx"\nmsgid "%d file"\nmsgid_plural "%d files"\nmsgstr[0] "%d soubor"\nmsgstr[1] "%d soubory"\nmsgstr[2] "%d souborů"\n' +
        '\nmsgid "plain"\nmsgstr ""\n',
    );
    expect(store.header).toEqual({
      'Content-Type': 'text/plain; charset=UTF-8',
      'Plural-Forms': 'nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;',
    });
    expect(store.pluralForms).toEqual({ number: 3, formula: '(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2' });
    expect(store.units).toEqual([
      {
        key: 'ctx',
        context: 'ctx',
        source: ['%d file', '%d files'],
        target: ['%d soubor', '%d soubory', '%d souborů'],
        fuzzy: true,
        approved: false,
        note: 'extracted one\nextracted two',
        comment: 'translator comment\n indented\n',
        location: 'a.c:1, b.c:2, c.c:3',
        flags: 'c-format, python-brace-format',
        previousSource: 'old %d file',
        obsolete: false,
      },
      {
        key: '',
        context: '',
        source: ['plain'],
        target: [''],
        fuzzy: false,
        approved: false,
        note: '',
        comment: '',
        location: '',
        flags: '',
        previousSource: '',
        obsolete: false,
      },
    ]);
    const entry = activeEntries(store)[0]!;
    expect(entry.previousContext).toBe('old ctx');
    expect(entry.previousIdPlural).toBe('old %d files');
  });

  it('joins continuation lines and decodes every escape', () => {
    const store = parse(
      'msgid ""\n"multi "\n"line"\nmsgstr "\\n\\t\\"\\\\\\r\\a\\b\\f\\v|\\101\\x42|\\303\\251|\\xc3\\xa9|\\0101"\n',
    );
    expect(store.units[0]!.source).toEqual(['multi line']);
    expect(store.units[0]!.target).toEqual(['\n\t"\\\r\x07\b\f\v|AB|é|é|\x081']);
  });

  it('reads flags separated by commas or blanks, keeping flags with values whole', () => {
    const store = parse('#, fuzzy c-format\n#, range: 1..3, max-length:80\nmsgid "a"\nmsgstr "b"\n');
    expect(store.units[0]).toMatchObject({ fuzzy: true, flags: 'c-format, range: 1..3, max-length:80' });
  });

  it('distinguishes msgctxt "" from no msgctxt only in the file, not in the unit', () => {
    const store = parse('msgctxt ""\nmsgid "a"\nmsgstr ""\n\nmsgid "a"\nmsgstr ""\n');
    expect(store.units.map((u) => u.key)).toEqual(['', '']);
    expect(activeEntries(store).map((e) => e.context)).toEqual(['', null]);
  });

  it('keeps obsolete entries out of units but in the file', () => {
    const source =
      HEADER +
      '\nmsgid "live"\nmsgstr "živý"\n\n#, fuzzy\n#~| msgid "older"\n#~ msgid "old"\n#~ msgstr "starý"\n\n#~ msgid "gone"\n#~ msgid_plural "gones"\n#~ msgstr[0] "a"\n#~ msgstr[1] "b"\n#~ msgstr[2] "c"\n';
    const store = parse(source);
    expect(store.units.map((u) => u.source[0])).toEqual(['live']);
    const obsolete = store.allEntries.filter((e) => e.obsolete);
    expect(obsolete.map((e) => [e.id, e.previousId, e.fuzzy])).toEqual([
      ['old', 'older', true],
      ['gone', null, false],
    ]);
    expect(text(store)).toBe(source);
    store.addUnit({ source: ['new'] });
    expect(text(store)).toBe(
      HEADER + '\nmsgid "live"\nmsgstr "živý"\n\nmsgid "new"\nmsgstr ""\n\n#, fuzzy\n#~| msgid "older"\n#~ msgid "old"\n#~ msgstr "starý"\n\n#~ msgid "gone"\n#~ msgid_plural "gones"\n#~ msgstr[0] "a"\n#~ msgstr[1] "b"\n#~ msgstr[2] "c"\n',
    );
  });

  it('accepts layouts gettext accepts: indentation, several strings on a line, trailing comments, blank line inside an entry', () => {
    const store = parse('  msgid "a" "b"\n\n\tmsgstr "c" # note\n"d"\n');
    expect(store.units[0]).toMatchObject({ source: ['ab'], target: ['cd'] });
  });

  it('preserves CRLF line endings and uses them for edited entries', () => {
    const source = (HEADER + '\nmsgid "a"\nmsgstr "b"\n\nmsgid "c"\nmsgstr "d"\n').replace(/\n/g, '\r\n');
    const store = parse(source);
    expect(store.units.map((u) => u.target[0])).toEqual(['b', 'd']);
    expect(text(store)).toBe(source);
    store.updateUnit(0, { target: ['B\nB'] });
    store.addUnit({ source: ['e'], target: ['f'] });
    const out = text(store);
    expect(out).toBe(
      (HEADER + '\nmsgid "a"\nmsgstr ""\n"B\\n"\n"B"\n\nmsgid "c"\nmsgstr "d"\n\nmsgid "e"\nmsgstr "f"\n').replace(/\n/g, '\r\n'),
    );
    expect(out.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('preserves a missing final newline, also after edits', () => {
    const source = HEADER + '\nmsgid "a"\nmsgstr "b"\n\nmsgid "c"\nmsgstr "d"';
    const store = parse(source);
    expect(store.units[1]!.target).toEqual(['d']);
    expect(text(store)).toBe(source);
    store.updateUnit(1, { target: ['D'] });
    expect(text(store)).toBe(HEADER + '\nmsgid "a"\nmsgstr "b"\n\nmsgid "c"\nmsgstr "D"');
    store.addUnit({ source: ['e'] });
    expect(text(store)).toBe(HEADER + '\nmsgid "a"\nmsgstr "b"\n\nmsgid "c"\nmsgstr "D"\n\nmsgid "e"\nmsgstr ""');
  });

  it('keeps a UTF-8 byte order mark', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(HEADER + '\nmsgid "a"\nmsgstr "á"\n')]);
    const store = parse(bytes);
    expect(store.header['Content-Type']).toBe('text/plain; charset=UTF-8');
    expect(store.units[0]!.target).toEqual(['á']);
    expect(Buffer.compare(store.serialize(), bytes)).toBe(0);
    store.updateUnit(0, { target: ['é'] });
    const out = store.serialize();
    expect([...out.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(out.subarray(3).toString('utf8')).toBe(HEADER + '\nmsgid "a"\nmsgstr "é"\n');
  });

  it('decodes ISO-8859-1 files and writes them back in that charset', () => {
    const latin1Header = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=ISO-8859-1\\n"\n';
    const bytes = Buffer.from(latin1Header + '\nmsgid "caf\xe9"\nmsgstr "Caf\xe9 cr\xe8me \\351"\n', 'latin1');
    const store = parse(bytes);
    expect(store.units[0]).toMatchObject({ source: ['café'], target: ['Café crème é'] });
    expect(Buffer.compare(store.serialize(), bytes)).toBe(0);

    store.updateUnit(0, { target: ['Caf\xe9 \xfc'] });
    expect(store.serialize().toString('latin1')).toBe(latin1Header + '\nmsgid "caf\xe9"\nmsgstr "Caf\xe9 \xfc"\n');

    // characters outside Latin-1 switch the file to UTF-8
    store.updateUnit(0, { target: ['Café €'] });
    const out = store.serialize().toString('utf8');
    expect(out).toBe('msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "café"\nmsgstr "Café €"\n');
    expect(parse(out).units[0]!.target).toEqual(['Café €']);
  });

  it('rejects bytes that are not UTF-8, with the line', () => {
    const bytes = Buffer.concat([Buffer.from(HEADER + '\nmsgid "a"\nmsgstr "'), Buffer.from([0xc3, 0x28]), Buffer.from('"\n')]);
    const error = parseError(bytes);
    expect(error.reason).toMatch(/^File is not valid UTF-8/);
    expect(error.line).toBe(7);
    const declared = parseError(Buffer.from('msgid ""\nmsgstr "Content-Type: text/plain; charset=KOI8-R\\n"\n\nmsgid "\xc1"\nmsgstr ""\n', 'latin1'));
    expect(declared.reason).toMatch(/^File is not valid UTF-8.*KOI8-R/);
    expect(declared.line).toBe(4);
  });

  it('accepts a template with the CHARSET placeholder', () => {
    const store = parse('msgid ""\nmsgstr "Content-Type: text/plain; charset=CHARSET\\n"\n\nmsgid "ü"\nmsgstr ""\n');
    expect(store.units[0]!.source).toEqual(['ü']);
  });

  it.each([
    ['unterminated string', HEADER + '\nmsgid "abc\nmsgstr ""\n', 6, /end-of-line within string/],
    ['msgstr without msgid', HEADER + '\nmsgstr "x"\n', 6, /msgstr without msgid/],
    ['unknown keyword', HEADER + '\nmsgid "a"\nmsgstring "x"\n', 7, /keyword "msgstring" unknown/],
    ['invalid escape', HEADER + '\nmsgid "a\\q"\nmsgstr ""\n', 6, /invalid control sequence/],
    ['hex escape without digits', 'msgid "\\x"\nmsgstr ""\n', 1, /invalid control sequence/],
    ['missing msgstr at the end', HEADER + '\nmsgid "a"\n', 6, /missing 'msgstr'/],
    ['missing msgstr before the next entry', HEADER + '\nmsgid "a"\n\nmsgid "b"\nmsgstr ""\n', 6, /missing 'msgstr'/],
    ['comment inside an entry', 'msgid "a"\n# c\nmsgstr ""\n', 1, /missing 'msgstr'/],
    ['plural msgstr without msgid_plural', 'msgid "a"\nmsgstr[0] ""\n', 2, /msgid_plural/],
    ['plural entry with a plain msgstr', 'msgid "a"\nmsgid_plural "b"\nmsgstr ""\n', 3, /msgstr\[0\]/],
    ['first plural index not zero', 'msgid "a"\nmsgid_plural "b"\nmsgstr[1] ""\n', 3, /nonzero index/],
    ['skipped plural index', 'msgid "a"\nmsgid_plural "b"\nmsgstr[0] ""\nmsgstr[2] ""\n', 4, /wrong index/],
    ['text after a string', 'msgid "a" x\nmsgstr ""\n', 1, /unexpected/],
    ['keyword without string', 'msgid\nmsgstr ""\n', 1, /expected a string/],
    ['continuation without keyword', '"a"\n', 1, /string without keyword/],
    ['mixed obsolete and active lines', '#~ msgid "a"\nmsgstr ""\n', 2, /inconsistent use of #~/],
    ['garbage', HEADER + '\n{}\n', 6, /syntax error/],
    ['previous msgid without string', '#| msgid\nmsgid "a"\nmsgstr ""\n', 1, /expected a string/],
    ['duplicate msgstr', 'msgid "a"\nmsgstr ""\nmsgstr ""\n', 3, /msgstr without msgid/],
  ])('reports %s with its line', (_name, source, line, message) => {
    const error = parseError(source);
    expect(error.line).toBe(line);
    expect(error.reason).toMatch(message);
    expect(error.message).toContain(`${line}:`);
  });

  it('includes the file name in messages when given', () => {
    try {
      poFormat.parse(Buffer.from('msgid "a\n'), { filename: 'po/cs.po' });
      expect.unreachable();
    } catch (error) {
      expect((error as FormatParseError).message).toBe('po/cs.po:1: end-of-line within string');
    }
  });

  it('stays linear on pathological input', () => {
    const started = performance.now();
    const manyEscapes = 'msgid "' + '\\"'.repeat(500_000) + '"\nmsgstr ""\n';
    expect(parse(manyEscapes).units[0]!.source[0]!.length).toBe(500_000);
    const manyLines = 'msgid ""\n' + '"x"\n'.repeat(300_000) + 'msgstr ""\n';
    expect(parse(manyLines).units[0]!.source[0]!.length).toBe(300_000);
    const rareBackslash = 'msgid "a"\nmsgstr ""\n\n'.repeat(50_000) + 'msgid "\\n"\nmsgstr ""\n';
    expect(parse(rareBackslash).units).toHaveLength(50_001);
    expect(() => parse('msgid "' + 'x'.repeat(1_000_000))).toThrow(FormatParseError);
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

// ---------------------------------------------------------------------------------------------
// editing

describe('editing', () => {
  const base = HEADER + '\n#. note\n#: src/a.c:1\nmsgid "One"\nmsgstr "Jedna"\n\n#, fuzzy, c-format\n#| msgid "%d old"\nmsgid "%d file"\nmsgid_plural "%d files"\nmsgstr[0] "%d soubor"\nmsgstr[1] ""\nmsgstr[2] ""\n\nmsgid "Three"\nmsgstr ""\n';

  it('updates a target and leaves other entries untouched', () => {
    const store = parse(base);
    store.updateUnit(2, { target: ['Tři'] });
    expect(text(store)).toBe(base.replace('msgid "Three"\nmsgstr ""', 'msgid "Three"\nmsgstr "Tři"'));
    expect(store.units[2]!.target).toEqual(['Tři']);
  });

  it('keeps `units` live and read-only across edits', () => {
    const store = parse(base);
    const units = store.units;
    const before = units[2]!;
    expect(units[2]).toBe(before); // a view is kept until its unit changes
    store.updateUnit(2, { target: ['Tři'] });
    expect(before.target).toEqual(['']);
    expect(units[2]!.target).toEqual(['Tři']);
    expect(store.units).toBe(units);
    store.addUnit({ source: ['Four'], target: ['Čtyři'] });
    expect(units.map((u) => u.target[0])).toEqual(['Jedna', '%d soubor', 'Tři', 'Čtyři']);
    store.removeUnit(0);
    expect([...units].map((u) => u.source[0])).toEqual(['%d file', 'Three', 'Four']);
    expect(Object.keys(units)).toEqual(['0', '1', '2']);
    expect(() => {
      (units as FormatUnit[])[0] = before;
    }).toThrow(TypeError);
    store.setHeader('Plural-Forms', 'nplurals=4; plural=(n % 4);');
    expect(units[0]!.target).toEqual(['%d soubor', '', '', '']);
    expect(units[4]).toBeUndefined();
  });

  it('does not rewrite an entry when nothing changes', () => {
    const odd = 'msgid "x"\nmsgstr   "y"\n';
    const store = parse(odd);
    store.updateUnit(0, { target: ['y'], fuzzy: false });
    expect(text(store)).toBe(odd);
  });

  it('updates plural targets, padding to the language plural count', () => {
    const store = parse(base);
    expect(store.units[1]!.target).toEqual(['%d soubor', '', '']);
    store.updateUnit(1, { target: ['%d soubor', '%d soubory'], fuzzy: false });
    expect(text(store)).toBe(
      base.replace(
        '#, fuzzy, c-format\n#| msgid "%d old"\nmsgid "%d file"\nmsgid_plural "%d files"\nmsgstr[0] "%d soubor"\nmsgstr[1] ""\n',
        '#, c-format\nmsgid "%d file"\nmsgid_plural "%d files"\nmsgstr[0] "%d soubor"\nmsgstr[1] "%d soubory"\n',
      ),
    );
    expect(store.units[1]).toMatchObject({ fuzzy: false, previousSource: '', target: ['%d soubor', '%d soubory', ''] });
  });

  it('marks and unmarks fuzzy', () => {
    const store = parse(base);
    store.updateUnit(0, { fuzzy: true });
    expect(text(store)).toContain('#. note\n#: src/a.c:1\n#, fuzzy\nmsgid "One"\nmsgstr "Jedna"\n');
    store.updateUnit(0, { fuzzy: false });
    expect(text(store)).toBe(base);
  });

  it('rejects several forms for a singular unit and bad indexes', () => {
    const store = parse(base);
    expect(() => store.updateUnit(0, { target: ['a', 'b'] })).toThrow(RangeError);
    expect(() => store.updateUnit(3, { target: ['a'] })).toThrow(RangeError);
    expect(() => store.removeUnit(-1)).toThrow(RangeError);
  });

  it('adds units with all their fields, rendered like msgcat', () => {
    const store = parse(base);
    store.addUnit({
      source: ['Apple', 'Apples'],
      context: 'fruit',
      target: ['Jablko'],
      note: 'first line\nsecond line',
      comment: 'translator',
      location: 'src/b.c:10, src/c.c:20',
      flags: 'python-format, fuzzy',
      fuzzy: true,
      previousSource: 'Aple',
    });
    expect(store.units).toHaveLength(4);
    expect(text(store)).toBe(
      base +
        '\n# translator\n#. first line\n#. second line\n#: src/b.c:10 src/c.c:20\n#, fuzzy, python-format\n#| msgid "Aple"\n' +
        'msgctxt "fruit"\nmsgid "Apple"\nmsgid_plural "Apples"\nmsgstr[0] "Jablko"\nmsgstr[1] ""\nmsgstr[2] ""\n',
    );
    expect(parse(store.serialize()).units[3]).toEqual(store.units[3]);
    expect(() => store.addUnit({ source: [''] })).toThrow(RangeError);
  });

  it('removes units without leaving extra blank lines', () => {
    const store = parse(base);
    store.removeUnit(1);
    expect(text(store)).toBe(HEADER + '\n#. note\n#: src/a.c:1\nmsgid "One"\nmsgstr "Jedna"\n\nmsgid "Three"\nmsgstr ""\n');
    store.removeUnit(1);
    store.removeUnit(0);
    expect(store.units).toHaveLength(0);
    expect(text(store)).toBe(HEADER);
  });

  it('removes the first entry of a file without header', () => {
    const store = parse('msgid "a"\nmsgstr ""\n\nmsgid "b"\nmsgstr ""\n');
    store.removeUnit(0);
    expect(text(store)).toBe('msgid "b"\nmsgstr ""\n');
  });

  it('sets header fields, keeping their order and spelling', () => {
    const store = parse('# Header comment\nmsgid ""\nmsgstr ""\n"Project-Id-Version: x\\n"\n"Language: cs\\n"\n\nmsgid "a"\nmsgstr ""\n');
    store.setHeader('language', 'sk');
    store.setHeader('Plural-Forms', 'nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;');
    expect(store.header).toEqual({ 'Project-Id-Version': 'x', Language: 'sk', 'Plural-Forms': 'nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;' });
    expect(store.pluralForms?.number).toBe(3);
    expect(text(store)).toBe(
      '# Header comment\nmsgid ""\nmsgstr ""\n"Project-Id-Version: x\\n"\n"Language: sk\\n"\n"Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\\n"\n\nmsgid "a"\nmsgstr ""\n',
    );
  });

  it('creates a header when the file has none', () => {
    const store = parse('msgid "a"\nmsgstr ""\n');
    store.setHeader('Language', 'de');
    expect(text(store)).toBe('msgid ""\nmsgstr "Language: de\\n"\n\nmsgid "a"\nmsgstr ""\n');
    expect(store.units).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------------
// creating files, monolingual PO

describe('create()', () => {
  it('writes a header with language and plural forms that msgfmt accepts', () => {
    const store = poFormat.create({ language: 'cs', pluralForms: { number: 3, formula: '(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2' } });
    expect(store.units).toHaveLength(0);
    expect(store.header).toMatchObject({
      Language: 'cs',
      'Content-Type': 'text/plain; charset=UTF-8',
      'Plural-Forms': 'nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;',
    });
    expect(store.pluralForms).toEqual({ number: 3, formula: '(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2' });
  });

  it.skipIf(!haveMsgfmt)(`passes msgfmt --check${haveMsgfmt ? '' : ' (skipped: msgfmt not installed)'}`, () => {
    const store = poFormat.create({ language: 'cs', pluralForms: { number: 3, formula: '(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2' } });
    store.addUnit({ source: ['%d file', '%d files'], flags: 'c-format' });
    store.updateUnit(0, { target: ['%d soubor', '%d soubory', '%d souborů'] });
    const file = join(scratch, 'created-cs.po');
    writeFileSync(file, store.serialize());
    const result = spawnSync('msgfmt', ['--check', '-o', '/dev/null', file], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    // Without a template the project is unknown, so gettext's placeholder stays (a warning only).
    const messages = result.stderr.split('\n').filter((line) => line !== '');
    expect(messages.every((line) => line.includes("'Project-Id-Version' still has the initial default value"))).toBe(true);
  });

  it('copies template units with empty translations', () => {
    const template = parse(
      'msgid ""\nmsgstr "Project-Id-Version: demo 1.0\\nPlural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n"\n\n' +
        '#. note\n#: a.c:1\n#, c-format\nmsgctxt "menu"\nmsgid "%d item"\nmsgid_plural "%d items"\nmsgstr[0] ""\nmsgstr[1] ""\n\nmsgid "Quit"\nmsgstr ""\n',
    );
    const store = poFormat.create({ language: 'ar', pluralForms: { number: 6, formula: 'n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5' }, template });
    expect(store.header['Project-Id-Version']).toBe('demo 1.0');
    expect(store.units).toEqual([
      { ...template.units[0], target: ['', '', '', '', '', ''] },
      { ...template.units[1], target: [''] },
    ]);
    const reread = parse(store.serialize());
    expect(reread.units).toEqual(store.units);
    if (haveMsgfmt) {
      const file = join(scratch, 'created-ar-small.po');
      writeFileSync(file, store.serialize());
      expect(spawnSync('msgfmt', ['--check', '-o', '/dev/null', file]).status).toBe(0);
    }
  });

  it('falls back to two plural forms', () => {
    expect(poFormat.create({ language: 'de' }).pluralForms).toEqual({ number: 2, formula: '(n != 1)' });
  });
});

describe('po-mono', () => {
  const source = 'msgid ""\nmsgstr "Language: cs\\n"\n\nmsgid "app.title"\nmsgstr "Aplikace"\n\nmsgctxt "menu"\nmsgid "file.open"\nmsgstr "Otevřít"\n';

  it('uses msgid (prefixed by msgctxt and \\u0004) as the key', () => {
    const store = poMonoFormat.parse(Buffer.from(source));
    expect(store.units.map((u) => [u.key, u.context, u.source, u.target])).toEqual([
      ['app.title', 'app.title', ['app.title'], ['Aplikace']],
      ['menu\u0004file.open', 'menu\u0004file.open', ['file.open'], ['Otevřít']],
    ]);
    expect(Buffer.from(store.serialize()).toString()).toBe(source);
  });

  it('adds units by key and creates translations from a template', () => {
    const store = poMonoFormat.parse(Buffer.from(source));
    store.addUnit({ key: 'menu\u0004file.close', source: ['Close'], target: ['Zavřít'] });
    expect(text(store)).toBe(source + '\nmsgctxt "menu"\nmsgid "file.close"\nmsgstr "Zavřít"\n');
    const created = poMonoFormat.create({ language: 'de', template: store });
    expect(created.units.map((u) => [u.key, u.target])).toEqual([
      ['app.title', ['']],
      ['menu\u0004file.open', ['']],
      ['menu\u0004file.close', ['']],
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// size

describe('large files', () => {
  it('parses and writes 100,000 entries', () => {
    const parts = [HEADER.replace('nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;', 'nplurals=2; plural=(n != 1);')];
    for (let i = 0; i < 100_000; i++) {
      parts.push(
        `\n#: src/module${i % 97}/file${i % 13}.py:${i}\n#, python-format\nmsgid "Source text number ${i} with a %(name)s placeholder and \\"quotes\\""\n` +
          `msgstr ""\n"Překlad číslo ${i} s několika slovy, aby byl řádek dost dlouhý na zalomení, "\n"a zástupný symbol %(name)s a \\"uvozovky\\"\\n"\n`,
      );
    }
    const bytes = Buffer.from(parts.join(''), 'utf8');

    let started = performance.now();
    const store = parse(bytes);
    const parseMs = performance.now() - started;
    started = performance.now();
    const count = store.units.length;
    const unitsMs = performance.now() - started;
    started = performance.now();
    const unchanged = store.serialize();
    const serializeMs = performance.now() - started;
    store.updateUnit(50_000, { target: ['změněno'] });
    started = performance.now();
    const edited = store.serialize();
    const editedMs = performance.now() - started;

    console.log(
      `100k entries, ${(bytes.length / 1e6).toFixed(1)} MB: parse ${parseMs.toFixed(0)} ms, units ${unitsMs.toFixed(0)} ms, ` +
        `serialize unchanged ${serializeMs.toFixed(0)} ms, serialize after an edit ${editedMs.toFixed(0)} ms`,
    );
    expect(count).toBe(100_000);
    expect(Buffer.compare(unchanged, bytes)).toBe(0);
    expect(edited.length).toBeLessThan(bytes.length);
    expect(parse(edited).units[50_000]!.target).toEqual(['změněno']);
  });
});
