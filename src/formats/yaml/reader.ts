// A YAML reader for the subset translation files use, keeping the offsets and lines of every scalar so edits can splice it.

import { FormatParseError } from '../format.js';
import { decodeBlock, foldPlain, foldQuoted, looksTyped, type Chomp } from './scalars.js';

export type YamlNode = YamlMap | YamlSeq | YamlScalar | YamlOpaque;

export interface YamlMap {
  kind: 'map';
  /** Column of the keys. */
  indent: number;
  entries: YamlEntry[];
  /** Last line (0-based) of the last entry. */
  lastLine: number;
}

export interface YamlEntry {
  key: string;
  keyLine: number;
  /** Offset of the key's first character. */
  keyStart: number;
  keyColumn: number;
  /** The key shares its line with the "- " of a sequence item (first key of a compact mapping). */
  onDashLine: boolean;
  value: YamlNode;
  lastLine: number;
}

export interface YamlSeq {
  kind: 'seq';
  /** Column of the dashes. */
  indent: number;
  items: YamlItem[];
  lastLine: number;
}

export interface YamlItem {
  line: number;
  /** Offset of the "-". */
  dash: number;
  value: YamlNode;
  lastLine: number;
}

/** `null` is an empty value (`key:` with nothing after it, a bare `-`); its span is empty. */
export type ScalarStyle = 'plain' | 'single' | 'double' | 'literal' | 'folded' | 'null';

export interface BlockInfo {
  chomp: Chomp;
  /** What followed the indicators on the header line (spaces and a comment). */
  headerRest: string;
  /** Column of the content lines. */
  contentIndent: number;
}

export interface YamlScalar {
  kind: 'scalar';
  style: ScalarStyle;
  value: string;
  /** Span of the scalar's text (quotes, block header and content lines included; trailing comment excluded). */
  start: number;
  end: number;
  lastLine: number;
  /** A plain scalar that loads as null, a boolean or a number rather than a string. */
  typed: boolean;
  block?: BlockInfo;
}

/** Flow collections (`[a, b]`, `{a: b}`): kept as they are, never units. */
export interface YamlOpaque {
  kind: 'opaque';
  lastLine: number;
}

export interface LineTable {
  /** Offset of each line's first character. */
  starts: number[];
  /** Offset where each line's content ends (before "\r\n" or "\n"). */
  ends: number[];
}

export interface YamlDocument {
  root: YamlNode | null;
  lines: LineTable;
}

function buildLines(text: string): LineTable {
  const starts: number[] = [];
  const ends: number[] = [];
  let at = 0;
  for (;;) {
    const nl = text.indexOf('\n', at);
    starts.push(at);
    if (nl < 0) {
      ends.push(text.length);
      break;
    }
    ends.push(nl > at && text[nl - 1] === '\r' ? nl - 1 : nl);
    at = nl + 1;
  }
  return { starts, ends };
}

const isBlank = (c: string | undefined): boolean => c === ' ' || c === '\t';

const UNKNOWN = -3;
/** Deepest nesting of block collections read; translation files use a handful of levels. */
const MAX_NESTING = 500;
const BLANK = -2;

class YamlReader {
  private readonly starts: number[];
  private readonly ends: number[];
  private readonly count: number;
  /** Next line not consumed by the node parsed last. */
  private li = 0;
  /** Nodes being parsed, innermost last: the parser recurses once per level. */
  private depth = 0;
  /** indentOf() per line, computed once. */
  private readonly indents: Int32Array;

  constructor(
    private readonly text: string,
    readonly lines: LineTable,
    private readonly filename: string | undefined,
  ) {
    this.starts = lines.starts;
    this.ends = lines.ends;
    this.count = lines.starts.length;
    this.indents = new Int32Array(this.count).fill(UNKNOWN);
  }

  private fail(message: string, line: number): never {
    throw new FormatParseError(message, line + 1, this.filename);
  }

  /** Indentation of a line with content: -1 for "---"/"..." markers, null for blank and comment lines. */
  private indentOf(line: number): number | null {
    const cached = this.indents[line]!;
    if (cached !== UNKNOWN) return cached === BLANK ? null : cached;
    const indent = this.measureIndent(line);
    this.indents[line] = indent === null ? BLANK : indent;
    return indent;
  }

