// Reads Java .properties text the way Properties.load() does, remembering where each key's value sits.

import { FormatParseError } from '../format.js';

export interface PropertiesEntry {
  key: string;
  value: string;
  /** `#`/`!` comment lines directly above the entry (no blank line between), markers stripped. */
  note: string;
  /** Text between the key and the value (e.g. " = "), continuation lines included. */
  separator: string;
  /** Span of the value up to the end of its logical line (line breaks of continuations included). */
  valueStart: number;
  valueEnd: number;
  /** What removing the entry deletes: its comments and its lines, last line break included. */
  removeStart: number;
  removeEnd: number;
}

export interface ParsedProperties {
  entries: PropertiesEntry[];
  eol: '\n' | '\r\n' | '\r';
}

const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\f';
const isBreak = (c: string | undefined): boolean => c === '\n' || c === '\r';

const ESCAPES: Record<string, string> = { t: '\t', n: '\n', r: '\r', f: '\f' };

class PropertiesReader {
  private pos = 0;
  private line = 1;

  constructor(
    private readonly text: string,
    private readonly filename: string | undefined,
  ) {}

  private fail(message: string, line = this.line): never {
    throw new FormatParseError(message, line, this.filename);
  }

  /** Consumes one line break at `pos`, if any. */
  private skipBreak(): boolean {
    const c = this.text[this.pos];
    if (c === '\r') {
      this.pos += this.text[this.pos + 1] === '\n' ? 2 : 1;
    } else if (c === '\n') {
      this.pos++;
    } else {
      return false;
    }
    this.line++;
    return true;
  }

  /** A backslash right before a line break (or the end) continues the logical line on the next one. */
  private continuation(): boolean {
    if (this.text[this.pos] !== '\\') return false;
    const next = this.text[this.pos + 1];
    if (next !== undefined && !isBreak(next)) return false;
    this.pos++;
    this.skipBreak();
    while (isSpace(this.text[this.pos])) this.pos++;
    return true;
  }

  /** Decodes the escape at `pos` (a backslash that is not a continuation). */
  private escape(): string {
    const c = this.text[this.pos + 1]!;
    if (c === 'u') {
      const hex = this.text.slice(this.pos + 2, this.pos + 6);
      if (!/^[0-9A-Fa-f]{4}$/.test(hex)) this.fail('malformed \\uXXXX escape');
      this.pos += 6;
      return String.fromCharCode(parseInt(hex, 16));
    }
    this.pos += 2;
    return ESCAPES[c] ?? c;
  }

  private skipSpaces(): void {
    for (;;) {
      while (isSpace(this.text[this.pos])) this.pos++;
      if (!this.continuation()) return;
    }
  }

  private readEntry(note: string, removeStart: number): PropertiesEntry {
    const text = this.text;
    let key = '';
    for (;;) {
      const c = text[this.pos];
      if (c === undefined || isBreak(c) || c === '=' || c === ':' || isSpace(c)) break;
      if (c === '\\') {
        if (!this.continuation()) key += this.escape();
      } else {
        key += c;
        this.pos++;
      }
    }
    const keyEnd = this.pos;
    this.skipSpaces();
    if (text[this.pos] === '=' || text[this.pos] === ':') {
      this.pos++;
      this.skipSpaces();
    }
    const valueStart = this.pos;
    let value = '';
    for (;;) {
      const c = text[this.pos];
      if (c === undefined || isBreak(c)) break;
      if (c === '\\') {
        if (!this.continuation()) value += this.escape();
      } else {
        value += c;
        this.pos++;
      }
    }
    const valueEnd = this.pos;
    this.skipBreak();
    return {
      key,
      value,
      note,
      separator: text.slice(keyEnd, valueStart),
      valueStart,
      valueEnd,
      removeStart,
      removeEnd: this.pos,
    };
  }

  read(): PropertiesEntry[] {
    const text = this.text;
    const entries: PropertiesEntry[] = [];
    const seen = new Map<string, number>();
    let comments: string[] = [];
    let commentStart = -1;
    while (this.pos < text.length) {
      const lineStart = this.pos;
      while (isSpace(text[this.pos])) this.pos++;
      const c = text[this.pos];
      if (c === undefined || isBreak(c)) {
        comments = [];
        this.skipBreak();
        continue;
      }
      if (c === '#' || c === '!') {
        let end = this.pos;
        while (end < text.length && !isBreak(text[end])) end++;
        if (comments.length === 0) commentStart = lineStart;
        comments.push(text.slice(this.pos, end).replace(/^[#!]+ ?/, '').trimEnd());
        this.pos = end;
        this.skipBreak();
        continue;
      }
      const line = this.line;
      const entry = this.readEntry(comments.join('\n'), comments.length > 0 ? commentStart : lineStart);
      comments = [];
      const previous = seen.get(entry.key);
      if (previous !== undefined) this.fail(`duplicate key "${entry.key}" (first defined on line ${previous})`, line);
      seen.set(entry.key, line);
      entries.push(entry);
    }
    return entries;
  }
}

export function parsePropertiesText(text: string, filename?: string): ParsedProperties {
  const entries = new PropertiesReader(text, filename).read();
  const br = /\r\n|\n|\r/.exec(text);
  return { entries, eol: (br?.[0] as ParsedProperties['eol'] | undefined) ?? '\n' };
}
