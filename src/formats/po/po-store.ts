// Editable PO catalog: exposes entries as FormatUnits and writes untouched entries back byte for byte.

import { type FormatUnit, type NewUnit, type ParsedStore, type PluralForms, type UnitChange, unitAt } from '../format.js';
import { classifyCharset, isAsciiCharset } from './charset.js';
import { detachRawBytes, emptyEntry, isHeaderEntry, readsRawBytes, stringAt, stringCount, type PoEntry } from './entry.js';
import { findHeaderField, parseHeaderFields, parsePluralForms, setHeaderField } from './header.js';
import { renderEntry } from './render.js';

export interface PoStoreInit {
  entries: PoEntry[];
  tail: string;
  eol: '\n' | '\r\n';
  bom: boolean;
  /** Bytes the store was parsed from; serialize() returns them while nothing changed. */
  original: Uint8Array | null;
  /** True when monolingual (po-mono): msgid is the key, msgstr the value. */
  monolingual: boolean;
}

/** Separates msgctxt from msgid in monolingual keys, as in compiled MO files. */
export const CONTEXT_SEPARATOR = '\u0004';

/** Characters of text handed to the encoder at a time by serialize(). */
const CHUNK = 1 << 14;

const EMPTY_FIELDS: Readonly<Record<string, string>> = Object.freeze({});

/** list.join(separator), without the call for the usual empty and one-item lists. */
function joinList(list: readonly string[], separator: string): string {
  return list.length === 0 ? '' : list.length === 1 ? list[0]! : list.join(separator);
}

function splitLines(text: string | undefined): string[] {
  return text ? text.split('\n') : [];
}

function splitList(text: string | undefined, separator: RegExp): string[] {
  return text ? text.split(separator).map((item) => item.trim()).filter((item) => item !== '') : [];
}

/** The array index that property `key` of an array of `length` items names; -1 if none. */
function arrayIndex(key: string | symbol, length: number): number {
  if (typeof key !== 'string') return -1;
  const first = key.charCodeAt(0);
  if (!(first >= 48 && first <= 57)) return -1;
  const index = Number(key);
  return index < length && String(index) === key ? index : -1;
}

export class PoStore implements ParsedStore {
  private readonly entries: PoEntry[];
  private readonly tail: string;
  private readonly eol: '\n' | '\r\n';
  private readonly bom: boolean;
  /** Dropped (see touch) once the store was modified and few entries still need its bytes. */
  private original: Uint8Array | null;
  /** Bytes of the parsed file: the expected size of serialize()'s result. */
  private readonly sizeHint: number;
  /** How many entries still read their original text from `original`'s bytes. */
  private rawReaders = 0;
  private readonly endsWithEol: boolean;
  private readonly monolingual: boolean;
  private modified = false;

  // Built on first use and kept in step with `entries` by the mutators. `unitViews` holds the
  // views handed out so far (undefined where none was built or the unit changed since); it is
  // the target of `unitList`, the proxy returned by `units`.
  private unitEntries: PoEntry[] | null = null;
  private unitViews: (FormatUnit | undefined)[] | null = null;
  private unitList: readonly FormatUnit[] | null = null;
  private headerFields: Readonly<Record<string, string>> | null = null;
  private pluralFormsCache: { value: PluralForms | undefined } | null = null;

  constructor(init: PoStoreInit) {
    this.entries = init.entries;
    this.tail = init.tail;
    this.eol = init.eol;
    this.bom = init.bom;
    this.original = init.original;
    this.sizeHint = init.original?.length ?? 0;
    for (const entry of init.entries) if (readsRawBytes(entry)) this.rawReaders++;
    this.monolingual = init.monolingual;
    const last = init.entries.length > 0 ? init.entries[init.entries.length - 1]!.raw : null;
    const ending = init.tail !== '' ? init.tail : (last ?? '\n');
    this.endsWithEol = init.entries.length === 0 && init.tail === '' ? true : ending.endsWith('\n');
  }

  // ---- reading ----