  private measureIndent(line: number): number | null {
    const text = this.text;
    const s = this.starts[line]!;
    const e = this.ends[line]!;
    let p = s;
    while (p < e && text[p] === ' ') p++;
    if (p === e || text[p] === '#') return null;
    if (text[p] === '\t') {
      let q = p;
      while (q < e && isBlank(text[q])) q++;
      if (q === e || text[q] === '#') return null;
      this.fail('tab characters must not be used for indentation', line);
    }
    if (p === s && this.isMarker(line)) return -1;
    return p - s;
  }

  /** A "---" or "..." document marker line. */
  private isMarker(line: number): boolean {
    const s = this.starts[line]!;
    const e = this.ends[line]!;
    return (this.text.startsWith('---', s) || this.text.startsWith('...', s)) && (s + 3 === e || isBlank(this.text[s + 3]));
  }

  private nextContent(from: number): number {
    for (let line = from; line < this.count; line++) if (this.indentOf(line) !== null) return line;
    return -1;
  }

  private isDash(offset: number, line: number): boolean {
    return this.text[offset] === '-' && (offset + 1 === this.ends[line] || isBlank(this.text[offset + 1]));
  }

  read(): YamlNode | null {
    let line = this.nextContent(0);
    while (line >= 0 && this.text[this.starts[line]!] === '%') line = this.nextContent(line + 1);
    if (line >= 0 && this.indentOf(line) === -1 && this.text.startsWith('---', this.starts[line]!)) {
      const rest = this.text.slice(this.starts[line]! + 3, this.ends[line]).trim();
      if (rest !== '' && !rest.startsWith('#')) this.fail('content on the "---" line is not supported', line);
      this.li = line + 1;
    }
    const root = this.parseBlockNode(-1);
    const after = this.nextContent(this.li);
    if (after >= 0) {
      const marker = this.indentOf(after) === -1 ? this.text.slice(this.starts[after], this.starts[after]! + 3) : '';
      if (marker === '...' && this.nextContent(after + 1) < 0) return root;
      if (marker !== '') this.fail('multiple documents are not supported', after);
      this.fail('unexpected content (check the indentation)', after);
    }
    return root;
  }

  private parseBlockNode(parentIndent: number): YamlNode | null {
    const line = this.nextContent(this.li);
    if (line < 0) return null;
    const indent = this.indentOf(line)!;
    if (indent <= parentIndent) return null;
    return this.parseNodeAt(line, this.starts[line]! + indent, parentIndent, 'block');
  }

  /** A node starting at `offset`; `context` is where it stands: own line, after "key:", or after "- ". */
  private parseNodeAt(line: number, offset: number, parentIndent: number, context: 'block' | 'value' | 'item'): YamlNode {
    // Every recursion of the parser passes here: a cap turns "- - - …" thousands deep into a parse error, not a stack overflow.
    if (this.depth >= MAX_NESTING) this.fail(`nesting deeper than ${MAX_NESTING} levels`, line);
    this.depth++;
    try {
      return this.parseNodeIn(line, offset, parentIndent, context);
    } finally {
      this.depth--;
    }
  }

  private parseNodeIn(line: number, offset: number, parentIndent: number, context: 'block' | 'value' | 'item'): YamlNode {
    const column = offset - this.starts[line]!;
    if (this.isDash(offset, line)) {
      if (context === 'value') this.fail('a sequence cannot start on the line of its key', line);
      return this.parseSeq(line, column);
    }
    if (context !== 'value' && this.matchKey(line, offset)) return this.parseMap(line, column, context === 'item');
    return this.parseScalar(line, offset, parentIndent);
  }

