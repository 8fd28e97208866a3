// Subtitle files (SubRip, WebVTT) as units: one per cue, keyed by its timing, the cue text spliced into the original file.

import { FormatParseError, type FormatUnit, type NewUnit, type ParsedStore, type ParseOptions, type UnitChange, unitAt } from '../format.js';
import { spliceText, splitUtf8Bom, withUtf8Bom, type TextPatch } from '../text/keyed-text-store.js';

/** Larger files are refused: subtitles of a feature film are well under a megabyte. */
export const MAX_SUBTITLE_BYTES = 32 * 1024 * 1024;

/** A line of the file: [start, end) without its line break, `next` where the following line starts. */
export interface Line {
  start: number;
  end: number;
  next: number;
}

/** A cue as the dialect reads it: where its text lines are and what its timing says. */
export interface CueSpan {
  /** "start --> end" as written in the file, without cue settings: the unit's key and location. */
  timing: string;
  /** End of the timing line: a cue without text gets its first line written after it. */
  timingEnd: number;
  /** Offsets of the cue text in the file (both timingEnd for a cue without text). */
  textStart: number;
  textEnd: number;
  /** What removing the cue deletes: its lines and the blank lines after them. */
  removeStart: number;
  removeEnd: number;
  /** Note shown to translators (WebVTT: the NOTE block right before the cue). */
  note: string;
}

/** How one subtitle syntax reads blocks and writes new cues. */
export interface SubtitleDialect {
  label: string;
  /** Reads the cues of `text`, split into lines; throws FormatParseError for what is not the format. */
  read(text: string, lines: Line[], filename: string | undefined): CueSpan[];
  /** A cue block for a unit added at the end (without the blank line before it), lines joined by `eol`. */
  newCue(timing: string, text: string, eol: string, previous: readonly string[]): string;
  /** The text as the file can hold it: no blank lines inside a cue, nothing the syntax would misread. */
  cueText(text: string): string;
}

export function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  const re = /\r\n|\n|\r/g;
  let at = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    lines.push({ start: at, end: m.index, next: m.index + m[0].length });
    at = m.index + m[0].length;
  }
  if (at < text.length) lines.push({ start: at, end: text.length, next: text.length });
  return lines;
}

export const isBlank = (text: string, line: Line): boolean => /^[ \t]*$/.test(text.slice(line.start, line.end));

/** Groups the lines into blocks: runs of non-blank lines, each with the index of its first and last line. */
export function blocksOf(text: string, lines: Line[]): { first: number; last: number }[] {
  const blocks: { first: number; last: number }[] = [];
  let i = 0;
  while (i < lines.length) {
    if (isBlank(text, lines[i]!)) {
      i++;
      continue;
    }
    const first = i;
    while (i + 1 < lines.length && !isBlank(text, lines[i + 1]!)) i++;
    blocks.push({ first, last: i });
    i++;
  }
  return blocks;
}

/** Where a cue ending at line `last` is removed to: up to the next block (or the end of the file). */
export function removeEndAfter(text: string, lines: Line[], last: number): number {
  let j = last + 1;
  while (j < lines.length && isBlank(text, lines[j]!)) j++;
  return j < lines.length ? lines[j]!.start : text.length;
}

/** Lines without blank ones: a blank line ends a cue. */
export function withoutBlankLines(text: string): string {
  return text
    .split(/\r\n|\n|\r/)
    .filter((line) => !/^[ \t]*$/.test(line))
    .join('\n');
}

interface CueRec {
  key: string;
  span: CueSpan | null;
  original: string;
  current: string;
  /** Added since parsing: written as a new block at the end. */
  added: boolean;
  timing: string;
}

function cueUnit(rec: CueRec, note: string): FormatUnit {
  return {
    key: rec.key,
    context: rec.key,
    source: [rec.key],
    target: [rec.current],
    fuzzy: false,
    approved: false,
    note,
    comment: '',
    location: rec.timing,
    flags: '',
    previousSource: '',
    obsolete: false,
  };
}

/** A subtitle file: every cue a unit keyed by its timing (repeated timings get " (2)", " (3)", ...). */
export class CueStore implements ParsedStore {
  readonly header: Readonly<Record<string, string>> = Object.freeze({});
  readonly pluralForms = undefined;
  private readonly recs: CueRec[] = [];
  /** The note of each rec, by index. */
  private readonly notes: string[] = [];
  private readonly removed: TextPatch[] = [];
  private readonly keys = new Set<string>();
  /** The next " (n)" to try for each repeated timing: a file of many cues at one timing stays linear. */
  private readonly nextSuffix = new Map<string, number>();
  private modified = false;
  private views: FormatUnit[] | null = null;
  private readonly eol: string;

  constructor(
    private readonly dialect: SubtitleDialect,
    private readonly text: string,
    private readonly bom: boolean,
    private readonly original: Uint8Array,
    options: ParseOptions | undefined,
  ) {
    const lines = splitLines(text);
    const crlf = text.indexOf('\r\n');
    const lf = text.indexOf('\n');
    this.eol = crlf >= 0 && crlf < lf ? '\r\n' : '\n';
    for (const span of dialect.read(text, lines, options?.filename)) {
      const value = text.slice(span.textStart, span.textEnd).replace(/\r\n|\r/g, '\n');
      this.push({ key: this.freeKey(span.timing), span, original: value, current: value, added: false, timing: span.timing }, span.note);
    }
  }

