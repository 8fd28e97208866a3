// Base of the keyed text stores (.properties, .strings, YAML): unit bookkeeping, and edits spliced into the original text.

import { type FormatUnit, type NewUnit, type ParsedStore, type UnitChange, unitAt } from '../format.js';

/** One target form: the value the file holds ('' for units added since) and the value now. */
export interface TextForm {
  original: string;
  current: string;
}

export interface KeyedRec {
  key: string;
  note: string;
  forms: TextForm[];
}

/** Replaces text[start, end) of the original; start === end inserts. */
export interface TextPatch {
  start: number;
  end: number;
  text: string;
}

/** A parsed `key = value` entry: its value, and where the value sits and what removing it deletes. */
export interface TextEntry {
  key: string;
  value: string;
  note: string;
  valueStart: number;
  valueEnd: number;
  removeStart: number;
  removeEnd: number;
}

/** A single-form unit of a file read entry by entry; `entry` is null for units added since. */
export interface EntryRec<E extends TextEntry> extends KeyedRec {
  entry: E | null;
}

export interface KeyedTextOptions {
  /** Names the format in errors ("A .strings unit needs a key"). */
  label: string;
  /** Whether a new unit with neither key nor context is keyed by its source text. */
  keyFromSource: boolean;
  /** The file's bytes for `text`, in the encoding (and with the BOM) the file was read with. */
  encode: (text: string) => Buffer;
}

const NO_HEADER: Readonly<Record<string, string>> = Object.freeze({});
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** Splits a leading UTF-8 byte order mark off `bytes`. */
export function splitUtf8Bom(bytes: Uint8Array): { bom: boolean; body: Buffer } {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return { bom, body: Buffer.from(bytes.subarray(bom ? 3 : 0)) };
}

export function withUtf8Bom(body: Buffer, bom: boolean): Buffer {
  return bom ? Buffer.concat([UTF8_BOM, body]) : body;
}

const byStart = (a: TextPatch, b: TextPatch): number => a.start - b.start;

