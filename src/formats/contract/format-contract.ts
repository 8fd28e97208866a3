// The shared contract every file format passes: fidelity on real files, edits confined to their unit, errors.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findBuiltinLanguage } from '../../languages/catalog.js';
import { ruleOfStore } from '../../languages/plural-rule.js';
import { FormatParseError, type FormatUnit, type NewUnit, type ParsedStore, type ParseOptions, type TranslationFormat } from '../format.js';
import { pluralKindOf } from '../plural-kind.js';

/** A handcrafted file the format's test supplies. */
export interface ContractSample {
  name: string;
  bytes: Uint8Array | string;
  options?: ParseOptions;
  /** Expected number of units in `units`. */
  units: number;
}

/**
 * A file with plural strings in a language: a real one (`file`, absolute or under REAL_WORLD_DIR) or
 * handcrafted `bytes`. It is read with the plural rule Parla gives the format in that language.
 */
export interface PluralCase {
  name: string;
  language: string;
  file?: string;
  bytes?: Uint8Array | string;
}

/** The plural rule Parla gives a file of `format` in `language` (a gettext file's own header first). */
function ruleOfFile(format: Pick<TranslationFormat, 'id'>, language: string, store?: ParsedStore) {
  const def = findBuiltinLanguage(language);
  if (!def) return null;
  return ruleOfStore(pluralKindOf(format.id), { code: def.code, plural_number: def.plural.number, plural_formula: def.plural.formula }, store);
}

/** Parse options of a file in `language` as Parla reads it: the language's plural rule for the format. */
export function languageOptions(format: Pick<TranslationFormat, 'id'>, language: string): ParseOptions {
  const rule = ruleOfFile(format, language);
  return rule ? { language, pluralCategories: rule.categories } : { language };
}

export interface ContractSpec {
  format: TranslationFormat;
  /** Small files in the format's usual style: at least one with context/keys, comments and a plural. */
  samples: ContractSample[];
  /** Index into `samples` of a file with a plural unit, and that unit's index. */
  plural?: { sample: number; unit: number; options?: ParseOptions };
  /** Malformed files: each must throw FormatParseError (with `line` when `expectLine`). */
  malformed: { name: string; bytes: Uint8Array | string; expectLine?: boolean }[];
  /**
   * Folder name(s) under ../shared/fixtures/real-world/ with real files of this format; every file
   * whose name matches `fixtureFilter` (default: the format's extensions) runs the fidelity cases.
   */
  fixtures?: string[];
  fixtureFilter?: (file: string) => boolean;
  /**
   * Real files written by the ecosystem's own tool (e.g. msgcat twins for PO) on which every unit
   * is re-rendered and must reproduce the file; default: all chosen fixtures. Hand-edited files
   * only get the unchanged round trip and the confined-edit case.
   */
  rewriteFilter?: (file: string) => boolean;
  /** Parse options for a real-world file (e.g. language and plural categories from its path). */
  fixtureOptions?: (file: string) => ParseOptions;
  /** A unit that addUnit appends; defaults to a keyed unit with one form. */
  newUnit?: NewUnit;
  /** Text the format can store in a target, defaults to one exercising quotes, markup, newline and non-ASCII. */
  trickyText?: string;
  /** Units whose targets cannot hold `trickyText` verbatim (e.g. documents): skip that case. */
  skipTricky?: boolean;
  /**
   * Binary formats rewritten whole on any change (gettext MO: offset tables up front, strings sorted):
   * the check that an edit leaves other units' lines alone does not apply; every other unit must still
   * read back unchanged.
   */
  regenerates?: boolean;
  /**
   * Files with plural strings: every plural unit gets every form set (each reads back as set and no other
   * unit's lines change), and units whose file lacks some forms get them filled. Together the cases
   * must hold at least one unit with fewer forms in the file than the rule has.
   */
  pluralCases?: PluralCase[];
  /** Options for create(); default { language: 'cs' }. */
  createOptions?: Parameters<TranslationFormat['create']>[0];
}

export const REAL_WORLD_DIR = path.resolve(import.meta.dirname, '../../../../shared/fixtures/real-world');
/** CI sets this: a fixture folder that is missing there is a failure, not a skipped case. */
const REQUIRE_FIXTURES = process.env.PARLA_TEST_REQUIRE_SERVICES === '1';

/**
 * `describe(name, body)` over files under `dir`, or, when `dir` is absent, a skipped case saying so (a
 * failing one where CI requires every fixture).
 */