  private push(rec: CueRec, note: string): void {
    this.recs.push(rec);
    this.notes.push(note);
    this.keys.add(rec.key);
  }

  private freeKey(timing: string): string {
    if (!this.keys.has(timing)) return timing;
    let n = this.nextSuffix.get(timing) ?? 2;
    while (this.keys.has(`${timing} (${n})`)) n++;
    this.nextSuffix.set(timing, n + 1);
    return `${timing} (${n})`;
  }

  get units(): readonly FormatUnit[] {
    this.views ??= this.recs.map((rec, i) => cueUnit(rec, this.notes[i]!));
    return this.views;
  }

  private rec(index: number): CueRec {
    return unitAt(this.recs, index);
  }

  /** Subtitles have no fuzzy or approved marker: only the text is written. */
  updateUnit(index: number, change: UnitChange): void {
    const rec = this.rec(index);
    if (change.target === undefined) return;
    const value = change.target[0] ?? '';
    rec.current = value === rec.original ? value : this.dialect.cueText(value);
    this.modified = true;
    if (this.views) this.views[index] = cueUnit(rec, this.notes[index]!);
  }

  /** A new cue goes at the end; its timing is the unit's key when that is a timing, else zero. */
  addUnit(unit: NewUnit): void {
    const key = (unit.key || unit.context || unit.source[0] || '').replace(/ \(\d+\)$/, '');
    const timing = key.includes('-->') ? key : '';
    const rec: CueRec = { key: '', span: null, original: '', current: this.dialect.cueText(unit.target?.[0] ?? ''), added: true, timing };
    rec.key = this.freeKey(timing || key || `cue ${this.recs.length + 1}`);
    this.push(rec, unit.note ?? '');
    this.modified = true;
    this.views = null;
  }

  removeUnit(index: number): void {
    const rec = this.rec(index);
    if (rec.span) this.removed.push({ start: rec.span.removeStart, end: rec.span.removeEnd, text: '' });
    this.recs.splice(index, 1);
    this.notes.splice(index, 1);
    this.keys.delete(rec.key);
    this.modified = true;
    this.views = null;
  }

  /** Subtitle files have no header fields to set. */
  setHeader(_name: string, _value: string): void {}

  serialize(): Buffer {
    if (!this.modified) return Buffer.from(this.original);
    const patches: TextPatch[] = [...this.removed];
    for (const rec of this.recs) {
      if (!rec.span || rec.current === rec.original) continue;
      const value = rec.current.replace(/\n/g, this.eol);
      const { timingEnd, textStart, textEnd } = rec.span;
      // The text's lines go with their line break: none left for an empty cue, one added to a cue that had no text.
      if (value === '') patches.push({ start: timingEnd, end: textEnd, text: '' });
      else if (textStart === textEnd) patches.push({ start: timingEnd, end: timingEnd, text: this.eol + value });
      else patches.push({ start: textStart, end: textEnd, text: value });
    }
    // Pieces joined once at the end: added cues never make the file grow by copying (linear in the cues added).
    const parts = [spliceText(this.text, patches)];
    const previous: string[] = [];
    for (const rec of this.recs) {
      if (!rec.added) {
        previous.push(rec.timing);
        continue;
      }
      const block = this.dialect.newCue(rec.timing, rec.current.replace(/\n/g, this.eol), this.eol, previous);
      previous.push(rec.timing);
      const last = parts[parts.length - 1]!;
      parts.push(separatorAfter(last, this.eol, parts.length === 1 && last === ''), block + this.eol);
    }
    return withUtf8Bom(Buffer.from(parts.join(''), 'utf8'), this.bom);
  }
}

/** The length of the line break ending `text` before `end` (2 for CRLF, 1 for LF or CR, 0 for none). */
function breakBefore(text: string, end: number): number {
  const last = text.charCodeAt(end - 1);
  if (last === 10) return text.charCodeAt(end - 2) === 13 ? 2 : 1;
  return last === 13 ? 1 : 0;
}

/**
 * What to write after `last` (the text so far ends with it) so that a block can follow on a blank line: nothing
 * after an empty file, a file that is one line break, or a blank line; otherwise one or two line breaks.
 */
function separatorAfter(last: string, eol: string, empty: boolean): string {
  if (empty) return '';
  const first = breakBefore(last, last.length);
  if (first === 0) return eol + eol;
  const bodyEnd = last.length - first;
  return bodyEnd === 0 || breakBefore(last, bodyEnd) > 0 ? '' : eol;
}

/** Decodes a subtitle file (UTF-8, optional BOM), refusing oversized and undecodable ones. */
export function decodeSubtitle(bytes: Uint8Array, label: string, filename?: string): { text: string; bom: boolean } {
  if (bytes.length > MAX_SUBTITLE_BYTES) throw new FormatParseError(`${label} file is larger than ${MAX_SUBTITLE_BYTES} bytes`, undefined, filename);
  const { bom, body } = splitUtf8Bom(bytes);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw new FormatParseError(`${label} file is not valid UTF-8`, undefined, filename);
  }
  return { text, bom };
}

/** Line number (1-based) of offset `at`. */
export function lineNumberAt(lines: Line[], index: number): number {
  return Math.min(index, lines.length - 1) + 1;
}
