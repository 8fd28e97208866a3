// Editable .strings file: edits splice one value token into the original text, everything else stays byte for byte.

import type { FormatUnit, NewUnit, ParsedStore, UnitChange } from '../format.js';
import { encodeStrings, type StringsEncoding } from './encoding.js';
import { escapeStrings } from './escape.js';
import type { StringsEntry } from './parser.js';

interface Rec {
  key: string;
  note: string;
  value: string;
  /** The parsed entry; null for units added since. */
  entry: StringsEntry | null;
}

export interface StringsStoreInit {
  text: string;
  entries: StringsEntry[];
  eol: '\n' | '\r\n';
  encoding: StringsEncoding;
  bom: boolean;
  /** Bytes the store was parsed from; serialize() returns them while nothing changed. */
  original: Uint8Array | null;
}

const NO_HEADER: Readonly<Record<string, string>> = Object.freeze({});

const quote = (text: string): string => `"${escapeStrings(text)}"`;

export class StringsStore implements ParsedStore {
  readonly header = NO_HEADER;
  readonly pluralForms = undefined;
  private readonly text: string;
  private readonly eol: '\n' | '\r\n';
  private readonly encoding: StringsEncoding;
  private readonly bom: boolean;
  private readonly original: Uint8Array | null;
  private readonly recs: Rec[];
  /** Spans of removed parsed entries. */
  private readonly deletions: [number, number][] = [];
  private views: FormatUnit[] | null = null;
  private modified = false;

  constructor(init: StringsStoreInit) {
    this.text = init.text;
    this.eol = init.eol;
    this.encoding = init.encoding;
    this.bom = init.bom;
    this.original = init.original;
    this.recs = init.entries.map((entry) => ({ key: entry.key, note: entry.note, value: entry.value, entry }));
  }

  get units(): readonly FormatUnit[] {
    this.views ??= this.recs.map(toUnit);
    return this.views;
  }

  private rec(index: number): Rec {
    const rec = Number.isInteger(index) ? this.recs[index] : undefined;
    if (!rec) throw new RangeError(`Unit index ${index} out of range (0..${this.recs.length - 1})`);
    return rec;
  }

  updateUnit(index: number, change: UnitChange): void {
    const rec = this.rec(index);
    if (change.target === undefined) return;
    if (change.target.length > 1) throw new RangeError(`Unit ${index} is not plural but ${change.target.length} target forms were given`);
    const value = change.target[0] ?? '';
    if (value === rec.value) return;
    rec.value = value;
    this.modified = true;
    if (this.views) this.views[index] = toUnit(rec);
  }

  addUnit(unit: NewUnit): void {
    const key = unit.key || unit.context || unit.source[0] || '';
    if (key === '') throw new RangeError('A .strings unit needs a key');
    if (this.recs.some((rec) => rec.key === key)) throw new RangeError(`Key "${key}" already exists`);
    const rec: Rec = { key, note: unit.note ?? '', value: unit.target?.[0] ?? '', entry: null };
    this.recs.push(rec);
    this.views?.push(toUnit(rec));
    this.modified = true;
  }

  removeUnit(index: number): void {
    const rec = this.rec(index);
    if (rec.entry) this.deletions.push([rec.entry.removeStart, rec.entry.removeEnd]);
    this.recs.splice(index, 1);
    this.views?.splice(index, 1);
    this.modified = true;
  }

  /** .strings files have no header; the call is accepted and ignored. */
  setHeader(): void {}

  private buildText(): string {
    const patches: { start: number; end: number; text: string }[] = this.deletions.map(([start, end]) => ({ start, end, text: '' }));
    const added: Rec[] = [];
    for (const rec of this.recs) {
      const entry = rec.entry;
      if (!entry) added.push(rec);
      else if (rec.value !== entry.value || (entry.keyOnly && rec.value !== rec.key)) {
        patches.push({ start: entry.valueStart, end: entry.valueEnd, text: (entry.keyOnly ? ' = ' : '') + quote(rec.value) });
      }
    }
    patches.sort((a, b) => a.start - b.start);
    const parts: string[] = [];
    let at = 0;
    for (const patch of patches) {
      parts.push(this.text.slice(at, patch.start), patch.text);
      at = patch.end;
    }
    parts.push(this.text.slice(at));
    let text = parts.join('');
    if (added.length > 0) {
      if (text !== '' && !text.endsWith('\n')) text += this.eol;
      for (const rec of added) {
        if (rec.note !== '') text += `/* ${rec.note.replace(/\*\//g, '* /')} */${this.eol}`;
        text += `${quote(rec.key)} = ${quote(rec.value)};${this.eol}`;
      }
    }
    return text;
  }

  serialize(): Buffer {
    if (!this.modified && this.original !== null) return Buffer.from(this.original);
    return encodeStrings(this.buildText(), this.encoding, this.bom);
  }
}

function toUnit(rec: Rec): FormatUnit {
  return {
    key: rec.key,
    context: rec.key,
    source: [rec.key],
    target: [rec.value],
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
