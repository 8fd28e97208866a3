// Editable .properties file: an edit replaces one value (continuation lines joined), the rest stays byte for byte.

import type { FormatUnit, NewUnit, ParsedStore, UnitChange } from '../format.js';
import { escapeKey, escapeValue, type EscapeStyle } from './escape.js';
import type { PropertiesEntry } from './parser.js';

export type PropertiesEncoding = 'utf8' | 'latin1';

export interface PropertiesStoreInit {
  text: string;
  entries: PropertiesEntry[];
  eol: string;
  encoding: PropertiesEncoding;
  bom: boolean;
  /** True for the ISO-8859-1 flavour: non-ASCII text is written as \uXXXX. */
  asciiOnly: boolean;
  /** Bytes the store was parsed from; serialize() returns them while nothing changed. */
  original: Uint8Array | null;
}

interface Rec {
  key: string;
  note: string;
  value: string;
  entry: PropertiesEntry | null;
}

const NO_HEADER: Readonly<Record<string, string>> = Object.freeze({});

/** The separator new entries get: the file's most common one, alignment padding reduced to one space. */
function houseSeparator(entries: readonly PropertiesEntry[]): string {
  const counts = new Map<string, number>();
  for (const entry of entries) {
    const m = /^([ \t\f]*)([=:]?)([ \t\f]*)$/.exec(entry.separator);
    if (!m || (m[2] === '' && m[1] === '')) continue;
    const normalized = m[2] === '' ? ' ' : `${m[1] ? ' ' : ''}${m[2]}${m[3] ? ' ' : ''}`;
    counts.set(normalized, (counts.get(normalized) ?? 0) + 1);
  }
  let best = '=';
  let bestCount = 0;
  for (const [separator, count] of counts) {
    if (count > bestCount) [best, bestCount] = [separator, count];
  }
  return best;
}

export class PropertiesStore implements ParsedStore {
  readonly header = NO_HEADER;
  readonly pluralForms = undefined;
  private readonly text: string;
  private readonly eol: string;
  private readonly encoding: PropertiesEncoding;
  private readonly bom: boolean;
  private readonly original: Uint8Array | null;
  private readonly style: EscapeStyle;
  private readonly separator: string;
  private readonly recs: Rec[];
  private readonly deletions: [number, number][] = [];
  private views: FormatUnit[] | null = null;
  private modified = false;

  constructor(init: PropertiesStoreInit) {
    this.text = init.text;
    this.eol = init.eol;
    this.encoding = init.encoding;
    this.bom = init.bom;
    this.original = init.original;
    const firstEscape = /\\u[0-9A-Fa-f]{0,3}[A-Fa-f]/.exec(init.text);
    this.style = {
      asciiOnly: init.asciiOnly,
      lowerHex: firstEscape !== null && /[a-f]/.test(firstEscape[0].slice(2)),
      latin1: init.encoding === 'latin1',
    };
    this.separator = houseSeparator(init.entries);
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
    if (key === '') throw new RangeError('A .properties unit needs a key');
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

  /** .properties files have no header; the call is accepted and ignored. */
  setHeader(): void {}

  private buildText(): string {
    const patches: { start: number; end: number; text: string }[] = this.deletions.map(([start, end]) => ({ start, end, text: '' }));
    const added: Rec[] = [];
    for (const rec of this.recs) {
      const entry = rec.entry;
      if (!entry) {
        added.push(rec);
      } else if (rec.value !== entry.value) {
        // A key written without any separator needs one before its new value.
        const lead = entry.separator === '' && rec.value !== '' ? this.separator : '';
        patches.push({ start: entry.valueStart, end: entry.valueEnd, text: lead + escapeValue(rec.value, this.style) });
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
      if (text !== '' && !/[\r\n]$/.test(text)) text += this.eol;
      for (const rec of added) {
        for (const line of rec.note === '' ? [] : rec.note.split('\n')) text += `# ${line}${this.eol}`;
        text += escapeKey(rec.key, this.style) + this.separator + escapeValue(rec.value, this.style) + this.eol;
      }
    }
    return text;
  }

  serialize(): Buffer {
    if (!this.modified && this.original !== null) return Buffer.from(this.original);
    const body = Buffer.from(this.buildText(), this.encoding);
    return this.bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]) : body;
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
