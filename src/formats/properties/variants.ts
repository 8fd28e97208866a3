// The reference's Java properties dialects on Parla's properties parser: UTF-16 files, GWT plurals, XWiki quoting, mi18n .lang files.

import { isUtf8 } from 'node:buffer';
import { FormatParseError, type CreateOptions, type FormatUnit, type NewUnit, type ParsedStore, type ParseOptions, type TranslationFormat, type UnitChange, unitAt } from '../format.js';
import { categoriesOf } from '../json/json-store.js';
import { splitUtf8Bom } from '../text/keyed-text-store.js';
import { parsePropertiesText } from './parser.js';
import { PropertiesStore, type PropertiesEncoding } from './properties-store.js';

/** Properties files are flat lists; larger ones are refused. */
export const MAX_PROPERTIES_BYTES = 32 * 1024 * 1024;

interface Dialect {
  /** Decodes a value as the dialect stores it (after the escapes). */
  decodeValue?: (value: string) => string;
  encodeValue?: (value: string) => string;
  /** Encoding of new files. */
  newEncoding: PropertiesEncoding;
  asciiOnly: boolean;
}

function decodeUtf16(bytes: Uint8Array, filename: string | undefined): { text: string; encoding: PropertiesEncoding; bom: boolean } {
  if (bytes.length % 2 !== 0) throw new FormatParseError('a UTF-16 file has an even number of bytes', undefined, filename);
  const be = bytes[0] === 0xfe && bytes[1] === 0xff;
  const bom = be || (bytes[0] === 0xff && bytes[1] === 0xfe);
  const body = Buffer.from(bytes.subarray(bom ? 2 : 0));
  if (be) body.swap16();
  return { text: body.toString('utf16le'), encoding: be ? 'utf16be' : 'utf16le', bom };
}

function parseDialect(bytes: Uint8Array, options: ParseOptions | undefined, dialect: Dialect): PropertiesStore {
  const filename = options?.filename;
  if (bytes.length > MAX_PROPERTIES_BYTES) throw new FormatParseError(`file is larger than ${MAX_PROPERTIES_BYTES} bytes`, undefined, filename);
  let text: string;
  let encoding: PropertiesEncoding;
  let bom: boolean;
  if (dialect.newEncoding === 'utf16le') {
    ({ text, encoding, bom } = decodeUtf16(bytes, filename));
  } else {
    const split = splitUtf8Bom(bytes);
    bom = split.bom;
    encoding = isUtf8(split.body) ? 'utf8' : 'latin1';
    text = split.body.toString(encoding);
  }
  const parsed = parsePropertiesText(text, filename);
  const decode = dialect.decodeValue;
  const entries = decode ? parsed.entries.map((e) => ({ ...e, value: decode(e.value) })) : parsed.entries;
  return new PropertiesStore({ text, entries, eol: parsed.eol, encoding, bom, asciiOnly: dialect.asciiOnly, original: bytes, ...(dialect.encodeValue ? { encodeValue: dialect.encodeValue } : {}) });
}

function createDialect(dialect: Dialect): PropertiesStore {
  const utf16 = dialect.newEncoding === 'utf16le';
  return new PropertiesStore({
    text: '',
    entries: [],
    eol: '\n',
    encoding: dialect.newEncoding,
    // Java reads UTF-16 by its byte order mark: new files start with one.
    bom: utf16,
    asciiOnly: dialect.asciiOnly,
    original: null,
    ...(dialect.encodeValue ? { encodeValue: dialect.encodeValue } : {}),
  });
}

const GWT_FORM = /^([\s\S]*)\[(zero|one|two|few|many|other)\]$/;

/**
 * GWT Messages plurals: `key` holds the default ("other") text and `key[one]`, `key[few]`, … the other CLDR
 * categories. A key with such forms is one plural unit with a form per category of the language; forms of
 * categories the language does not have stay strings of their own. New forms are appended as `key[category]`.
 */
class GwtStore implements ParsedStore {
  readonly pluralForms = undefined;
  private groups: { base: number; forms: Map<string, number> }[] | null = null;
  private views: FormatUnit[] | null = null;

  constructor(
    private readonly inner: PropertiesStore,
    private readonly categories: readonly string[],
  ) {}

  get header(): Readonly<Record<string, string>> {
    return this.inner.header;
  }

  private layout(): { base: number; forms: Map<string, number> }[] {
    if (this.groups) return this.groups;
    const units = this.inner.units;
    const byKey = new Map<string, number>();
    units.forEach((u, i) => byKey.set(u.key, i));
    const members = new Map<number, Map<string, number>>();
    const taken = new Set<number>();
    units.forEach((u, i) => {
      const m = GWT_FORM.exec(u.key);
      if (!m || !this.categories.includes(m[2]!) || m[2] === 'other') return;
      const base = byKey.get(m[1]!);
      if (base === undefined) return;
      const forms = members.get(base) ?? new Map<string, number>();
      forms.set(m[2]!, i);
      members.set(base, forms);
      taken.add(i);
    });
    this.groups = [];
    units.forEach((_, i) => {
      if (!taken.has(i)) this.groups!.push({ base: i, forms: members.get(i) ?? new Map() });
    });
    return this.groups;
  }