  /**
   * A live, read-only array of the units. A unit's view is built when it is first read and kept
   * until the unit changes, so that listing the units of a large file does not hold a second
   * object model of it, and an edit does not rebuild views nobody reads.
   */
  get units(): readonly FormatUnit[] {
    if (this.unitList === null) {
      this.activeEntries();
      const views = this.unitViews!;
      const deny = (): boolean => false;
      this.unitList = new Proxy(views, {
        get: (target, key, receiver) => {
          const index = arrayIndex(key, target.length);
          return index < 0 ? Reflect.get(target, key, receiver) : (target[index] ?? this.buildView(index));
        },
        getOwnPropertyDescriptor: (target, key) => {
          const index = arrayIndex(key, target.length);
          if (index < 0) return Reflect.getOwnPropertyDescriptor(target, key);
          return { value: target[index] ?? this.buildView(index), writable: true, enumerable: true, configurable: true };
        },
        set: deny,
        defineProperty: deny,
        deleteProperty: deny,
      }) as readonly FormatUnit[];
    }
    return this.unitList;
  }

  get header(): Readonly<Record<string, string>> {
    if (this.headerFields === null) {
      const entry = this.headerEntry();
      this.headerFields = entry ? Object.freeze(parseHeaderFields(stringAt(entry, 0) ?? '')) : EMPTY_FIELDS;
    }
    return this.headerFields;
  }

  get pluralForms(): PluralForms | undefined {
    this.pluralFormsCache ??= { value: parsePluralForms(findHeaderField(this.header, 'Plural-Forms')) };
    return this.pluralFormsCache.value;
  }

  /** The parsed entries, header and obsolete ones included (read-only use). */
  get allEntries(): readonly PoEntry[] {
    return this.entries;
  }

  private headerEntry(): PoEntry | undefined {
    return this.entries.find(isHeaderEntry);
  }

  private activeEntries(): PoEntry[] {
    if (this.unitEntries === null) {
      this.unitEntries = this.entries.filter((entry) => !entry.obsolete && !isHeaderEntry(entry));
      const views = (this.unitViews ??= []);
      views.length = 0;
      for (let i = 0; i < this.unitEntries.length; i++) views.push(undefined);
    }
    return this.unitEntries;
  }

  private buildView(index: number): FormatUnit {
    const view = this.toUnit(this.unitEntries![index]!);
    this.unitViews![index] = view;
    return view;
  }

  private unitEntry(index: number): PoEntry {
    return unitAt(this.activeEntries(), index);
  }

  private pluralCount(): number | undefined {
    return this.pluralForms?.number;
  }

  /** A fresh view of `entry`. */
  private toUnit(entry: PoEntry): FormatUnit {
    const source = entry.idPlural === null ? [entry.id] : [entry.id, entry.idPlural];
    const count = stringCount(entry);
    const target = count === 1 ? [stringAt(entry, 0)!] : count === 0 ? [''] : entry.strings.slice();
    if (entry.idPlural !== null) {
      // Present every plural form the language has, even when the file lists fewer.
      const wanted = this.pluralCount() ?? 0;
      while (target.length < wanted) target.push('');
    }
    const context = entry.context ?? '';
    const key = this.monolingual ? (context === '' ? entry.id : context + CONTEXT_SEPARATOR + entry.id) : context;
    return {
      key,
      context: this.monolingual ? key : context,
      source,
      target,
      fuzzy: entry.fuzzy,
      approved: false,
      note: joinList(entry.extracted, '\n'),
      comment: joinList(entry.comments, '\n'),
      location: joinList(entry.references, ', '),
      flags: joinList(entry.flags, ', '),
      previousSource: entry.previousId ?? '',
      obsolete: entry.obsolete,
    };
  }

  // ---- editing ----

  private touch(): void {
    this.modified = true;
    // Once most entries are re-rendered, copying out the original text of the few others lets
    // the parsed file's bytes go (for a large file, they are a good share of the memory).
    if (this.original !== null && this.rawReaders * 8 <= this.entries.length) {
      for (const entry of this.entries) detachRawBytes(entry);
      this.rawReaders = 0;
      this.original = null;
    }
  }

  /** Marks the entry as changed: it is rendered from its fields from now on. */
  private rawChanged(entry: PoEntry): void {
    if (readsRawBytes(entry)) this.rawReaders--;
    entry.raw = null;
  }

  /** Plural strings sized to the language's form count (or to what was given, if more). */
  private pluralStrings(target: readonly string[] | undefined, minimum: number): string[] {
    const count = Math.max(target?.length ?? 0, this.pluralCount() ?? minimum);
    return Array.from({ length: count }, (_, i) => target?.[i] ?? '');
  }

