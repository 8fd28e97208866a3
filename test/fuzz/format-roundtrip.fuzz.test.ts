// Round trips of generated stores through every format: serialize → parse gives the same units, and writing is byte-stable.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formats, type FormatUnit, type NewUnit, type TranslationFormat } from '../../src/formats/index.js';
import { CS_CATEGORIES, CS_PLURALS, PARSE_OPTIONS } from './format-samples.js';
import { describeError, params, timed, trickyString } from './support.js';

/**
 * What each format can hold, as far as a round trip may rely on it. The registry only declares `monolingual`; the
 * rest follows the formats' own tests. Formats missing here are documents (html, markdown): their units are
 * segments of the text, so generated units cannot map to them one to one and only the parse fuzzer covers them.
 */
interface Capabilities {
  /** Several target forms per unit. */
  plural: boolean;
  /** Extracted notes survive (single line). */
  note: boolean;
  /** Keys are a dotted path into nested objects: keys must not be prefixes of one another. */
  nested?: boolean;
  /** Keys the format can hold verbatim (other keys are not generated). */
  keyPattern?: RegExp;
  /** Keys with a meaning of their own in the format, which are not units. */
  keyOk?: (key: string) => boolean;
  /**
   * Notes the format writes verbatim. Notes stored in comments are made safe where the comment syntax cannot hold
   * them, on purpose: "*\/" in a strings comment becomes "* /", "--" in an XML comment "- -", and a character an
   * ISO-8859-1 properties file cannot hold becomes a \uXXXX escape (comments are not unescaped on reading).
   */
  noteOk?: (note: string) => boolean;
  /** Targets the format can hold verbatim (Fluent texts are pattern syntax: no braces, no special line starts). */
  textOk?: (text: string) => boolean;
  /** Added units join the group of their key (Qt TS contexts), so file order is not insertion order. */
  regroups?: boolean;
}

