// Reads Apple .strings text into entries that remember where their value and their lines sit in the text.

import { FormatParseError } from '../format.js';
import { unescapeStrings } from './escape.js';

export interface StringsEntry {
  key: string;
  value: string;
  /** Comments directly above the entry (no blank line between), markers stripped. */
  note: string;
  /** Span of the value token (quotes included); for a `"key";` entry an empty span after the key. */
  valueStart: number;
  valueEnd: number;
  /** `"key";` without a value: the key is its own value. */
  keyOnly: boolean;
  /** What removing the entry deletes: its comments and its line(s), line break included. */
  removeStart: number;
  removeEnd: number;
}

export interface ParsedStrings {
  entries: StringsEntry[];
  eol: '\n' | '\r\n';
}

/** Characters Apple's property-list reader accepts in an unquoted string. */
const UNQUOTED = /[A-Za-z0-9_$+/:.-]/;

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

interface Token {
  value: string;
  start: number;
  end: number;
}

class StringsReader {
  private pos = 0;
  /** Comments seen since the last entry or blank line, for the next entry's note. */
  private pending: { text: string; start: number }[] = [];
  private lastEntryEnd = -1;

  constructor(
    private readonly text: string,
    private readonly filename: string | undefined,
  ) {}

  private fail(message: string, offset: number): never {
    throw new FormatParseError(message, lineOf(this.text, offset), this.filename);
  }

  /** Skips whitespace and comments, collecting comments that may document the next entry. */
  private skipTrivia(): void {
    const text = this.text;
    while (this.pos < text.length) {
      const c = text[this.pos]!;
      if (c === '\n') {
        this.pos++;
        // A blank line detaches the comments above it from the next entry.
        if (this.pending.length > 0) {
          let q = this.pos;
          while (text[q] === ' ' || text[q] === '\t' || text[q] === '\r') q++;
          if (text[q] === '\n') this.pending = [];
        }
      } else if (c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\v' || c === '\ufeff') {
        this.pos++;
      } else if (c === '/' && text[this.pos + 1] === '*') {
        const end = text.indexOf('*/', this.pos + 2);
        if (end < 0) this.fail('unclosed /* comment', this.pos);
        this.comment(text.slice(this.pos + 2, end), this.pos);
        this.pos = end + 2;
      } else if (c === '/' && text[this.pos + 1] === '/') {
        let end = text.indexOf('\n', this.pos);
        if (end < 0) end = text.length;
        this.comment(text.slice(this.pos + 2, end), this.pos);
        this.pos = end;
      } else {
        return;
      }
    }
  }

  private comment(body: string, start: number): void {
    // A comment on the line of the previous entry belongs to that entry, not to the next one.
    if (this.lastEntryEnd >= 0) {
      const nl = this.text.indexOf('\n', this.lastEntryEnd);
      if (nl < 0 || nl > start) return;
    }
    if (!body.includes('\n')) {
      this.pending.push({ text: body.trim(), start });
      return;
    }
    const lines = body.replace(/\r/g, '').split('\n').map((line) => line.trim());
    while (lines.length > 0 && lines[0] === '') lines.shift();
    while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
    this.pending.push({ text: lines.join('\n'), start });
  }

  private token(what: string): Token {
    const text = this.text;
    const start = this.pos;
    if (text[start] === '"') {
      let i = start + 1;
      for (;;) {
        const c = text[i];
        if (c === undefined) this.fail(`unterminated string in ${what}`, start);
        if (c === '\\') i += 2;
        else if (c === '"') break;
        else i++;
      }
      this.pos = i + 1;
      try {
        return { value: unescapeStrings(text.slice(start + 1, i)), start, end: this.pos };
      } catch (e) {
        this.fail(`${(e as Error).message} in ${what}`, start);
      }
    }
    let i = start;
    while (i < text.length && UNQUOTED.test(text[i]!)) i++;
    if (i === start) {
      const found = text[start] === undefined ? 'end of file' : `'${text[start]}'`;
      this.fail(`expected a quoted string as ${what}, found ${found}`, start);
    }
    this.pos = i;
    return { value: text.slice(start, i), start, end: i };
  }

  private expect(char: string, after: string): void {
    if (this.text[this.pos] !== char) {
      const found = this.pos >= this.text.length ? 'end of file' : `'${this.text[this.pos]}'`;
      this.fail(`expected '${char}' after ${after}, found ${found}`, this.pos);
    }
    this.pos++;
  }

  private lineStartBefore(offset: number): number {
    let i = offset;
    while (i > 0 && (this.text[i - 1] === ' ' || this.text[i - 1] === '\t')) i--;
    return i === 0 || this.text[i - 1] === '\n' ? i : offset;
  }

  private lineEndAfter(offset: number): number {
    let q = offset;
    while (this.text[q] === ' ' || this.text[q] === '\t') q++;
    if (this.text[q] === '\r' && this.text[q + 1] === '\n') return q + 2;
    return this.text[q] === '\n' ? q + 1 : offset;
  }

  read(): StringsEntry[] {
    const entries: StringsEntry[] = [];
    const seen = new Set<string>();
    for (;;) {
      this.skipTrivia();
      if (this.pos >= this.text.length) break;
      const comments = this.pending;
      this.pending = [];
      const key = this.token('key');
      this.skipTrivia();
      let value: Token;
      let keyOnly = false;
      if (this.text[this.pos] === ';') {
        keyOnly = true;
        value = { value: key.value, start: key.end, end: key.end };
      } else {
        this.expect('=', `key "${key.value}"`);
        this.skipTrivia();
        value = this.token(`the value of "${key.value}"`);
        this.skipTrivia();
      }
      this.expect(';', `the value of "${key.value}"`);
      if (seen.has(key.value)) this.fail(`duplicate key "${key.value}"`, key.start);
      seen.add(key.value);
      this.pending = [];
      this.lastEntryEnd = this.pos;
      const first = comments.length > 0 ? comments[0]!.start : key.start;
      entries.push({
        key: key.value,
        value: value.value,
        note: comments.map((c) => c.text).join('\n'),
        valueStart: value.start,
        valueEnd: value.end,
        keyOnly,
        removeStart: this.lineStartBefore(first),
        removeEnd: this.lineEndAfter(this.pos),
      });
    }
    return entries;
  }
}

export function parseStringsText(text: string, filename?: string): ParsedStrings {
  const entries = new StringsReader(text, filename).read();
  const firstBreak = text.indexOf('\n');
  return { entries, eol: firstBreak > 0 && text[firstBreak - 1] === '\r' ? '\r\n' : '\n' };
}
