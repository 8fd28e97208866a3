// go-i18n v2 TOML files (also Hugo's i18n files): `key = "text"` and `[key]` tables of plural forms, edited in place.

import { parse as parseToml, TomlError } from 'smol-toml';
import { FormatParseError, type FormatUnit, type NewUnit, type ParsedStore, type ParseOptions, type UnitChange } from '../format.js';
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

export class GoI18nTomlStore implements ParsedStore {
  private text: string;
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
    const r = Number.isInteger(index) ? this.records[index] : undefined;
    if (!r) throw new RangeError(`Unit index ${index} out of range (0..${this.records.length - 1})`);
    return r;
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
    const literal = original && original.value === value ? original.raw : tomlString(value, this.text.slice(entry.start, entry.end));
    this.values.set(entry, value);
    this.replace(entry.start, entry.end, literal);
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
    const line = `${neighbour.indent}${keyText}${sep}${literal}\n`;
    this.replace(at, at, line);
    const start = at + neighbour.indent.length + keyText.length + sep.length;
    const entry: TomlEntry = {
      kind: 'entry',
      path: [...r.path, category],
      inArray: false,
      isString: true,
      lineStart: at,
      lineEnd: at + line.length,
      start,
      end: start + literal.length,
      indent: neighbour.indent,
      keyText,
      lastKeyAt: prefix.length,
      sep,
    };
    this.track(entry);
    r.entries.push(entry);
    this.values.set(entry, text);
    return entry;
  }

  /** Where a line after `entry` goes: after its line break (one is added when the file ends without). */
  private lineEndFor(entry: TomlEntry): number {
    if (entry.lineEnd === this.text.length && !this.text.endsWith('\n')) {
      this.replace(this.text.length, this.text.length, '\n', true);
      entry.lineEnd++;
    }
    return entry.lineEnd;
  }

  addUnit(unit: NewUnit): void {
    const key = newUnitKey(unit);
    const plural = (unit.target?.length ?? 0) > 1 || unit.source.length > 1;
    const parts = key.split('.');
    const note = unit.note ?? '';
    const start = this.text.length;
    if (plural || note !== '') {
      const forms = plural ? this.categories.map((c, i) => [c, unit.target?.[i] ?? ''] as const) : [['other', unit.target?.[0] ?? ''] as const];
      const lines = [`[${parts.map(tomlKey).join('.')}]`, ...(note !== '' ? [`description = ${basicString(note)}`] : []), ...forms.map(([c, t]) => `${c} = ${basicString(t)}`)];
      this.appendBlock(lines.join('\n') + '\n');
    } else {
      this.insertPlain(parts, unit.target?.[0] ?? '');
    }
    // The appended block starts with its own table (or is top-level in a file without tables): read on its own.
    const block = this.text.slice(start);
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
    this.records.push(...this.collect(added));
    this.views = null;
  }

  /**
   * New units go last, so that file order stays the order units were added in: a `key = "value"` line while the
   * file has no tables, else (TOML allows no top-level key after a table) a `[key]` table with its "other" form,
   * which go-i18n and Hugo read as the same message.
   */
  private insertPlain(parts: string[], value: string): void {
    const hasTables = this.items.some((i) => i.kind === 'header');
    if (hasTables || parts.length > 1) this.appendBlock(`[${parts.map(tomlKey).join('.')}]\nother = ${basicString(value)}\n`);
    else this.appendBlock(`${tomlKey(parts[0]!)} = ${basicString(value)}\n`, false);
  }

  /** Entries after a header, up to the next header. */
  private regionOf(header: TomlHeader): TomlEntry[] {
    const at = this.items.indexOf(header);
    const out: TomlEntry[] = [];
    for (let i = at + 1; i < this.items.length && this.items[i]!.kind === 'entry'; i++) out.push(this.items[i] as TomlEntry);
    return out;
  }

  /** Appends lines at the end of the file, after a blank line when `separate` and the file has content. */
  private appendBlock(block: string, separate = true): void {
    let lead = '';
    if (this.text.length > 0 && !this.text.endsWith('\n')) lead = '\n';
    if (separate && this.text.trim() !== '' && !(lead + this.text).endsWith('\n\n')) lead += '\n';
    this.replace(this.text.length, this.text.length, lead + block, true);
  }

  removeUnit(index: number): void {
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
  }

  private track(entry: TomlEntry): void {
    const at = this.items.findIndex((i) => (i.kind === 'entry' ? i.lineStart : i.lineStart) > entry.lineStart || (i.kind === 'entry' && i.lineStart === entry.lineStart && i !== entry && i.start > entry.start));
    this.items.splice(at < 0 ? this.items.length : at, 0, entry);
  }

  /**
   * Replaces text and moves every offset behind it. An insertion (start === end) moves offsets at
   * `start` that begin something and leaves those that end something before it; `atEnd` marks an
   * append after everything.
   */
  private replace(start: number, end: number, text: string, atEnd = false): void {
    this.text = this.text.slice(0, start) + text + this.text.slice(end);
    this.modified = true;
    const delta = text.length - (end - start);
    if (delta === 0 || atEnd) return;
    const insertion = start === end;
    const moveStart = (v: number) => (v >= end ? v + delta : v);
    const moveEnd = (v: number) => (v > end || (v === end && !insertion) ? v + delta : v);
    for (const item of this.items) {
      item.lineStart = moveStart(item.lineStart);
      item.lineEnd = moveEnd(item.lineEnd);
      if (item.kind === 'entry') {
        item.start = moveStart(item.start);
        item.end = moveEnd(item.end);
      }
    }
  }

  setHeader(_name: string, _value: string): void {}

  serialize(): Buffer {
    if (!this.modified) return Buffer.from(this.originalBytes);
    return Buffer.from(this.bom + this.text, 'utf8');
  }
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