  updateUnit(index: number, change: UnitChange): void {
    const entry = this.unitEntry(index);
    const current = entry.strings;
    let strings = current;
    if (change.target !== undefined) {
      if (entry.idPlural === null) {
        if (change.target.length > 1) {
          throw new RangeError(`Unit ${index} is not plural but ${change.target.length} target forms were given`);
        }
        strings = [change.target[0] ?? ''];
      } else {
        strings = this.pluralStrings(change.target, current.length);
      }
    }
    // Like gettext, an entry without translation is never fuzzy.
    const fuzzy = (change.fuzzy ?? entry.fuzzy) && strings[0] !== '';
    const sameStrings = strings.length === current.length && strings.every((s, i) => s === current[i]);
    if (sameStrings && fuzzy === entry.fuzzy) return; // keep the original bytes

    entry.strings = strings;
    if (fuzzy !== entry.fuzzy) {
      entry.fuzzy = fuzzy;
      // "#| msgid" documents why an entry is fuzzy; it is stale once the entry is confirmed.
      if (!fuzzy) entry.previousContext = entry.previousId = entry.previousIdPlural = null;
    }
    this.rawChanged(entry);
    this.touch();
    this.unitViews![index] = undefined; // unitEntry() built unitViews
  }

  addUnit(unit: NewUnit): void {
    const entry = emptyEntry();
    if (this.monolingual) {
      const key = unit.key || unit.source[0] || '';
      const separator = key.indexOf(CONTEXT_SEPARATOR);
      entry.context = separator >= 0 ? key.slice(0, separator) : null;
      entry.id = separator >= 0 ? key.slice(separator + 1) : key;
    } else {
      const context = unit.context || unit.key || '';
      entry.context = context === '' ? null : context;
      entry.id = unit.source[0] ?? '';
    }
    if (entry.id === '' && entry.context === null) throw new RangeError('A unit needs a non-empty source or key');
    entry.idPlural = unit.source.length > 1 ? unit.source[1]! : null;
    entry.strings = entry.idPlural === null ? [unit.target?.[0] ?? ''] : this.pluralStrings(unit.target, 2);
    entry.fuzzy = (unit.fuzzy ?? false) && entry.strings[0] !== '';
    entry.comments = splitLines(unit.comment);
    entry.extracted = splitLines(unit.note);
    entry.references = splitList(unit.location, /,\s*|\s+/);
    entry.flags = splitList(unit.flags, /,/).filter((flag) => flag !== 'fuzzy');
    entry.previousId = unit.previousSource ? unit.previousSource : null;
    entry.obsolete = unit.obsolete ?? false;

    // New active entries go after the last active one, i.e. before the obsolete block.
    let at = this.entries.length;
    if (!entry.obsolete) {
      const firstObsolete = this.entries.findIndex((e) => e.obsolete);
      if (firstObsolete >= 0) at = firstObsolete;
    }
    entry.lead = this.entries.length === 0 ? '' : this.eol;
    this.entries.splice(at, 0, entry);
    this.touch();
    if (!entry.obsolete && this.unitEntries !== null) {
      this.unitEntries.push(entry);
      this.unitViews!.push(undefined);
    }
  }

  removeUnit(index: number): void {
    const entry = this.unitEntry(index);
    const at = this.entries.indexOf(entry);
    const next = this.entries[at + 1];
    // Keep the spacing that preceded the removed entry, drop the one that followed it.
    if (next) next.lead = entry.lead;
    this.entries.splice(at, 1);
    if (readsRawBytes(entry)) this.rawReaders--;
    this.touch();
    this.unitEntries?.splice(index, 1);
    this.unitViews!.splice(index, 1);
  }

  setHeader(name: string, value: string): void {
    let entry = this.headerEntry();
    if (!entry) {
      entry = emptyEntry();
      entry.strings = [''];
      const first = this.entries[0];
      if (first && first.lead === '') first.lead = this.eol;
      this.entries.unshift(entry);
    }
    const current = stringAt(entry, 0) ?? '';
    // A line break would end the field early and turn the rest into a bogus field.
    const updated = setHeaderField(current, name, value.replace(/[\r\n]+/g, ' '));
    if (updated === current) return;
    entry.strings = [updated, ...entry.strings.slice(1)];
    this.rawChanged(entry);
    this.headerFields = null;
    this.pluralFormsCache = null;
    this.touch();
    // A new Plural-Forms changes how many forms plural units expose.
    if (name.toLowerCase() === 'plural-forms') this.unitViews?.fill(undefined);
  }