  /** Recognises `key:` at `offset`; returns the decoded key and the offset after the colon. */
  private matchKey(line: number, offset: number): { key: string; afterColon: number } | null {
    const text = this.text;
    const end = this.ends[line]!;
    const c = text[offset]!;
    if (c === '&' || c === '*') this.fail('anchors and aliases are not supported', line);
    if (c === '!') this.fail('tags are not supported', line);
    if (c === '?' && (offset + 1 === end || isBlank(text[offset + 1]))) this.fail('complex mapping keys are not supported', line);
    if (c === '"' || c === "'") {
      let i = offset + 1;
      for (; i < end; i++) {
        if (c === '"' && text[i] === '\\') i++;
        else if (text[i] === c) {
          if (c === "'" && text[i + 1] === "'") i++;
          else break;
        }
      }
      if (i >= end) return null;
      let q = i + 1;
      while (q < end && isBlank(text[q])) q++;
      if (text[q] !== ':' || !(q + 1 === end || isBlank(text[q + 1]))) return null;
      try {
        return { key: foldQuoted([text.slice(offset + 1, i)], c === '"'), afterColon: q + 1 };
      } catch (e) {
        this.fail((e as Error).message, line);
      }
    }
    if ('[{|>#%@`'.includes(c) || this.isDash(offset, line)) return null;
    for (let q = offset; q < end; q++) {
      const ch = text[q];
      if (ch === '#' && isBlank(text[q - 1])) return null;
      if (ch === ':' && (q + 1 === end || isBlank(text[q + 1]))) {
        const key = text.slice(offset, q).trimEnd();
        if (key === '<<') this.fail('merge keys are not supported', line);
        return key === '' ? null : { key, afterColon: q + 1 };
      }
    }
    return null;
  }

  private parseMap(line: number, column: number, onDash: boolean): YamlMap {
    const map: YamlMap = { kind: 'map', indent: column, entries: [], lastLine: line };
    const seen = new Set<string>();
    let onDashLine = onDash;
    for (;;) {
      const keyStart = this.starts[line]! + column;
      const key = this.matchKey(line, keyStart);
      if (!key) this.fail(this.isDash(keyStart, line) ? 'expected a mapping key, found a sequence item' : 'expected a mapping key', line);
      if (seen.has(key.key)) this.fail(`duplicate key "${key.key}"`, line);
      seen.add(key.key);
      const value = this.parseValue(line, key.afterColon, column);
      map.entries.push({ key: key.key, keyLine: line, keyStart, keyColumn: column, onDashLine, value, lastLine: value.lastLine });
      map.lastLine = value.lastLine;
      onDashLine = false;
      const next = this.nextContent(this.li);
      if (next < 0) break;
      const indent = this.indentOf(next)!;
      if (indent < column) break;
      if (indent > column) this.fail('bad indentation of a mapping entry', next);
      line = next;
    }
    return map;
  }

  /** The value after `key:`: on the same line, on the lines below, or nothing (null). */
  private parseValue(line: number, afterColon: number, mapIndent: number): YamlNode {
    const text = this.text;
    const end = this.ends[line]!;
    let q = afterColon;
    while (q < end && isBlank(text[q])) q++;
    if (q < end && text[q] !== '#') return this.parseNodeAt(line, q, mapIndent, 'value');
    this.li = line + 1;
    const next = this.nextContent(this.li);
    if (next >= 0) {
      const indent = this.indentOf(next)!;
      if (indent > mapIndent) return this.parseNodeAt(next, this.starts[next]! + indent, mapIndent, 'block');
      // A sequence may sit at the indentation of its key (the usual Rails layout).
      if (indent === mapIndent && this.isDash(this.starts[next]! + indent, next)) return this.parseSeq(next, indent);
    }
    return this.nullNode(afterColon, line);
  }

  private nullNode(offset: number, line: number): YamlScalar {
    this.li = line + 1;
    return { kind: 'scalar', style: 'null', value: '', start: offset, end: offset, lastLine: line, typed: true };
  }

