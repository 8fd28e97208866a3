// Editable document (HTML, Markdown) seen as translatable segments; edits are spliced into the original text.

import { type FormatUnit, type NewUnit, type ParsedStore, type UnitChange, unitAt } from '../format.js';
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
  /** Segments with the same text are one unit (with several locations) instead of numbered duplicates. */
  mergeDuplicates?: boolean;
}

/** One occurrence of a unit's text in the document. */
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
  /** Added by addUnit: occupies no text of the parsed document. */
  added: boolean;
  /** Insertion order, to keep units added at the same offset in order. */
  seq: number;
  group: Group;
}

/** A unit and the places its text occupies. */
interface Group {
  entries: Entry[];
  removed: boolean;
  /** Takes key and source from a unit of the template. */
  aligned: boolean;
  /** The document's text for the unit as parsed (its first occurrence's). */
  originalText: string;
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

/** For each segment of a parsed document, in order, the index of its unit (-1: the unit was removed). */
function segmentUnits(template: ParsedStore | undefined): number[] {
  if (!template) return [];
  if (template instanceof DocumentStore) return template.unitOfSegments();
  return template.units.map((_, i) => i);
}

/**
 * A document split into segments, grouped into units. Without a template the document is its own
 * source (target = source = the segment's text). With a template (a translated document), segment i
 * belongs to the unit of the template's segment i, taking its key and source text, and reads as
 * untranslated when its text equals that source; segments beyond the template's keep their own
 * hashed key and text as source. With mergeDuplicates, segments of equal text are one unit, and
 * writing the unit writes every occurrence.
 */
export class DocumentStore implements ParsedStore {
  private readonly text: string;
  private readonly bom: boolean;
  private readonly original: Uint8Array | null;
  private readonly syntax: DocumentSyntax;
  private readonly entries: Entry[] = [];
  private readonly groups: Group[] = [];
  private active: Group[] | null = null;
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
    const templateOf = segmentUnits(init.template);
    const segments = init.syntax.segment(init.text);
    // Template keys first so that hashed keys of extra segments never repeat one of them.
    const alignedGroups = new Map<number, Group>();
    const ownGroups = new Map<string, Group>();
    const claimed = new Map<number, string>();
    for (const u of templateOf.slice(0, segments.length)) if (u >= 0 && !claimed.has(u)) claimed.set(u, this.keys.claim(templateUnits[u]!.key));
    segments.forEach((segment, i) => {
      const u = i < templateOf.length ? templateOf[i]! : -1;
      const location = init.filename ? `${init.filename}:${segment.line}` : String(segment.line);
      let group = u >= 0 ? alignedGroups.get(u) : init.syntax.mergeDuplicates ? ownGroups.get(segment.text) : undefined;
      if (!group) {
        const aligned = u >= 0;
        const key = aligned ? claimed.get(u)! : this.keys.next(segment.where, segment.text);
        const source = aligned ? (templateUnits[u]!.source[0] ?? '') : segment.text;
        group = {
          entries: [],
          removed: false,
          aligned,
          originalText: segment.text,
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
        };
        if (aligned) alignedGroups.set(u, group);
        else if (init.syntax.mergeDuplicates) ownGroups.set(segment.text, group);
        this.groups.push(group);
      } else {
        group.unit.location = `${group.unit.location}, ${location}`;
      }
      const raw = init.text.slice(segment.start, segment.end);
      const entry: Entry = {
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
        added: false,
        seq: this.seq++,
        group,
      };
      group.entries.push(entry);
      this.entries.push(entry);
    });
  }

  get units(): readonly FormatUnit[] {
    this.unitViews ??= this.activeGroups().map((group) => group.unit);
    return this.unitViews;
  }

  /** Documents have no header fields. */
  get header(): Readonly<Record<string, string>> {
    return NO_HEADER;
  }

  get pluralForms(): undefined {
    return undefined;
  }