export function describeWithFiles(dir: string, name: string, body: () => void): void {
  if (fs.existsSync(dir)) {
    describe(name, body);
    return;
  }
  const why = `${name}: ${dir} is absent (the real-world corpus is an optional folder beside the repository)`;
  if (REQUIRE_FIXTURES) it(why, () => expect.fail(`${why}, and PARLA_TEST_REQUIRE_SERVICES=1 requires it`));
  else it.skip(why, () => {});
}

/** Real files with plural strings kept in this repository (see its README). */
export const PLURAL_FIXTURES_DIR = path.resolve(import.meta.dirname, '../../../test/fixtures/plurals');
const MAX_EDITED_UNITS = 150; // per fixture, to keep the suite fast on big files

const bytesOf = (b: Uint8Array | string): Uint8Array => (typeof b === 'string' ? Buffer.from(b, 'utf8') : b);

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(full));
    else out.push(full);
  }
  return out.sort();
}

/** Comparable view of a unit: what a reparse must reproduce. */
function essence(u: FormatUnit) {
  return { key: u.key, context: u.context, source: u.source, target: u.target, fuzzy: u.fuzzy, approved: u.approved };
}

function reparse(spec: ContractSpec, bytes: Uint8Array, options?: ParseOptions): ParsedStore {
  return spec.format.parse(bytes, options);
}

/** Lines of `before` outside the common prefix and suffix with `after`: what an edit rewrote. */
export function changedBlock(before: string, after: string): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  return a.slice(start, endA);
}