  private parseSeq(line: number, column: number): YamlSeq {
    const seq: YamlSeq = { kind: 'seq', indent: column, items: [], lastLine: line };
    for (;;) {
      const dash = this.starts[line]! + column;
      const end = this.ends[line]!;
      let q = dash + 1;
      while (q < end && isBlank(this.text[q])) q++;
      let value: YamlNode | null = null;
      if (q < end && this.text[q] !== '#') {
        value = this.parseNodeAt(line, q, column, 'item');
      } else {
        this.li = line + 1;
        value = this.parseBlockNode(column) ?? this.nullNode(dash + 1, line);
      }
      seq.items.push({ line, dash, value, lastLine: value.lastLine });
      seq.lastLine = value.lastLine;
      const next = this.nextContent(this.li);
      if (next < 0) break;
      const indent = this.indentOf(next)!;
      if (indent < column) break;
      if (indent > column) this.fail('bad indentation of a sequence entry', next);
      // Not a dash: the next key of the mapping this (key-indented) sequence belongs to.
      if (!this.isDash(this.starts[next]! + column, next)) break;
      line = next;
    }
    return seq;
  }

  private parseScalar(line: number, offset: number, parentIndent: number): YamlNode {
    const c = this.text[offset]!;
    if (c === '&' || c === '*') this.fail('anchors and aliases are not supported', line);
    if (c === '!') this.fail('tags are not supported', line);
    if (c === '|' || c === '>') return this.parseBlockScalar(line, offset, parentIndent);
    if (c === '"' || c === "'") return this.parseQuoted(line, offset);
    if (c === '[' || c === '{') return this.parseFlow(line, offset);
    return this.parsePlain(line, offset, parentIndent);
  }

  /** Fails unless only blanks and a comment follow `offset` on the line. */
  private expectLineEnd(line: number, offset: number, what: string): void {
    let q = offset;
    const end = this.ends[line]!;
    while (q < end && isBlank(this.text[q])) q++;
    if (q < end && !(this.text[q] === '#' && q > offset)) this.fail(`unexpected text after ${what}`, line);
  }

  private parseQuoted(line: number, offset: number): YamlScalar {
    const text = this.text;
    const quote = text[offset]!;
    const double = quote === '"';
    const segments: string[] = [];
    let current = line;
    let from = offset + 1;
    let i = from;
    for (;;) {
      const end = this.ends[current]!;
      if (i >= end) {
        segments.push(text.slice(from, end));
        current++;
        if (current >= this.count || this.isMarker(current)) this.fail('unterminated quoted scalar', line);
        from = i = this.starts[current]!;
        continue;
      }
      const ch = text[i];
      if (double && ch === '\\') i += 2;
      else if (ch === quote && !double && text[i + 1] === "'" && i + 1 < end) i += 2;
      else if (ch === quote) break;
      else i++;
    }
    segments.push(text.slice(from, i));
    let value: string;
    try {
      value = foldQuoted(segments, double);
    } catch (e) {
      this.fail((e as Error).message, line);
    }
    this.expectLineEnd(current, i + 1, 'a quoted scalar');
    this.li = current + 1;
    return { kind: 'scalar', style: double ? 'double' : 'single', value, start: offset, end: i + 1, lastLine: current, typed: false };
  }

  /** End of a plain scalar's text on one line (before a comment), and whether a comment follows. */
  private plainLineEnd(line: number, from: number): { end: number; comment: boolean } {
    const text = this.text;
    const end = this.ends[line]!;
    let q = from;
    for (; q < end; q++) {
      const ch = text[q];
      if (ch === '#' && q > from && isBlank(text[q - 1])) break;
      if (ch === ':' && (q + 1 === end || isBlank(text[q + 1]))) this.fail('mapping values are not allowed here', line);
    }
    const comment = q < end;
    while (q > from && isBlank(text[q - 1])) q--;
    return { end: q, comment };
  }

  private parsePlain(line: number, offset: number, parentIndent: number): YamlScalar {
    const text = this.text;
    const first = this.plainLineEnd(line, offset);
    const parts = [text.slice(offset, first.end)];
    let end = first.end;
    let lastLine = line;
    if (!first.comment) {
      let empty = 0;
      for (let k = line + 1; k < this.count; k++) {
        const s = this.starts[k]!;
        const e = this.ends[k]!;
        let q = s;
        while (q < e && isBlank(text[q])) q++;
        if (q === e) {
          empty++;
          continue;
        }
        if (text[q] === '#' || q - s <= parentIndent || this.isMarker(k)) break;
        const next = this.plainLineEnd(k, q);
        for (; empty > 0; empty--) parts.push('');
        parts.push(text.slice(q, next.end));
        end = next.end;
        lastLine = k;
        if (next.comment) break;
      }
    }
    const value = foldPlain(parts);
    this.li = lastLine + 1;
    return { kind: 'scalar', style: 'plain', value, start: offset, end, lastLine, typed: looksTyped(value) };
  }