  /** For each parsed segment, the index of its unit in `units`, or -1 when the unit was removed. */
  unitOfSegments(): number[] {
    const index = new Map(this.activeGroups().map((group, i) => [group, i]));
    return this.entries.filter((entry) => !entry.added).map((entry) => index.get(entry.group) ?? -1);
  }

  private activeGroups(): Group[] {
    this.active ??= this.groups.filter((group) => !group.removed);
    return this.active;
  }

  private groupAt(index: number): Group {
    return unitAt(this.activeGroups(), index);
  }

  /** What the document holds for a requested target: untranslated ('') means the source text. */
  private storedText(group: Group, target: string): string {
    if (target !== '') return target;
    return group.aligned ? (group.unit.source[0] ?? '') : group.originalText;
  }

  private setText(group: Group, text: string): void {
    for (const entry of group.entries) entry.raw = text === entry.originalText ? entry.originalRaw : entry.render(text);
    // The source stays as parsed (for a source document a reparse shows the edit as the new source).
    const source = group.unit.source[0] ?? '';
    group.unit = { ...group.unit, target: [group.aligned && text === source ? '' : text] };
  }

  updateUnit(index: number, change: UnitChange): void {
    const group = this.groupAt(index);
    if (change.target === undefined) return; // no fuzzy or approved state in a document
    if (change.target.length > 1) throw new RangeError(`Unit ${index} is not plural but ${change.target.length} target forms were given`);
    const text = this.storedText(group, change.target[0] ?? '');
    const current = this.storedText(group, group.unit.target[0] ?? '');
    if (text === current) return;
    this.setText(group, text);
    this.modified = true;
    this.unitViews = null;
  }

  addUnit(unit: NewUnit): void {
    const text = unit.target?.[0] || unit.source[0] || '';
    if (text === '') throw new RangeError('A document segment needs a non-empty text');
    const lastEnd = this.entries.reduce((max, entry) => Math.max(max, entry.group.removed ? 0 : entry.end), 0);
    const place = this.syntax.append(this.text, lastEnd);
    const key = this.keys.claim(unit.key || unit.context || this.keys.next(unit.note ?? '', text));
    const raw = place.render(text);
    const group: Group = {
      entries: [],
      removed: false,
      aligned: false,
      originalText: text,
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
    };
    const entry: Entry = {
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
      added: true,
      seq: this.seq++,
      group,
    };
    group.entries.push(entry);
    this.groups.push(group);
    this.entries.push(entry);
    this.modified = true;
    this.active = null;
    this.unitViews = null;
  }

  removeUnit(index: number): void {
    const group = this.groupAt(index);
    group.removed = true;
    for (const entry of group.entries) this.narrowRemoval(entry);
    this.modified = true;
    this.active = null;
    this.unitViews = null;
  }

  /** The whole element or block goes, unless another segment lives inside it (an attribute). */
  private narrowRemoval(entry: Entry): void {
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
    const prevEnd = prev ? (prev.group.removed ? prev.removeEnd : prev.end) : 0;
    const nextStart = next ? (next.group.removed ? next.removeStart : next.start) : this.text.length;
    if (entry.removeStart < prevEnd || entry.removeEnd > nextStart) {
      entry.removeStart = entry.start;
      entry.removeEnd = entry.end;
    }
  }

  /** Documents have no header; the call is ignored. */
  setHeader(): void {}

  serialize(): Buffer {
    if (!this.modified && this.original !== null) return Buffer.from(this.original);
    const order = [...this.entries].sort((a, b) => a.start - b.start || a.seq - b.seq);
    const parts: string[] = [];
    let cursor = 0;
    for (const entry of order) {
      const removed = entry.group.removed;
      if (removed && entry.added) continue; // an added unit that was removed again
      const from = Math.max(cursor, removed ? entry.removeStart : entry.start);
      parts.push(this.text.slice(cursor, from));
      if (!removed) parts.push(entry.before, entry.raw, entry.after);
      cursor = Math.max(from, removed ? entry.removeEnd : entry.end);
    }
    parts.push(this.text.slice(cursor));
    return encodeDocument(parts.join(''), this.bom);
  }
}
