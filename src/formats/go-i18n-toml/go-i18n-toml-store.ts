// go-i18n v2 TOML files (also Hugo's i18n files): `key = "text"` and `[key]` tables of plural forms, edited in place.
//
// Edits are kept aside and written into the text in one pass when it is needed whole (serialize, removals):
// changing the text string on every edit copied the whole file each time, and writing the translations of a
// 16,000-string file took 11 s.

import { parse as parseToml, TomlError } from 'smol-toml';
import { FormatParseError, type FormatUnit, type NewUnit, type ParsedStore, type ParseOptions, type UnitChange, unitAt } from '../format.js';
import { categoriesOf, CLDR_CATEGORIES, monoUnit, newUnitKey } from '../json/json-store.js';
import { TomlScanner, type TomlEntry, type TomlHeader, type TomlItem } from './toml-scan.js';
import { basicString, tomlKey, tomlString } from './toml-string.js';

/** Larger files are refused: no translation file comes near. */
export const MAX_TOML_BYTES = 16 * 1024 * 1024;
/** Nesting of tables and inline values smol-toml accepts. */
const MAX_DEPTH = 64;
/** Keys that make a table a message rather than a group of nested messages (as go-i18n reads them). */
const RESERVED = new Set(['id', 'description', 'hash', 'leftdelim', 'rightdelim', ...CLDR_CATEGORIES]);

interface Plain {
  kind: 'plain';
  key: string;
  entry: TomlEntry;
}

interface Message {
  kind: 'message';
  key: string;
  path: string[];
  plural: boolean;
  /** Plural forms by category, or [the "other" entry] for singular messages. */
  forms: (TomlEntry | undefined)[];
  description: TomlEntry | undefined;
  /** Every entry of the table, in file order. */
  entries: TomlEntry[];
}

type UnitRecord = Plain | Message;

/** Original literal and decoded value of each string entry: writing the value back restores the literal. */
interface Original {
  raw: string;
  value: string;
}

const joinPath = (path: readonly string[]) => path.join('.');
const lastOf = (path: readonly string[]) => path[path.length - 1]!;

/** A new form line not yet written into the text: `head` (indent, key, separator) and the literal, at `at`. */
interface PendingLine {
  at: number;
  head: string;
  literal: string;
}

/** A change of the text in one pass: `start`..`end` of the text replaced by `text` (an insertion when they are equal). */
interface Splice {
  start: number;
  end: number;
  text: string;
  seq: number;
  /** The entry an inserted line holds, placed by the pass. */
  line?: { entry: TomlEntry; head: string };
}

export class GoI18nTomlStore implements ParsedStore {
  /** The text as of the last pass; `appended` follows it, `pendingValues` and `pendingLines` are not in it yet. */
  private text: string;
  /** Blocks appended at the end since the last pass, with their offsets. */
  private appended: { start: number; text: string }[] = [];
  private length: number;
  /** Entries whose literal changed since the last pass, with the new literal. */
  private readonly pendingValues = new Map<TomlEntry, string>();
  /** Form lines inserted since the last pass (their entries have zero width at `at` until then). */
  private readonly pendingLines = new Map<TomlEntry, PendingLine>();
  /** The inserted lines at each offset, in file order. */
  private readonly linesAt = new Map<number, TomlEntry[]>();
  /** Whether the text has anything but white space (null: not known since a removal: the next append reads it). */
  private hasContent: boolean | null = null;
  /** Whether the file has a table header (null: not known since a removal). */
  private hasTables: boolean | null = null;
  private readonly bom: string;
  private readonly originalBytes: Buffer;
  private modified = false;
  private readonly items: TomlItem[];
  private readonly originals = new Map<TomlEntry, Original>();
  private readonly values = new Map<TomlEntry, string>();
  private readonly records: UnitRecord[];
  private readonly categories: readonly string[];
  private views: FormatUnit[] | null = null;

