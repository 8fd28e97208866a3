// Gettext MO (compiled catalogues): read as a translation with contexts and plurals, regenerated whole on write.

import { type CreateOptions, type FormatUnit, type NewUnit, type ParsedStore, type ParseOptions, type PluralForms, type TranslationFormat, type UnitChange, unitAt } from '../format.js';
import { FormatParseError } from '../format.js';
import { findHeaderField, formatPluralForms, parseHeaderFields, parsePluralForms, setHeaderField } from '../po/header.js';
import { CONTEXT_GLUE, readMoPairs, writeMo, type MoPair } from './mo-binary.js';

const DEFAULT_PLURAL_FORMS: PluralForms = { number: 2, formula: '(n != 1)' };

interface MoEntry {
  context: string;
  id: string;
  /** null for a singular entry. */
  idPlural: string | null;
  strings: string[];
  fuzzy: boolean;
}

function charsetOf(headerText: string): string {
  const contentType = findHeaderField(parseHeaderFields(headerText), 'Content-Type') ?? '';
  return /charset\s*=\s*([^\s;]+)/i.exec(contentType)?.[1] ?? 'utf-8';
}

function decoderFor(charset: string, filename?: string): TextDecoder {
  try {
    return new TextDecoder(charset.toLowerCase() === 'charset' ? 'utf-8' : charset, { fatal: true });
  } catch {
    throw new FormatParseError(`unsupported MO charset "${charset}"`, undefined, filename);
  }
}

/**
 * An MO file as units. MO holds no comments, locations or fuzzy entries (msgfmt leaves those out),
 * so those fields read empty. Serializing an unchanged store returns the file's bytes; any change
 * regenerates the whole file with writeMo, in UTF-8: units with no translation and units marked
 * fuzzy are left out, as msgfmt leaves them out.
 */
class MoStore implements ParsedStore {
  private readonly entries: MoEntry[];
  private headerText: string;
  private modified = false;
  private views: FormatUnit[] | null = null;

  constructor(
    entries: MoEntry[],
    headerText: string,
    private readonly original: Uint8Array | null,
  ) {
    this.entries = entries;
    this.headerText = headerText;
  }

  get header(): Readonly<Record<string, string>> {
    return parseHeaderFields(this.headerText);
  }

  get pluralForms(): PluralForms | undefined {
    return parsePluralForms(findHeaderField(this.header, 'Plural-Forms'));
  }

  get units(): readonly FormatUnit[] {
    if (this.views) return this.views;
    const forms = this.pluralForms?.number ?? 0;
    this.views = this.entries.map((e) => {
      const target = e.strings.length > 0 ? [...e.strings] : [''];
      // Every plural form the language has is shown, even when the file lists fewer.
      if (e.idPlural !== null) while (target.length < forms) target.push('');
      return {
        key: e.context,
        context: e.context,
        source: e.idPlural === null ? [e.id] : [e.id, e.idPlural],
        target,
        fuzzy: e.fuzzy,
        approved: false,
        note: '',
        comment: '',
        location: '',
        flags: '',
        previousSource: '',
        obsolete: false,
      };
    });
    return this.views;
  }

  private entry(index: number): MoEntry {
    return unitAt(this.entries, index);
  }

  private touch(): void {
    this.modified = true;
    this.views = null;
  }

  updateUnit(index: number, change: UnitChange): void {
    const entry = this.entry(index);
    if (change.target !== undefined) entry.strings = [...change.target];
    if (change.fuzzy !== undefined) entry.fuzzy = change.fuzzy;
    this.touch();
  }

  addUnit(unit: NewUnit): void {
    this.entries.push({
      context: unit.context ?? '',
      id: unit.source[0] ?? '',
      idPlural: unit.source.length > 1 ? unit.source[1]! : null,
      strings: [...(unit.target ?? [''])],
      fuzzy: unit.fuzzy ?? false,
    });
    this.touch();
  }

  removeUnit(index: number): void {
    this.entry(index);
    this.entries.splice(index, 1);
    this.touch();
  }