const IDENT = /^[A-Za-z][A-Za-z0-9]*$/;
const CAPS: Record<string, Capabilities> = {
  po: { plural: true, note: true },
  'po-mono': { plural: true, note: true },
  xliff: { plural: true, note: true },
  xliff11: { plural: true, note: true },
  xliff2: { plural: false, note: true },
  ts: { plural: true, note: true, regroups: true },
  tbx: { plural: false, note: true },
  json: { plural: false, note: false },
  'json-nested': { plural: false, note: false, nested: true, keyPattern: IDENT },
  i18next: { plural: true, note: false, nested: true, keyPattern: IDENT },
  i18nextv4: { plural: true, note: false, nested: true, keyPattern: IDENT },
  webextension: { plural: false, note: true, keyPattern: /^[A-Za-z0-9_@]+$/ },
  arb: { plural: false, note: true, keyPattern: IDENT },
  'go-i18n-json': { plural: true, note: false },
  'go-i18n-json-v2': { plural: true, note: true },
  csv: { plural: false, note: true },
  'csv-simple': { plural: false, note: false },
  xlsx: { plural: false, note: true },
  strings: { plural: false, note: true, noteOk: (n) => !n.includes('*/') },
  'strings-utf8': { plural: false, note: true, noteOk: (n) => !n.includes('*/') },
  properties: { plural: false, note: true, noteOk: (n) => !/[\u0100-\uffff]/.test(n) },
  'properties-utf8': { plural: false, note: true },
  'properties-utf16': { plural: false, note: true },
  'mi18n-lang': { plural: false, note: true },
  // `key[one]` beside `key` is a plural form: generated keys hold no brackets.
  gwt: { plural: true, note: true, keyOk: (k) => !/[[\]]/.test(k) },
  // A text holding "&quot;", "&apos;" or a character reference reads back as that character.
  dtd: { plural: false, note: true, keyPattern: /^[A-Za-z][A-Za-z0-9._-]*$/, noteOk: (n) => !n.includes('--') && !n.endsWith('-'), textOk: (t) => !/&(quot|apos|#[0-9]+|#x[0-9a-f]+);/i.test(t) },
  'xwiki-java-properties': { plural: false, note: true, noteOk: (n) => !/[\u0100-\uffff]/.test(n) },
  'xwiki-page-properties': { plural: false, note: true },
  // A full page has the strings "content" and "title" only, always in that order in the file.
  'xwiki-fullpage': { plural: false, note: false, keyPattern: /^(content|title)$/, regroups: true },
  yaml: { plural: false, note: true, nested: true, keyPattern: IDENT },
  'ruby-yaml': { plural: true, note: true, nested: true, keyPattern: IDENT },
  aresource: { plural: true, note: true, keyPattern: /^[A-Za-z_][A-Za-z0-9_]*$/, noteOk: (n) => !n.includes('--') && !n.endsWith('-') },
  resx: { plural: false, note: true, keyOk: (k) => !k.startsWith('>>') }, // ">>" names are WinForms designer data
  php: { plural: false, note: false, nested: true, keyPattern: IDENT },
  // A `|` in a Laravel text always separates plural forms.
  laravel: { plural: true, note: false, nested: true, keyPattern: IDENT, textOk: (t) => !t.includes('|') },
  // A note line starting with ; or # reads back without it; go-ini has no way to write """ inside a """ value.
  ini: { plural: false, note: true, keyPattern: IDENT, noteOk: (n) => !/^[;#]/.test(n), textOk: (t) => !t.includes('"""') },
  joomla: { plural: false, note: true, keyPattern: /^[A-Z][A-Z0-9_]*$/, noteOk: (n) => !/^[;#]/.test(n) },
  'go-i18n-toml': { plural: true, note: true, nested: true, keyPattern: IDENT },
  gotext: { plural: true, note: false },
  fluent: { plural: true, note: true, keyPattern: IDENT, textOk: (t) => !/[{}\r]/.test(t) && t.split('\n').every((l) => l !== '' && l.trim() === l && !/^[[*.]/.test(l)) },
  formatjs: { plural: false, note: true },
  // Subtitle keys are cue timings; a blank line ends a cue, and a WebVTT text line with "-->" would be a timing.
  srt: { plural: false, note: false, keyPattern: /^0[0-9]:[0-5][0-9]:[0-5][0-9],[0-9]{3} --> 0[0-9]:[0-5][0-9]:[0-5][0-9],[0-9]{3}$/, textOk: (t) => !t.includes('\r') && t.split('\n').every((l) => l.trim() !== '') },
  webvtt: { plural: false, note: false, keyPattern: /^[0-5][0-9]:[0-5][0-9]\.[0-9]{3} --> [0-5][0-9]:[0-5][0-9]\.[0-9]{3}$/, textOk: (t) => !t.includes('\r') && !t.includes('-->') && t.split('\n').every((l) => l.trim() !== '') },
  // MO keeps its strings sorted by original; NUL separates plural forms and EOT a context.
  mo: { plural: true, note: false, regroups: true, textOk: (t) => !t.includes('\u0000') && !t.includes('\u0004') },
  // A String Catalog sorts its keys; "[device=…]" and "[substitution=…]" at a key's end name variations. Plural
  // variations are written and read by the categories the parse and create options give (one, few, other here).
  xcstrings: { plural: true, note: true, regroups: true, keyOk: (k) => !/\[(device|substitution)=[^\]]*\]$/.test(k) },
  // A plural variable is a unit beside its entry's format-string unit, so generated plurals cannot map one to one.
  stringsdict: { plural: false, note: false, keyPattern: IDENT },
};

interface GeneratedUnit {
  key: string;
  source: string;
  target: string[];
  note: string;
}

/** Units with distinct keys and sources (PO identifies a unit by its source, monolingual formats by the key). */
function unitsFor(format: TranslationFormat, caps: Capabilities): fc.Arbitrary<GeneratedUnit[]> {
  const text = trickyString(40);
  const form = text.filter((t) => t.trim() !== '' && (caps.textOk?.(t) ?? true));
  const targets = caps.plural ? fc.oneof(fc.tuple(form).map((t) => [...t]), fc.tuple(form, form, form).map((t) => [...t])) : fc.tuple(form).map((t) => [...t]);
  const key = caps.keyPattern ? fc.stringMatching(caps.keyPattern).filter((k) => k.length <= 32) : trickyString(24).filter((k) => k.trim() !== '' && (caps.keyOk?.(k) ?? true));
  const note = form.map((n) => n.replace(/\s+/g, ' ').trim()).filter((n) => caps.noteOk?.(n) ?? true);
  const unit = fc.record({ key, source: form, target: targets, note: caps.note ? fc.oneof(fc.constant(''), note) : fc.constant('') });
  return fc
    .uniqueArray(unit, { minLength: 1, maxLength: 6, selector: (u) => (format.monolingual ? u.key.toLowerCase() : u.source) })
    // A prefix keeps keys of nested formats away from words YAML reads as other types (null, true, 1).
    .map((units) => units.map((u, j) => (caps.nested ? { ...u, key: `k${j}${u.key}` } : u)));
}

function newUnit(format: TranslationFormat, u: GeneratedUnit): NewUnit {
  // A plural unit needs a plural source too (PO msgid_plural, the plural flag of XLIFF and TS).
  const source = u.target.length > 1 ? [u.source, `${u.source} (plural)`] : [u.source];
  return { key: u.key, context: format.monolingual ? u.key : '', source: format.monolingual ? [u.key, ...source.slice(1)] : source, target: u.target, note: u.note };
}

/** What a reparse must give back of a unit: identity, all forms and (where kept) the note. */
function essence(format: TranslationFormat, caps: Capabilities, u: Pick<FormatUnit, 'key' | 'source' | 'target' | 'note'>) {
  return { key: format.monolingual ? u.key : '', source: format.monolingual ? '' : u.source[0], target: u.target, note: caps.note ? u.note : '' };
}

const roundTripFormats = formats.list().filter((f) => CAPS[f.id]);

describe('format list', () => {
  it('every registered format is either round-tripped here or a document format', () => {
    const missing = formats.list().filter((f) => !CAPS[f.id]).map((f) => f.id);
    expect(missing.sort()).toEqual(['html', 'markdown']);
  });
});

describe.each(roundTripFormats.map((f) => [f.id, f] as const))('round trip through %s', (_id, format) => {
  const caps = CAPS[format.id]!;

  it('serialize → parse gives the generated units; serializing the parsed store is byte-stable', () => {
    fc.assert(
      fc.property(unitsFor(format, caps), (units) => {
        const store = format.create({ language: 'cs', pluralForms: { ...CS_PLURALS }, pluralCategories: CS_CATEGORIES });
        for (const u of units) store.addUnit(newUnit(format, u));
        const bytes = store.serialize();
        const parsed = timed(`${format.id}.parse`, () => format.parse(bytes, PARSE_OPTIONS));
        if (!parsed.ok) expect.fail(`${format.id} cannot read what it wrote: ${describeError(parsed.error)}\n${bytes.toString('utf8').slice(0, 2000)}`);
        const back = parsed.value;
        const expected = units.map((u) => essence(format, caps, { ...u, source: [u.source] }));
        const actual = back.units.map((u) => essence(format, caps, u));
        const order = (list: typeof actual) => (caps.regroups ? [...list].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1)) : list);
        expect(order(actual)).toEqual(order(expected));
        expect(Buffer.from(back.serialize()).equals(Buffer.from(bytes)), 'serialize(parse(serialize(x))) = serialize(x)').toBe(true);
      }),
      params(0.3),
    );
  });

  it('editing every target of a written file reads back the new targets and leaves the other units alone', () => {
    fc.assert(
      fc.property(unitsFor(format, caps), fc.array(trickyString(40).filter((t) => t.trim() !== '' && (caps.textOk?.(t) ?? true)), { minLength: 3, maxLength: 3 }), (units, replacement) => {
        const store = format.create({ language: 'cs', pluralForms: { ...CS_PLURALS }, pluralCategories: CS_CATEGORIES });
        for (const u of units) store.addUnit(newUnit(format, u));
        const edited = format.parse(store.serialize(), PARSE_OPTIONS);
        const changed = edited.units.map((u, i) => (i % 2 === 0 ? u.target.map((_, k) => replacement[k]!) : u.target));
        expect(changed.length).toBe(units.length);
        changed.forEach((_, i) => {
          if (i % 2 === 0) edited.updateUnit(i, { target: changed[i]! });
        });
        const bytes = edited.serialize();
        const back = format.parse(bytes, PARSE_OPTIONS);
        expect(back.units.map((u) => u.target)).toEqual(changed);
        expect(Buffer.from(format.parse(bytes, PARSE_OPTIONS).serialize()).equals(Buffer.from(bytes))).toBe(true);
      }),
      params(0.3),
    );
  });
});