function decode(bytes: Uint8Array): string {
  // UTF-16 files: compare in their own encoding so that line splitting works.
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return Buffer.from(bytes).toString('utf16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return Buffer.from(bytes).swap16().toString('utf16le');
  return Buffer.from(bytes).toString('utf8');
}

/** Other units' distinctive texts must survive outside the rewritten block. */
function expectEditConfined(before: Uint8Array, after: Uint8Array, units: readonly FormatUnit[], edited: number): void {
  const block = changedBlock(decode(before), decode(after)).join('\n');
  const counts = new Map<string, number>();
  units.forEach((u, i) => {
    if (i === edited) return;
    for (const t of u.target) if (t.length >= 12 && !t.includes('\n')) counts.set(t, (counts.get(t) ?? 0) + 1);
  });
  const editedTexts = new Set([...units[edited]!.target, ...units[edited]!.source]);
  for (const [text, n] of counts) {
    if (n > 1 || editedTexts.has(text) || [...editedTexts].some((e) => e.includes(text))) continue;
    expect(block.includes(text), `editing unit ${edited} rewrote the lines of another unit holding "${text}"`).toBe(false);
  }
}

function runFidelity(spec: ContractSpec, name: string, bytes: Uint8Array, options: ParseOptions | undefined, rewrite = true): void {
  const store = spec.format.parse(bytes, options);
  expect(Buffer.from(store.serialize()).equals(Buffer.from(bytes)), `${name}: unchanged store must serialize to the same bytes`).toBe(true);
  if (!rewrite) return;

  // Rewriting every unit to another text and back forces the format to render each unit itself:
  // the result must still be the original bytes (the format writes what the ecosystem's tools write).
  const edited = spec.format.parse(bytes, options);
  const units = edited.units.map((u) => ({ ...u, target: [...u.target] }));
  const n = Math.min(units.length, MAX_EDITED_UNITS);
  for (let i = 0; i < n; i++) {
    const u = units[i]!;
    if (u.target.every((t) => t === '')) continue;
    edited.updateUnit(i, { target: u.target.map((t) => (t === '' ? '' : `${t} (changed)`)) });
  }
  for (let i = 0; i < n; i++) {
    const u = units[i]!;
    if (u.target.every((t) => t === '')) continue;
    edited.updateUnit(i, { target: u.target, fuzzy: u.fuzzy, approved: u.approved });
  }
  const again = Buffer.from(edited.serialize());
  if (!again.equals(Buffer.from(bytes))) {
    const block = changedBlock(decode(bytes), decode(again)).slice(0, 6).join('\n');
    expect.fail(`${name}: re-rendered units differ from the original, first differing lines:\n${block}`);
  }
}

function runEditOne(spec: ContractSpec, name: string, bytes: Uint8Array, options: ParseOptions | undefined, text: string): void {
  const store = spec.format.parse(bytes, options);
  const before = store.units.map(essence);
  const originalUnits = store.units.map((u) => ({ ...u, target: [...u.target] }));
  const index = before.findIndex((u) => u.target.length === 1 && u.target[0] !== '');
  if (index < 0) return;
  store.updateUnit(index, { target: [text] });
  const out = store.serialize();
  const after = reparse(spec, out, options).units.map(essence);
  expect(after.length, `${name}: unit count after an edit`).toBe(before.length);
  expect(after[index]!.target, `${name}: edited target after reparse`).toEqual([text]);
  for (let i = 0; i < before.length; i++) if (i !== index) expect(after[i], `${name}: unit ${i} untouched by the edit`).toEqual(before[i]);
  if (!spec.regenerates) expectEditConfined(bytes, out, originalUnits, index);
}

/** Registers the contract's test cases for one format (call it at the top level of a test file). */
export function describeFormatContract(spec: ContractSpec): void {
  const tricky = spec.trickyText ?? 'Say "hi" & <b>bye</b> \'now\'\nnext line: čeština 日本語 =:# \\ {0} %s';

  describe(`${spec.format.id} format contract`, () => {
    for (const sample of spec.samples) {
      describe(`sample ${sample.name}`, () => {
        const bytes = bytesOf(sample.bytes);
        it('parses the expected units and round-trips byte for byte', () => {
          const store = spec.format.parse(bytes, sample.options);
          expect(store.units.length).toBe(sample.units);
          for (const u of store.units) {
            expect(Array.isArray(u.source) && Array.isArray(u.target)).toBe(true);
            expect(u.target.length).toBeGreaterThan(0);
          }
          runFidelity(spec, sample.name, bytes, sample.options);
        });
        it('an edit changes only that unit and survives a reparse', () => {
          runEditOne(spec, sample.name, bytes, sample.options, 'Edited text');
        });
        if (!spec.skipTricky) {
          it('escapes special characters so they read back verbatim', () => {
            runEditOne(spec, sample.name, bytes, sample.options, tricky);
          });
        }
        it('adds and removes units without disturbing the others', () => {
          const store = spec.format.parse(bytes, sample.options);
          const before = store.units.map(essence);
          const unit: NewUnit = spec.newUnit ?? { key: 'contract.new_key', context: 'contract.new_key', source: ['Brand new'], target: ['Zcela nový'] };
          store.addUnit(unit);
          const added = reparse(spec, store.serialize(), sample.options);
          expect(added.units.length).toBe(before.length + 1);
          expect(added.units.slice(0, before.length).map(essence)).toEqual(before);
          const last = added.units[before.length]!;
          expect(last.target[0]).toBe(unit.target?.[0] ?? '');
          if (before.length > 0) {
            added.removeUnit(0);
            const removed = reparse(spec, added.serialize(), sample.options);
            expect(removed.units.map(essence)).toEqual([...before.slice(1), essence(last)]);
          }
        });
      });
    }

    if (spec.plural) {
      const { sample, unit } = spec.plural;
      it('reads and writes every plural form', () => {
        const s = spec.samples[sample]!;
        const options = spec.plural!.options ?? s.options;
        const store = spec.format.parse(bytesOf(s.bytes), options);
        const u = store.units[unit]!;
        expect(u.target.length, 'plural unit has several forms').toBeGreaterThan(1);
        const forms = u.target.map((_, i) => `form ${i} text`);
        store.updateUnit(unit, { target: forms });
        expect(reparse(spec, store.serialize(), options).units[unit]!.target).toEqual(forms);
      });
    }

    if (spec.pluralCases) describePluralCases(spec, spec.pluralCases);

    it('creates an empty file that parses back', () => {
      const created = spec.format.create(spec.createOptions ?? { language: 'cs' });
      const back = reparse(spec, created.serialize(), { language: spec.createOptions?.language ?? 'cs' });
      expect(back.units.length).toBe(created.units.length);
    });

    for (const bad of spec.malformed) {
      it(`rejects malformed input: ${bad.name}`, () => {
        let error: unknown;
        try {
          spec.format.parse(bytesOf(bad.bytes), { filename: 'bad-file' });
        } catch (e) {
          error = e;
        }
        expect(error, 'a FormatParseError').toBeInstanceOf(FormatParseError);
        if (bad.expectLine) expect((error as FormatParseError).line).toBeGreaterThan(0);
      });
    }

    const folders = spec.fixtures ?? [];
    const files = folders.flatMap((f) => listFiles(path.join(REAL_WORLD_DIR, f)));
    const filter = spec.fixtureFilter ?? ((file: string) => spec.format.extensions.some((ext) => file.endsWith(`.${ext}`)));
    const chosen = files.filter(filter);
    if (folders.length > 0 && chosen.length === 0) {
      describeWithFiles(REAL_WORLD_DIR, 'real-world fixtures', () => {});
    }
    for (const file of chosen) {
      const name = path.relative(REAL_WORLD_DIR, file);
      describe(`real file ${name}`, () => {
        const options = { filename: name, ...(spec.fixtureOptions?.(file) ?? {}) };
        const rewrite = spec.rewriteFilter?.(file) ?? true;
        it(rewrite ? 'round-trips byte for byte, also after every unit is rewritten' : 'round-trips byte for byte', () => {
          const bytes = fs.readFileSync(file);
          const store = spec.format.parse(bytes, options);
          expect(store.units.length).toBeGreaterThan(0);
          runFidelity(spec, name, bytes, options, rewrite);
        });
        it('an edit changes only that unit', () => {
          runEditOne(spec, name, fs.readFileSync(file), options, 'Edited by the contract suite');
        });
      });
    }
  });
}

const MAX_PLURAL_UNITS = 40; // per file, to keep the suite fast

/** Distinct text for every form of unit `index`. */
const formsFor = (index: number, count: number) => Array.from({ length: count }, (_, k) => `plural form ${k} of unit ${index}`);

/** Sets `target` on unit `index` of a fresh parse and checks the result: read back as set, others untouched, lines confined. */
function expectPluralEdit(spec: ContractSpec, name: string, bytes: Uint8Array, options: ParseOptions, index: number, target: (current: string[]) => string[]): void {
  const store = spec.format.parse(bytes, options);
  const before = store.units.map(essence);
  const original = store.units.map((u) => ({ ...u, target: [...u.target] }));
  const wanted = target(before[index]!.target);
  store.updateUnit(index, { target: wanted });
  const out = store.serialize();
  const after = reparse(spec, out, options).units.map(essence);
  expect(after.length, `${name}: unit count`).toBe(before.length);
  expect(after[index]!.target, `${name}: unit ${index} (${before[index]!.key}) after reparse`).toEqual(wanted);
  for (let i = 0; i < before.length; i++) if (i !== index) expect(after[i], `${name}: unit ${i} untouched`).toEqual(before[i]);
  expectEditConfined(bytes, out, original, index);
}

function describePluralCases(spec: ContractSpec, cases: PluralCase[]): void {
  const loaded = cases.map((c) => {
    const file = c.file === undefined ? undefined : path.isAbsolute(c.file) ? c.file : path.join(REAL_WORLD_DIR, c.file);
    const bytes = c.bytes !== undefined ? bytesOf(c.bytes) : file && fs.existsSync(file) ? fs.readFileSync(file) : undefined;
    const options = { filename: c.name, ...languageOptions(spec.format, c.language) };
    return { ...c, file, bytes, options };
  });
  let lacking = 0;
  describe('plural forms as the language\'s rule has them', () => {
    for (const c of loaded) {
      if (!c.bytes) {
        describeWithFiles(c.file ?? '', c.name, () => {});
        continue;
      }
      const bytes = c.bytes;
      it(`${c.name}: every plural form is shown, set, read back as set, no other line changed`, () => {
        const store = spec.format.parse(bytes, c.options);
        const forms = ruleOfFile(spec.format, c.language, store)?.number;
        const units = store.units;
        const plurals = units.flatMap((u, i) => (u.source.length > 1 || u.target.length > 1 ? [i] : [])).slice(0, MAX_PLURAL_UNITS);
        expect(plurals.length, 'plural units in the file').toBeGreaterThan(0);
        for (const i of plurals) {
          expect(units[i]!.target.length, `unit ${units[i]!.key} shows one form per form of the rule`).toBe(forms);
          expectPluralEdit(spec, c.name, bytes, c.options, i, (current) => formsFor(i, current.length));
        }
      });
      const units = spec.format.parse(bytes, c.options).units;
      const partial = units.flatMap((u, i) => (u.target.length > 1 && u.target.some((t) => t === '') && u.target.some((t) => t !== '') ? [i] : [])).slice(0, MAX_PLURAL_UNITS);
      lacking += partial.length;
      if (partial.length === 0) continue;
      it(`${c.name}: the forms a unit lacks are added when filled, every other form kept`, () => {
        for (const i of partial) expectPluralEdit(spec, c.name, bytes, c.options, i, (current) => current.map((t, k) => (t === '' ? `added form ${k}` : t)));
      });
    }
    it('the cases hold a unit with fewer forms in its file than the rule', () => {
      expect(lacking).toBeGreaterThan(0);
    });
  });
}