  // ---- writing ----

  /**
   * Calls `write` with the file's text in order, in pieces of about CHUNK characters, so that
   * the whole file never exists as one string. `write` returns false to stop early.
   */
  private writeText(write: (chunk: string) => boolean): boolean {
    const eol = this.eol;
    let chunk = '';
    let terminated = true;
    for (const entry of this.entries) {
      // An untouched last line without terminator is no longer last: end it first.
      if (!terminated) chunk += eol;
      const raw = entry.raw;
      chunk += entry.lead;
      if (raw === null) {
        for (const line of renderEntry(entry)) chunk += line + eol;
        terminated = true;
      } else {
        chunk += raw;
        terminated = raw.endsWith('\n');
      }
      if (chunk.length >= CHUNK) {
        if (!write(chunk)) return false;
        chunk = '';
      }
    }
    if (!terminated && this.tail !== '') chunk += eol;
    chunk += this.tail;
    return chunk === '' || write(chunk);
  }
  /** The charset declared in the header; null when there is none. */
  private declaredCharset(): string | null {
    const contentType = findHeaderField(this.header, 'Content-Type');
    const match = contentType === undefined ? null : /charset=([^\s;]+)/i.exec(contentType);
    return match ? match[1]! : null;
  }

  private switchToUtf8(): void {
    const contentType = findHeaderField(this.header, 'Content-Type');
    const value =
      contentType === undefined || !/charset=/i.test(contentType)
        ? 'text/plain; charset=UTF-8'
        : contentType.replace(/charset=[^\s;]*/i, 'charset=UTF-8');
    this.setHeader('Content-Type', value);
  }

  serialize(): Buffer {
    if (!this.modified && this.original !== null) return Buffer.from(this.original);
    const charset = this.declaredCharset();
    const latin1 = !this.bom && classifyCharset(charset) === 'latin1';
    const ascii = isAsciiCharset(charset);
    const encoding = latin1 ? 'latin1' : 'utf8';
    // Encoded piece by piece into one growing buffer (sized from the original file).
    const bomLength = this.bom ? 3 : 0;
    let buffer = Buffer.allocUnsafe(Math.max(4096, Math.ceil(this.sizeHint * 1.25)));
    let length = 0;
    const reserve = (bytes: number): void => {
      if (length + bytes <= buffer.length) return;
      const grown = Buffer.allocUnsafe(Math.max(length + bytes, Math.ceil(buffer.length * 1.5)));
      buffer.copy(grown, 0, 0, length);
      buffer = grown;
    };
    if (this.bom) {
      buffer[0] = 0xef;
      buffer[1] = 0xbb;
      buffer[2] = 0xbf;
      length = 3;
    }
    const complete = this.writeText((chunk) => {
      // Edited text may no longer fit the declared charset; gettext then needs UTF-8.
      // eslint-disable-next-line no-control-regex
      if ((latin1 && /[^\u0000-\u00ff]/.test(chunk)) || (ascii && /[^\u0000-\u007f]/.test(chunk))) return false;
      // A UTF-16 code unit takes at most 3 bytes in UTF-8 (a surrogate pair 4 for 2 units).
      reserve(latin1 ? chunk.length : chunk.length * 3);
      length += buffer.write(chunk, length, encoding);
      return true;
    });
    if (!complete) {
      this.switchToUtf8();
      return this.serialize();
    }
    // Keep the file's convention about a final line terminator.
    if (!this.endsWithEol && length > bomLength && buffer[length - 1] === 0x0a) {
      length -= length - 1 > bomLength && buffer[length - 2] === 0x0d ? 2 : 1;
    } else if (this.endsWithEol && length > bomLength && buffer[length - 1] !== 0x0a) {
      reserve(2);
      length += buffer.write(this.eol, length, encoding);
    }
    // Small results get a buffer of their own rather than a view into a mostly empty one.
    return length < 1 << 16 || length < buffer.length / 2 ? Buffer.from(buffer.subarray(0, length)) : buffer.subarray(0, length);
  }
}