  private parseBlockScalar(line: number, offset: number, parentIndent: number): YamlScalar {
    const text = this.text;
    const header = /^([|>])(?:([1-9])([-+]?)|([-+])([1-9]?)|)/.exec(text.slice(offset, this.ends[line]))!;
    const headerRest = text.slice(offset + header[0].length, this.ends[line]);
    if (!/^(?:[ \t]+#.*)?[ \t]*$/.test(headerRest)) this.fail('invalid block scalar header', line);
    const chomp = (header[3] || header[4] || '') as Chomp;
    const explicit = header[2] || header[5];
    const base = Math.max(parentIndent, 0);
    let contentIndent = explicit ? base + Number(explicit) : -1;
    const lines: (string | null)[] = [];
    let lastContent = line;
    let lastBlank = line;
    // The empty "line" after a final line break is not a line of the scalar.
    const lineCount = text.endsWith('\n') ? this.count - 1 : this.count;
    for (let k = line + 1; k < lineCount; k++) {
      const s = this.starts[k]!;
      const e = this.ends[k]!;
      let q = s;
      while (q < e && text[q] === ' ') q++;
      const spaces = q - s;
      const blankLine = /^[ \t]*$/.test(text.slice(q, e));
      if (contentIndent < 0) {
        if (blankLine) {
          lines.push(null);
          lastBlank = k;
          continue;
        }
        if (spaces <= parentIndent || this.isMarker(k)) break;
        contentIndent = spaces;
      }
      if (blankLine && spaces <= contentIndent) {
        lines.push(null);
        lastBlank = k;
        continue;
      }
      if (spaces < contentIndent || this.isMarker(k)) break;
      lines.push(text.slice(s + contentIndent, e));
      lastContent = lastBlank = k;
    }
    // Blank lines after the content belong to the scalar only when it keeps its final line breaks.
    const lastLine = chomp === '+' ? lastBlank : lastContent;
    const used = lines.slice(0, lastLine - line);
    const finalBreak = this.ends[lastLine]! < text.length;
    const value = decodeBlock(used, header[1] === '>', chomp, finalBreak);
    this.li = lastLine + 1;
    return {
      kind: 'scalar',
      style: header[1] === '>' ? 'folded' : 'literal',
      value,
      start: offset,
      end: this.ends[lastLine]!,
      lastLine,
      typed: false,
      block: { chomp, headerRest, contentIndent: contentIndent < 0 ? base + 2 : contentIndent },
    };
  }

  private parseFlow(line: number, offset: number): YamlOpaque {
    const text = this.text;
    let depth = 0;
    let current = line;
    let i = offset;
    let quote: string | null = null;
    for (;;) {
      if (i >= this.ends[current]!) {
        current++;
        if (current >= this.count) this.fail('unclosed flow collection', line);
        i = this.starts[current]!;
        continue;
      }
      const ch = text[i]!;
      if (quote) {
        if (quote === '"' && ch === '\\') i++;
        else if (ch === quote) quote = null;
      } else if (ch === '"' || ch === "'") {
        quote = ch;
      } else if (ch === '[' || ch === '{') {
        depth++;
      } else if (ch === ']' || ch === '}') {
        depth--;
        if (depth === 0) break;
      } else if (ch === '#' && isBlank(text[i - 1])) {
        i = this.ends[current]!;
        continue;
      }
      i++;
    }
    this.expectLineEnd(current, i + 1, 'a flow collection');
    this.li = current + 1;
    return { kind: 'opaque', lastLine: current };
  }
}

/** Parses YAML text (without BOM) into its node tree; throws FormatParseError outside the supported subset. */
export function readYaml(text: string, filename?: string): YamlDocument {
  const lines = buildLines(text);
  const root = new YamlReader(text, lines, filename).read();
  return { root, lines };
}
