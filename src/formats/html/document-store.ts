// Editable document (HTML, Markdown) seen as translatable segments; edits are spliced into the original text.

import type { FormatUnit, NewUnit, ParsedStore, UnitChange } from '../format.js';
import { encodeDocument, SegmentKeys } from './document-text.js';

/** One translatable piece of a document, as found by a format's segmenter. */
export interface Segment {
  /** Span of the segment's raw text in the document. */
  start: number;
  end: number;
  /** The text shown to translators: the raw span, minus container prefixes (Markdown "> "). */
  text: string;
  line: number;
  /** Where the text sits, e.g. "<h1>" or "<img alt>"; becomes the unit's note. */
  where: string;
  /** Raw document text that stores `text` in the span (escaping, line prefixes). */
  render(text: string): string;
  /** Wider span removeUnit deletes (the whole element or block) when nothing else lies in it. */
  removeStart?: number;
  removeEnd?: number;
}

/** What a format supplies to place a unit added with addUnit. */
export interface Appended {
  /** Offset in the document where the new text goes; must not precede any segment's end. */
  at: number;
  /** Raw text written before and after the rendered segment, e.g. "<p>" and "</p>\n". */
  before: string;
  after: string;
  render(text: string): string;
}

export interface DocumentSyntax {
  segment(text: string): Segment[];
  append(text: string, lastSegmentEnd: number): Appended;
}

interface Entry {
  start: number;
  end: number;
  removeStart: number;
  removeEnd: number;
  before: string;
  after: string;
  originalRaw: string;
  originalText: string;
  raw: string;
  render: (text: string) => string;
  removed: boolean;
  /** Added by addUnit: occupies no text of the parsed document. */
  added: boolean;
  /** Takes key and source from the template's unit at the same position. */
  aligned: boolean;
  /** Insertion order, to keep units added at the same offset in order. */
  seq: number;
  unit: FormatUnit;
}

export interface DocumentStoreInit {
  text: string;
  bom: boolean;
  /** Bytes returned by serialize() while nothing changed; null for created documents. */
  original: Uint8Array | null;
  syntax: DocumentSyntax;
  /** The source document: segments align with its units by position. */
  template?: ParsedStore | undefined;
  filename?: string | undefined;
}

const NO_HEADER: Readonly<Record<string, string>> = Object.freeze({});

/**
 * A document split into segments. Without a template the document is its own source (target =
 * source = the segment's text). With a template (a translated document), segment i takes the key
 * and source text of the template's unit i, and reads as untranslated when its text equals that
 * source; segments beyond the template's count keep their own hashed key and text as source.
 */
export class DocumentStore implements ParsedStore {
  private readonly text: string;
  private readonly bom: boolean;
  private readonly original: Uint8Array | null;
  private readonly syntax: DocumentSyntax;
  private readonly entries: Entry[] = [];
  private active: Entry[] | null = null;
  private unitViews: FormatUnit[] | null = null;
  private readonly keys = new SegmentKeys();
  private modified = false;
  private seq = 0;

  constructor(init: DocumentStoreInit) {
    this.text = init.text;
    this.bom = init.bom;
    this.original = init.original;
    this.syntax = init.syntax;
    const templateUnits = init.template?.units ?? [];
    const segments = init.syntax.segment(init.text);
    const own: (string | null)[] = segments.map(() => null);
    // Template keys first so that hashed keys of extra segments never repeat one of them.
    for (let i = 0; i < segments.length && i < templateUnits.length; i++) own[i] = this.keys.claim(templateUnits[i]!.key);
    segments.forEach((segment, i) => {
      const key = own[i] ?? this.keys.next(segment.where, segment.text);
      const aligned = i < templateUnits.length;
      const source = aligned ? (templateUnits[i]!.source[0] ?? '') : segment.text;
      const raw = init.text.slice(segment.start, segment.end);
      const location = init.filename ? `${init.filename}:${segment.line}` : String(segment.line);
      this.entries.push({
        start: segment.start,
        end: segment.end,
        removeStart: segment.removeStart ?? segment.start,
        removeEnd: segment.removeEnd ?? segment.end,
        before: '',
        after: '',
        originalRaw: raw,
        originalText: segment.text,
        raw,
        render: segment.render,
        removed: false,
        added: false,
        aligned,
        seq: this.seq++,
        unit: {
          key,
          context: key,
          source: [source],
          target: [aligned && segment.text === source ? '' : segment.text],
          fuzzy: false,
          approved: false,
          note: segment.where,
          comment: '',
          location,
          flags: '',
          previousSource: '',
          obsolete: false,
        },
      });
    });
  }

  get units(): readonly FormatUnit[] {
    this.unitViews ??= this.activeEntries().map((entry) => entry.unit);
    return this.unitViews;
  }