  get units(): readonly FormatUnit[] {
    if (this.views) return this.views;
    const inner = this.inner.units;
    this.views = this.layout().map((g) => this.viewOf(g, inner));
    return this.views;
  }

  private viewOf(g: { base: number; forms: Map<string, number> }, inner: readonly FormatUnit[]): FormatUnit {
    const base = inner[g.base]!;
    if (g.forms.size === 0) return base;
    const target = this.categories.map((c) => (c === 'other' ? base.target[0]! : g.forms.has(c) ? inner[g.forms.get(c)!]!.target[0]! : ''));
    return { ...base, target };
  }

  /** Refreshes the view of one unit after an edit (the layout stays: new forms go into their group). */
  private refresh(index: number, g: { base: number; forms: Map<string, number> }): void {
    if (this.views) this.views[index] = this.viewOf(g, this.inner.units);
  }

  private group(index: number) {
    return unitAt(this.layout(), index);
  }

  updateUnit(index: number, change: UnitChange): void {
    const g = this.group(index);
    const target = change.target;
    if (target === undefined) return;
    if (target.length <= 1 && g.forms.size === 0) this.inner.updateUnit(g.base, { target });
    else this.writeForms(g, this.inner.units[g.base]!.key, target);
    this.refresh(index, g);
  }

  private writeForms(g: { base: number; forms: Map<string, number> }, key: string, target: readonly string[]): void {
    const other = this.categories.indexOf('other');
    this.inner.updateUnit(g.base, { target: [target[other >= 0 ? other : target.length - 1] ?? ''] });
    this.categories.forEach((c, i) => {
      if (c === 'other') return;
      const text = target[i] ?? '';
      const at = g.forms.get(c);
      if (at !== undefined) this.inner.updateUnit(at, { target: [text] });
      else if (text !== '') {
        this.inner.addUnit({ key: `${key}[${c}]`, source: [`${key}[${c}]`], target: [text] });
        g.forms.set(c, this.inner.units.length - 1);
      }
    });
  }

  addUnit(unit: NewUnit): void {
    const key = unit.key || unit.context || unit.source[0] || '';
    const target = unit.target ?? [''];
    this.inner.addUnit(target.length <= 1 ? unit : { ...unit, target: [''] });
    const g = { base: this.inner.units.length - 1, forms: new Map<string, number>() };
    if (target.length > 1) this.writeForms(g, key, target);
    // A new "key[category]" may belong to an existing key: the layout is read again then.
    if (GWT_FORM.test(key) || !this.groups) {
      this.groups = null;
      this.views = null;
      return;
    }
    this.groups.push(g);
    this.views?.push(this.viewOf(g, this.inner.units));
  }

  removeUnit(index: number): void {
    const g = this.group(index);
    for (const i of [g.base, ...g.forms.values()].sort((a, b) => b - a)) this.inner.removeUnit(i);
    this.groups = null;
    this.views = null;
  }

  /** Properties files have no header: accepted and ignored. */
  setHeader(): void {}

  serialize(): Buffer {
    return this.inner.serialize();
  }
}

/** XWiki's messages are Java MessageFormat patterns when they hold a {0} parameter: an apostrophe is written ''. */
const XWIKI_PARAMETER = /\{[0-9]+\}/;

function variant(id: string, name: string, dialect: Dialect, wrap?: (store: PropertiesStore, options: ParseOptions | undefined) => ParsedStore, extensions: readonly string[] = ['properties']): TranslationFormat {
  const finish = (store: PropertiesStore, options: ParseOptions | undefined): ParsedStore => (wrap ? wrap(store, options) : store);
  return {
    id,
    name,
    extensions,
    monolingual: true,
    mimeType: 'text/x-java-properties',
    parse: (bytes: Uint8Array, options?: ParseOptions): ParsedStore => finish(parseDialect(bytes, options, dialect), options),
    create: (options: CreateOptions): ParsedStore => finish(createDialect(dialect), options),
  };
}

/** Java properties in UTF-16 (byte order by the file's mark, little-endian with a mark for new files): text raw. */
export const propertiesUtf16Format = variant('properties-utf16', 'Java Properties (UTF-16)', { newEncoding: 'utf16le', asciiOnly: false });

/** GWT properties: UTF-8, plurals as `key[category]` beside the default `key`. */
export const gwtFormat = variant('gwt', 'GWT Properties', { newEncoding: 'utf8', asciiOnly: false }, (store, options) => new GwtStore(store, categoriesOf(options)));

/** XWiki Java properties: ISO-8859-1 with \uXXXX escapes; in messages with {0} parameters an apostrophe is doubled. */
export const xwikiJavaPropertiesFormat = variant('xwiki-java-properties', 'XWiki Java Properties', {
  newEncoding: 'latin1',
  asciiOnly: true,
  decodeValue: (value) => (XWIKI_PARAMETER.test(value) ? value.replaceAll("''", "'") : value),
  encodeValue: (value) => (XWIKI_PARAMETER.test(value) ? value.replaceAll("'", "''") : value),
});

/** mi18n (draggable/i18n) `.lang` files for JavaScript: Java properties syntax in UTF-8. */
export const mi18nLangFormat = variant('mi18n-lang', 'mi18n lang file', { newEncoding: 'utf8', asciiOnly: false }, undefined, ['lang']);