  setHeader(name: string, value: string): void {
    this.headerText = setHeaderField(this.headerText, name, value);
    this.touch();
  }

  serialize(): Buffer {
    if (!this.modified && this.original) return Buffer.from(this.original);
    // Written in UTF-8: a header naming another charset is corrected.
    let headerText = this.headerText;
    if (headerText !== '' && charsetOf(headerText).toLowerCase().replace('-', '') !== 'utf8') {
      const contentType = findHeaderField(parseHeaderFields(headerText), 'Content-Type') ?? 'text/plain';
      headerText = setHeaderField(headerText, 'Content-Type', /charset\s*=/i.test(contentType) ? contentType.replace(/charset\s*=\s*[^\s;]+/i, 'charset=UTF-8') : `${contentType}; charset=UTF-8`);
    }
    const pairs: MoPair[] = [];
    if (headerText !== '') pairs.push({ original: Buffer.alloc(0), translation: Buffer.from(headerText, 'utf8') });
    for (const e of this.entries) {
      if (e.fuzzy || e.strings.every((s) => s === '')) continue;
      const id = (e.context !== '' ? e.context + CONTEXT_GLUE : '') + e.id + (e.idPlural !== null ? '\0' + e.idPlural : '');
      const strings = e.idPlural !== null ? e.strings : e.strings.slice(0, 1);
      pairs.push({ original: Buffer.from(id, 'utf8'), translation: Buffer.from(strings.join('\0'), 'utf8') });
    }
    return writeMo(pairs);
  }
}

function parseMo(bytes: Uint8Array, options?: ParseOptions): ParsedStore {
  const filename = options?.filename;
  const pairs = readMoPairs(bytes, filename);
  const headerPair = pairs.find((p) => p.original.length === 0);
  const headerText = headerPair ? new TextDecoder('utf-8').decode(headerPair.translation) : '';
  const decoder = decoderFor(charsetOf(headerText), filename);
  const decode = (b: Buffer): string => {
    try {
      return decoder.decode(b);
    } catch {
      throw new FormatParseError(`MO string is not valid ${decoder.encoding}`, undefined, filename);
    }
  };
  const entries: MoEntry[] = [];
  // Units in the order writeMo gives them (msgfmt's files are sorted already), so that an edit keeps every index.
  const sorted = [...pairs].sort((a, b) => Buffer.compare(a.original, b.original));
  for (const pair of sorted) {
    if (pair.original.length === 0) continue;
    const original = decode(pair.original);
    const glue = original.indexOf(CONTEXT_GLUE);
    const context = glue >= 0 ? original.slice(0, glue) : '';
    const [id, idPlural] = original.slice(glue + 1).split('\0');
    const translation = decode(pair.translation);
    // An empty translation is no translation to gettext (msgfmt never writes one): not a unit, and not written back.
    const strings = idPlural === undefined ? [translation.split('\0')[0]!] : translation.split('\0');
    if (strings.every((t) => t === '')) continue;
    entries.push({ context, id: id ?? '', idPlural: idPlural ?? null, strings, fuzzy: false });
  }
  return new MoStore(entries, headerPair ? decode(headerPair.translation) : '', bytes);
}

export const moFormat: TranslationFormat = {
  id: 'mo',
  name: 'Gettext MO file',
  extensions: ['mo'],
  monolingual: false,
  mimeType: 'application/x-gettext-catalog',
  parse: parseMo,
  /** A new catalogue holds a header only (Language, Content-Type, Plural-Forms). */
  create: (options: CreateOptions): ParsedStore => {
    const header =
      `Language: ${options.language}\nMIME-Version: 1.0\nContent-Type: text/plain; charset=UTF-8\nContent-Transfer-Encoding: 8bit\n` +
      `Plural-Forms: ${formatPluralForms(options.pluralForms ?? DEFAULT_PLURAL_FORMS)}\n`;
    const store = new MoStore([], header, null);
    return parseMo(store.serialize());
  },
};