/** `text` with the patches applied in `order`; everything between them is kept byte for byte. */
export function spliceText<P extends TextPatch>(text: string, patches: readonly P[], order: (a: P, b: P) => number = byStart): string {
  const parts: string[] = [];
  let at = 0;
  for (const patch of [...patches].sort(order)) {
    let start = patch.start;
    if (start < at) {
      // Inside text that another patch already replaced (e.g. an entry removed with its comments).
      if (patch.end <= at) continue;
      start = at;
    }
    parts.push(text.slice(at, start), patch.text);
    at = patch.end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

function keyedUnit(rec: KeyedRec): FormatUnit {
  return {
    key: rec.key,
    context: rec.key,
    source: [rec.key],
    target: rec.forms.map((form) => form.current),
    fuzzy: false,
    approved: false,
    note: rec.note,
    comment: '',
    location: '',
    flags: '',
    previousSource: '',
    obsolete: false,
  };
}

/**
 * Monolingual stores of keyed texts without a header: units (key, note, target forms) over the
 * original text, which serialize() returns untouched until something changes. Subclasses read
 * their syntax into recs, place new ones and write the text back.
 */
export abstract class KeyedTextStore<R extends KeyedRec> implements ParsedStore {
  readonly header = NO_HEADER;
  readonly pluralForms = undefined;
  protected readonly recs: R[] = [];
  protected modified = false;
  /** Recs per key: a file may repeat a key, which then stays taken until every copy is removed. */
  private readonly keyCounts = new Map<string, number>();
  private views: FormatUnit[] | null = null;

  protected constructor(
    protected readonly text: string,
    private readonly original: Uint8Array | null,
    private readonly options: KeyedTextOptions,
  ) {}

  /** A rec for a new unit, placed where it will be written; throws when the key cannot be added. */
  protected abstract createRec(key: string, unit: NewUnit): R;
  /** Remembers what writing must delete for a removed rec. */
  protected abstract forgetRec(rec: R): void;
  protected abstract buildText(): string;

  get units(): readonly FormatUnit[] {
    this.views ??= this.recs.map(keyedUnit);
    return this.views;
  }

  protected rec(index: number): R {
    return unitAt(this.recs, index);
  }

  protected pushRec(rec: R): void {
    this.recs.push(rec);
    this.keyCounts.set(rec.key, (this.keyCounts.get(rec.key) ?? 0) + 1);
  }

  protected tooManyForms(index: number, _rec: R, given: number): string {
    return `Unit ${index} is not plural but ${given} target forms were given`;
  }

  updateUnit(index: number, change: UnitChange): void {
    const rec = this.rec(index);
    const target = change.target;
    if (target === undefined) return;
    if (target.length > rec.forms.length) throw new RangeError(this.tooManyForms(index, rec, target.length));
    let changed = false;
    rec.forms.forEach((form, i) => {
      const value = target[i] ?? '';
      if (value !== form.current) {
        form.current = value;
        changed = true;
      }
    });
    if (!changed) return;
    this.modified = true;
    if (this.views) this.views[index] = keyedUnit(rec);
  }

  addUnit(unit: NewUnit): void {
    const key = unit.key || unit.context || (this.options.keyFromSource ? unit.source[0] : '') || '';
    if (key === '') throw new RangeError(`A ${this.options.label} unit needs a key`);
    if (this.keyCounts.has(key)) throw new RangeError(`Key "${key}" already exists`);
    const rec = this.createRec(key, unit);
    this.pushRec(rec);
    this.views?.push(keyedUnit(rec));
    this.modified = true;
  }

  removeUnit(index: number): void {
    const rec = this.rec(index);
    this.recs.splice(index, 1);
    this.views?.splice(index, 1);
    const count = this.keyCounts.get(rec.key)! - 1;
    if (count > 0) this.keyCounts.set(rec.key, count);
    else this.keyCounts.delete(rec.key);
    this.modified = true;
    this.forgetRec(rec);
  }

  /** These formats have no header; the call is accepted and ignored. */
  setHeader(): void {}

  serialize(): Buffer {
    if (!this.modified && this.original !== null) return Buffer.from(this.original);
    return this.options.encode(this.buildText());
  }
}

export interface EntryTextInit<E extends TextEntry> {
  text: string;
  entries: readonly E[];
  eol: string;
  /** Bytes the store was parsed from; serialize() returns them while nothing changed. */
  original: Uint8Array | null;
}

/**
 * Files read as a flat run of entries (.properties, .strings): an edit replaces one value's span,
 * a removal cuts out the entry with its comments, new units are appended at the end.
 */
export abstract class EntryTextStore<E extends TextEntry> extends KeyedTextStore<EntryRec<E>> {
  protected readonly eol: string;
  private readonly removed: E[] = [];

  protected constructor(init: EntryTextInit<E>, options: KeyedTextOptions) {
    super(init.text, init.original, options);
    this.eol = init.eol;
    for (const entry of init.entries) {
      this.pushRec({ key: entry.key, note: entry.note, forms: [{ original: entry.value, current: entry.value }], entry });
    }
  }

  /** The raw text that replaces an edited value's span. */
  protected abstract renderValue(value: string, entry: E): string;
  /** The lines of a unit added since (comments included), without line ends. */
  protected abstract renderAdded(key: string, note: string, value: string): string[];
  /** Whether `text` ends its last line, so that appended entries start on a line of their own. */
  protected endsLine(text: string): boolean {
    return text.endsWith('\n');
  }

  protected createRec(key: string, unit: NewUnit): EntryRec<E> {
    return { key, note: unit.note ?? '', forms: [{ original: '', current: unit.target?.[0] ?? '' }], entry: null };
  }

  protected forgetRec(rec: EntryRec<E>): void {
    if (rec.entry) this.removed.push(rec.entry);
  }

  protected buildText(): string {
    const patches: TextPatch[] = this.removed.map((entry) => ({ start: entry.removeStart, end: entry.removeEnd, text: '' }));
    const lines: string[] = [];
    for (const rec of this.recs) {
      const form = rec.forms[0]!;
      if (!rec.entry) lines.push(...this.renderAdded(rec.key, rec.note, form.current));
      // A value set back to what the file holds keeps its raw text (escapes, quoting).
      else if (form.current !== form.original) patches.push({ start: rec.entry.valueStart, end: rec.entry.valueEnd, text: this.renderValue(form.current, rec.entry) });
    }
    const text = spliceText(this.text, patches);
    if (lines.length === 0) return text;
    return text + this.breakBeforeAdded(text) + lines.map((line) => line + this.eol).join('');
  }

  /** What goes between the text and appended entries so that they start on a line of their own. */
  protected breakBeforeAdded(text: string): string {
    return text === '' || this.endsLine(text) ? '' : this.eol;
  }
}