  /** Documents have no header fields. */
  get header(): Readonly<Record<string, string>> {
    return NO_HEADER;
  }

  get pluralForms(): undefined {
    return undefined;
  }

  private activeEntries(): Entry[] {
    this.active ??= this.entries.filter((entry) => !entry.removed);
    return this.active;
  }

  private entryAt(index: number): Entry {
    const entry = Number.isInteger(index) ? this.activeEntries()[index] : undefined;
    if (!entry) throw new RangeError(`Unit index ${index} out of range (0..${this.activeEntries().length - 1})`);
    return entry;
  }

  /** What the document holds for a requested target: untranslated ('') means the source text. */
  private storedText(entry: Entry, target: string): string {
    if (target !== '') return target;
    return entry.aligned ? (entry.unit.source[0] ?? '') : entry.originalText;
  }

  private setText(entry: Entry, text: string): void {
    entry.raw = text === entry.originalText ? entry.originalRaw : entry.render(text);
    // The source stays as parsed (for a source document a reparse shows the edit as the new source).
    const source = entry.unit.source[0] ?? '';
    entry.unit = { ...entry.unit, target: [entry.aligned && text === source ? '' : text] };
  }

  updateUnit(index: number, change: UnitChange): void {
    const entry = this.entryAt(index);
    if (change.target === undefined) return; // no fuzzy or approved state in a document
    if (change.target.length > 1) throw new RangeError(`Unit ${index} is not plural but ${change.target.length} target forms were given`);
    const text = this.storedText(entry, change.target[0] ?? '');
    const current = this.storedText(entry, entry.unit.target[0] ?? '');
    if (text === current) return;
    this.setText(entry, text);
    this.modified = true;
    this.unitViews = null;
  }

  addUnit(unit: NewUnit): void {
    const text = unit.target?.[0] || unit.source[0] || '';
    if (text === '') throw new RangeError('A document segment needs a non-empty text');
    const lastEnd = this.entries.reduce((max, entry) => Math.max(max, entry.removed ? 0 : entry.end), 0);
    const place = this.syntax.append(this.text, lastEnd);
    const key = this.keys.claim(unit.key || unit.context || this.keys.next(unit.note ?? '', text));
    const raw = place.render(text);
    this.entries.push({
      start: place.at,
      end: place.at,
      removeStart: place.at,
      removeEnd: place.at,
      before: place.before,
      after: place.after,
      originalRaw: raw,
      originalText: text,
      raw,
      render: place.render,
      removed: false,
      added: true,
      aligned: false,
      seq: this.seq++,
      unit: {
        key,
        context: key,
        source: [text],
        target: [text],
        fuzzy: false,
        approved: false,
        note: unit.note ?? '',
        comment: unit.comment ?? '',
        location: '',
        flags: '',
        previousSource: '',
        obsolete: false,
      },
    });
    this.modified = true;
    this.active = null;
    this.unitViews = null;
  }

  removeUnit(index: number): void {
    const entry = this.entryAt(index);
    entry.removed = true;
    // The whole element or block goes, unless another segment lives inside it (an attribute).
    const i = this.entries.indexOf(entry);
    const neighbour = (step: number): Entry | undefined => {
      for (let j = i + step; j >= 0 && j < this.entries.length; j += step) {
        const other = this.entries[j]!;
        if (!other.added) return other;
      }
      return undefined;
    };
    const prev = neighbour(-1);
    const next = neighbour(1);
    const prevEnd = prev ? (prev.removed ? prev.removeEnd : prev.end) : 0;
    const nextStart = next ? (next.removed ? next.removeStart : next.start) : this.text.length;
    if (entry.removeStart < prevEnd || entry.removeEnd > nextStart) {
      entry.removeStart = entry.start;
      entry.removeEnd = entry.end;
    }
    this.modified = true;
    this.active = null;
    this.unitViews = null;
  }

  /** Documents have no header; the call is ignored. */
  setHeader(): void {}

  serialize(): Buffer {
    if (!this.modified && this.original !== null) return Buffer.from(this.original);
    const order = [...this.entries].sort((a, b) => a.start - b.start || a.seq - b.seq);
    const parts: string[] = [];
    let cursor = 0;
    for (const entry of order) {
      if (entry.removed && entry.added) continue; // an added unit that was removed again
      const from = Math.max(cursor, entry.removed ? entry.removeStart : entry.start);
      parts.push(this.text.slice(cursor, from));
      if (!entry.removed) parts.push(entry.before, entry.raw, entry.after);
      cursor = Math.max(from, entry.removed ? entry.removeEnd : entry.end);
    }
    parts.push(this.text.slice(cursor));
    return encodeDocument(parts.join(''), this.bom);
  }
}