  constructor(bytes: Uint8Array, options: ParseOptions | undefined) {
    const filename = options?.filename;
    if (bytes.length > MAX_TOML_BYTES) throw new FormatParseError(`file larger than ${MAX_TOML_BYTES} bytes`, undefined, filename);
    this.originalBytes = Buffer.from(bytes);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw new FormatParseError('not valid UTF-8', undefined, filename);
    }
    this.bom = text.startsWith('\uFEFF') ? '\uFEFF' : '';
    this.text = text.slice(this.bom.length);
    this.length = this.text.length;
    this.hasContent = /\S/.test(this.text);
    this.categories = categoriesOf(options);
    let data: Record<string, unknown>;
    try {
      data = parseToml(this.text, { maxDepth: MAX_DEPTH }) as Record<string, unknown>;
    } catch (e) {
      if (e instanceof TomlError) throw new FormatParseError(e.message.split('\n')[0]!, e.line, filename);
      throw new FormatParseError(e instanceof Error ? e.message : String(e), undefined, filename);
    }
    this.items = new TomlScanner(this.text).scan();
    for (const item of this.items) {
      if (item.kind !== 'entry' || !item.isString || item.inArray) continue;
      const value = lookup(data, item.path);
      if (typeof value !== 'string') throw new FormatParseError(`cannot read the value of ${joinPath(item.path)}`, lineOf(this.text, item.start), filename);
      this.values.set(item, value);
      this.originals.set(item, { raw: this.text.slice(item.start, item.end), value });
    }
    this.records = this.collect(this.items);
  }

  /** Plain strings and message tables in file order (a message where its first entry is). */
  private collect(items: readonly TomlItem[]): UnitRecord[] {
    const entries = items.filter((i): i is TomlEntry => i.kind === 'entry' && i.isString && !i.inArray);
    const byTable = new Map<string, TomlEntry[]>();
    for (const e of entries) {
      const table = joinPath(e.path.slice(0, -1));
      const list = byTable.get(table);
      if (list) list.push(e);
      else byTable.set(table, [e]);
    }
    const messages = new Map<string, boolean>();
    const isMessage = (table: string) => {
      let known = messages.get(table);
      if (known === undefined) messages.set(table, (known = table !== '' && byTable.get(table)!.some((e) => RESERVED.has(lastOf(e.path)))));
      return known;
    };
    const records: UnitRecord[] = [];
    const seen = new Set<string>();
    for (const e of entries) {
      const path = e.path.slice(0, -1);
      const table = joinPath(path);
      if (!isMessage(table)) {
        records.push({ kind: 'plain', key: joinPath(e.path), entry: e });
        continue;
      }
      if (seen.has(table)) continue;
      seen.add(table);
      const members = byTable.get(table)!;
      const member = (name: string) => members.find((m) => lastOf(m.path) === name);
      const plural = CLDR_CATEGORIES.some((c) => c !== 'other' && member(c));
      const forms = (plural ? this.categories : ['other']).map(member);
      records.push({ kind: 'message', key: table, path, plural, forms, description: member('description'), entries: members });
    }
    return records;
  }

  private view(r: UnitRecord): FormatUnit {
    const value = (e: TomlEntry | undefined) => (e ? (this.values.get(e) ?? '') : '');
    if (r.kind === 'plain') return monoUnit(r.key, [value(r.entry)]);
    return monoUnit(r.key, r.forms.map(value), value(r.description));
  }

  get units(): readonly FormatUnit[] {
    this.views ??= this.records.map((r) => this.view(r));
    return this.views;
  }

  readonly header: Readonly<Record<string, string>> = {};
  readonly pluralForms = undefined;

  private record(index: number): UnitRecord {
    return unitAt(this.records, index);
  }

  /** TOML has no fuzzy or approved marker: only the target is written. */
  updateUnit(index: number, change: UnitChange): void {
    const r = this.record(index);
    if (change.target === undefined) return;
    if (r.kind === 'plain') this.setValue(r.entry, change.target[0] ?? '');
    else {
      const target = r.plural ? change.target : [change.target[0] ?? ''];
      (r.plural ? this.categories : ['other']).forEach((category, i) => {
        const text = target[i] ?? '';
        const entry = r.forms[i];
        if (entry) this.setValue(entry, text);
        else if (text !== '') r.forms[i] = this.insertForm(r, category, text, i);
      });
    }
    if (this.views) this.views[index] = this.view(r);
  }

  private setValue(entry: TomlEntry, value: string): void {
    if (this.values.get(entry) === value) return;
    const original = this.originals.get(entry);
    const line = this.pendingLines.get(entry);
    const current = line?.literal ?? this.pendingValues.get(entry) ?? this.chars(entry.start, entry.end);
    const literal = original && original.value === value ? original.raw : tomlString(value, current);
    this.values.set(entry, value);
    this.modified = true;
    if (line) line.literal = literal;
    else this.pendingValues.set(entry, literal);
  }

  /** Text of the current file between two offsets that lie in the last pass's text or in one appended block. */
  private chars(start: number, end: number): string {
    if (end <= this.text.length) return this.text.slice(start, end);
    for (let i = this.appended.length - 1; i >= 0; i--) {
      const b = this.appended[i]!;
      if (start >= b.start) return b.text.slice(start - b.start, end - b.start);
    }
    return this.whole().slice(start, end);
  }

  /** The last `n` characters of the current file (edits in place never change them: literals end with a quote). */
  private tail(n: number): string {
    let out = '';
    for (let i = this.appended.length - 1; i >= 0 && out.length < n; i--) out = this.appended[i]!.text + out;
    if (out.length < n) out = this.text.slice(Math.max(0, this.text.length - (n - out.length))) + out;
    return out.slice(-n);
  }

  /** Appends text at the end (no offset moves). */
  private append(text: string): void {
    if (text === '') return;
    this.appended.push({ start: this.length, text });
    this.length += text.length;
    this.modified = true;
    if (/\S/.test(text)) this.hasContent = true;
  }

  /** A new form line beside the closest existing one, in the same indentation and alignment. */
  private insertForm(r: Message, category: string, text: string, i: number): TomlEntry {
    let neighbour: TomlEntry | undefined;
    let after = true;
    for (let j = i - 1; j >= 0 && !neighbour; j--) neighbour = r.forms[j];
    if (!neighbour) {
      after = false;
      for (let j = i + 1; j < r.forms.length && !neighbour; j++) neighbour = r.forms[j];
    }
    if (!neighbour) {
      neighbour = r.entries[r.entries.length - 1]!;
      after = true;
    }
    const prefix = neighbour.keyText.slice(0, neighbour.lastKeyAt);
    const keyText = prefix + category;
    const sep = alignedSep(neighbour, keyText);
    const literal = basicString(text);
    const at = after ? this.lineEndFor(neighbour) : neighbour.lineStart;
    // Zero width at `at` until the next pass writes the line (and puts the entry in file order).
    const entry: TomlEntry = {
      kind: 'entry',
      path: [...r.path, category],
      inArray: false,
      isString: true,
      lineStart: at,
      lineEnd: at,
      start: at,
      end: at,
      indent: neighbour.indent,
      keyText,
      lastKeyAt: prefix.length,
      sep,
    };
    this.pendingLines.set(entry, { at, head: `${neighbour.indent}${keyText}${sep}`, literal });
    // Lines inserted at one offset lie between the line that ends there and the one that starts there.
    const lines = this.linesAt.get(at) ?? [];
    const beside = lines.indexOf(neighbour);
    if (beside >= 0) lines.splice(after ? beside + 1 : beside, 0, entry);
    else if (after) lines.unshift(entry);
    else lines.push(entry);
    this.linesAt.set(at, lines);
    this.items.push(entry);
    r.entries.push(entry);
    this.values.set(entry, text);
    this.modified = true;
    return entry;
  }

  /** Where a line after `entry` goes: after its line break (one is added when the file ends without). */
  private lineEndFor(entry: TomlEntry): number {
    if (entry.lineEnd === this.length && !this.pendingLines.has(entry) && this.tail(1) !== '\n') {
      this.append('\n');
      entry.lineEnd++;
    }
    return entry.lineEnd;
  }

  addUnit(unit: NewUnit): void {
    const key = newUnitKey(unit);
    const plural = (unit.target?.length ?? 0) > 1 || unit.source.length > 1;
    const parts = key.split('.');
    const note = unit.note ?? '';
    let block: string;
    if (plural || note !== '') {
      const forms = plural ? this.categories.map((c, i) => [c, unit.target?.[i] ?? ''] as const) : [['other', unit.target?.[0] ?? ''] as const];
      const lines = [`[${parts.map(tomlKey).join('.')}]`, ...(note !== '' ? [`description = ${basicString(note)}`] : []), ...forms.map(([c, t]) => `${c} = ${basicString(t)}`)];
      block = this.appendBlock(lines.join('\n') + '\n');
    } else {
      block = this.insertPlain(parts, unit.target?.[0] ?? '');
    }
    // The appended block starts with its own table (or is top-level in a file without tables): read on its own.
    const start = this.length - block.length;
    const data = parseToml(block, { maxDepth: MAX_DEPTH }) as Record<string, unknown>;
    const added = new TomlScanner(block).scan();
    for (const item of added) {
      item.lineStart += start;
      item.lineEnd += start;
      if (item.kind !== 'entry') continue;
      item.start += start;
      item.end += start;
      const value = lookup(data, item.path);
      if (typeof value === 'string') this.values.set(item, value);
    }
    this.items.push(...added);
    if (added.some((i) => i.kind === 'header')) this.hasTables = true;
    this.records.push(...this.collect(added));
    this.views = null;
  }

  /**
   * New units go last, so that file order stays the order units were added in: a `key = "value"` line while the
   * file has no tables, else (TOML allows no top-level key after a table) a `[key]` table with its "other" form,
   * which go-i18n and Hugo read as the same message.
   */
  private insertPlain(parts: string[], value: string): string {
    this.hasTables ??= this.items.some((i) => i.kind === 'header');
    if (this.hasTables || parts.length > 1) return this.appendBlock(`[${parts.map(tomlKey).join('.')}]\nother = ${basicString(value)}\n`);
    return this.appendBlock(`${tomlKey(parts[0]!)} = ${basicString(value)}\n`, false);
  }

  /** Entries after a header, up to the next header. */
  private regionOf(header: TomlHeader): TomlEntry[] {
    const at = this.items.indexOf(header);
    const out: TomlEntry[] = [];
    for (let i = at + 1; i < this.items.length && this.items[i]!.kind === 'entry'; i++) out.push(this.items[i] as TomlEntry);
    return out;
  }

  /** Appends lines at the end of the file, after a blank line when `separate` and the file has content; returns what it appended. */
  private appendBlock(block: string, separate = true): string {
    this.hasContent ??= /\S/.test(this.whole());
    let lead = '';
    const tail = this.tail(2);
    if (this.length > 0 && !tail.endsWith('\n')) lead = '\n';
    if (separate && this.hasContent && !(lead + tail).endsWith('\n\n')) lead += '\n';
    this.append(lead + block);
    return lead + block;
  }

  removeUnit(index: number): void {
    this.writePending();
    const r = this.record(index);
    const entries = r.kind === 'plain' ? [r.entry] : [...r.entries].sort((a, b) => b.lineStart - a.lineStart);
    if (r.kind === 'message') {
      // The table's header goes too when the message was all the table held.
      const header = this.items.find((i): i is TomlHeader => i.kind === 'header' && !i.array && joinPath(i.path) === r.key);
      if (header && this.regionOf(header).every((e) => r.entries.includes(e))) {
        const region = this.regionOf(header);
        const end = region.length > 0 ? region[region.length - 1]!.lineEnd : header.lineEnd;
        this.dropItems([header, ...region]);
        this.replace(header.lineStart, end, '');
        this.records.splice(index, 1);
        this.views?.splice(index, 1);
        return;
      }
    }
    for (const e of entries) {
      this.dropItems([e]);
      this.replace(e.lineStart, e.lineEnd, '');
    }
    this.records.splice(index, 1);
    this.views?.splice(index, 1);
  }

  private dropItems(items: TomlItem[]): void {
    for (const item of items) {
      const at = this.items.indexOf(item);
      if (at >= 0) this.items.splice(at, 1);
    }
    this.hasTables = null;
  }

  /** The whole current text, every pending edit written. */
  private whole(): string {
    this.writePending();
    return this.text;
  }

  /**
   * Writes the appended blocks, the changed literals and the inserted lines into the text in one pass, and moves
   * every offset by what was written before it: an offset that begins something moves with an insertion at it, one
   * that ends something there stays; both move with a replacement that ends at them.
   */
  private writePending(): void {
    if (this.appended.length) {
      this.text += this.appended.map((b) => b.text).join('');
      this.appended = [];
    }
    if (this.pendingValues.size === 0 && this.pendingLines.size === 0) return;
    const splices: Splice[] = [];
    for (const [entry, literal] of this.pendingValues) splices.push({ start: entry.start, end: entry.end, text: literal, seq: -1 });
    for (const [at, entries] of this.linesAt) {
      entries.forEach((entry, seq) => {
        const line = this.pendingLines.get(entry)!;
        splices.push({ start: at, end: at, text: `${line.head}${line.literal}\n`, seq, line: { entry, head: line.head } });
      });
    }
    this.pendingValues.clear();
    this.pendingLines.clear();
    this.linesAt.clear();
    splices.sort((a, b) => a.start - b.start || a.seq - b.seq);
    // Offsets of the old text, moved: prefix sums of the shifts by where each splice ends.
    const byEnd = splices.map((sp) => ({ end: sp.end, delta: sp.text.length - (sp.end - sp.start), insertion: sp.line !== undefined }));
    byEnd.sort((a, b) => a.end - b.end || Number(a.insertion) - Number(b.insertion));
    const ends = byEnd.map((x) => x.end);
    const sums = [0];
    for (const x of byEnd) sums.push(sums[sums.length - 1]! + x.delta);
    // The replacements ending at an offset come before the insertions there (sorted so): an end moves with those alone.
    const replacedUpTo = (v: number) => {
      let lo = upperBound(ends, v - 1);
      while (lo < byEnd.length && byEnd[lo]!.end === v && !byEnd[lo]!.insertion) lo++;
      return lo;
    };
    const moveStart = (v: number) => v + sums[upperBound(ends, v)]!;
    const moveEnd = (v: number) => v + sums[replacedUpTo(v)]!;
    const placed = new Set<TomlEntry>(splices.filter((sp) => sp.line).map((sp) => sp.line!.entry));
    for (const item of this.items) {
      if (item.kind === 'entry' && placed.has(item)) continue;
      item.lineStart = moveStart(item.lineStart);
      item.lineEnd = moveEnd(item.lineEnd);
      if (item.kind === 'entry') {
        item.start = moveStart(item.start);
        item.end = moveEnd(item.end);
      }
    }
    const out: string[] = [];
    let from = 0;
    let written = 0;
    for (const sp of splices) {
      const kept = this.text.slice(from, sp.start);
      out.push(kept, sp.text);
      written += kept.length;
      if (sp.line) {
        const e = sp.line.entry;
        e.lineStart = written;
        e.lineEnd = written + sp.text.length;
        e.start = written + sp.line.head.length;
        e.end = e.lineEnd - 1;
      }
      written += sp.text.length;
      from = sp.end;
    }
    out.push(this.text.slice(from));
    this.text = out.join('');
    this.length = this.text.length;
    if (placed.size) this.items.sort((a, b) => a.lineStart - b.lineStart || (a.kind === 'entry' ? a.start : -1) - (b.kind === 'entry' ? b.start : -1));
  }

  /** Replaces text in place and moves every offset behind it (only with nothing pending: removals write it first). */
  private replace(start: number, end: number, text: string): void {
    this.text = this.text.slice(0, start) + text + this.text.slice(end);
    this.length = this.text.length;
    this.modified = true;
    this.hasContent = null;
    const delta = text.length - (end - start);
    if (delta === 0) return;
    const move = (v: number) => (v >= end ? v + delta : v);
    for (const item of this.items) {
      item.lineStart = move(item.lineStart);
      item.lineEnd = move(item.lineEnd);
      if (item.kind === 'entry') {
        item.start = move(item.start);
        item.end = move(item.end);
      }
    }
  }

  setHeader(_name: string, _value: string): void {}

  serialize(): Buffer {
    if (!this.modified) return Buffer.from(this.originalBytes);
    return Buffer.from(this.bom + this.whole(), 'utf8');
  }
}

/** How many of the sorted `values` are at most `v`. */
function upperBound(values: readonly number[], v: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid]! <= v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The separator for a new key beside `neighbour`: aligned to the same column when the file aligns its `=`. */
function alignedSep(neighbour: TomlEntry, keyText: string): string {
  const rest = neighbour.sep.trimStart();
  const column = neighbour.keyText.length + neighbour.sep.length - rest.length;
  const pad = neighbour.sep.length - rest.length > 1 ? Math.max(1, column - keyText.length) : neighbour.sep.length - rest.length;
  return ' '.repeat(pad) + rest;
}

function lookup(data: unknown, path: readonly string[]): unknown {
  let node = data;
  for (const part of path) {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return undefined;
    node = Object.prototype.hasOwnProperty.call(node, part) ? (node as Record<string, unknown>)[part] : undefined;
  }
  return node;
}

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
