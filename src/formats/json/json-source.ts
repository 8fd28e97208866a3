// Hand-written JSON parser that keeps the offset of every value and key, and the file's layout habits.

import { FormatParseError } from '../format.js';
import { emptyEscapeStats, escapeStyleOf, type EscapeStats, type JsonEscapeStyle } from './json-escape.js';

interface NodeBase {
  /** Offset of the first character in the source text; -1 for nodes created after parsing. */
  start: number;
  /** Offset after the last character; -1 for new nodes. */
  end: number;
  parent: JsonContainer | null;
}

export interface JsonString extends NodeBase {
  kind: 'string';
  /** Current decoded value. */
  value: string;
  /** Decoded value as parsed ('' for new nodes): writing it back restores the original spelling. */
  readonly original: string;
  /** Literal (with quotes) to write instead of the source text; null keeps the source text. */
  raw: string | null;
}

/** Numbers, true, false and null: kept verbatim, never edited. */
export interface JsonLiteral extends NodeBase {
  kind: 'literal';
}

export interface JsonEntry {
  /** Member name for objects, null for array items. */
  key: JsonString | null;
  value: JsonNode;
  /** Offset where the text leading to this entry (comma, whitespace) starts; -1 for new entries. */
  leadStart: number;
  /** Position among the parsed entries; -1 for new entries. */
  origIndex: number;
}

export interface JsonContainer extends NodeBase {
  kind: 'object' | 'array';
  /** Live entries in file order: parsed ones still present and inserted ones. */
  entries: JsonEntry[];
  /** Number of entries when parsed. */
  origCount: number;
  /** Source span of the text between the first and second parsed entries (-1 when fewer than two). */
  sepStart: number;
  sepEnd: number;
  /** Some descendant was edited: render piecewise instead of copying the source text. */
  dirty: boolean;
}

export type JsonNode = JsonString | JsonLiteral | JsonContainer;

/** Layout habits of a file, used for everything written new. */
export interface JsonStyle {
  /** False for minified files: new objects are written on one line. */
  multiline: boolean;
  /** One level of indentation, e.g. "  " or "\t". */
  indent: string;
  /** Text between a key and its value, e.g. ": ". */
  colon: string;
  /** Separator between entries of one-line containers, e.g. ", ". */
  inlineSeparator: string;
  eol: '\n' | '\r\n';
  finalNewline: boolean;
  escape: JsonEscapeStyle;
}

export interface JsonSource {
  /** Decoded text without the BOM; offsets refer to it. */
  text: string;
  bom: boolean;
  root: JsonNode;
  style: JsonStyle;
}

const MAX_DEPTH = 500;
const DEFAULT_INDENT = '    ';

/** 1-based line of `offset` in `text`. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

function describeChar(text: string, pos: number): string {
  if (pos >= text.length) return 'end of file';
  const ch = String.fromCodePoint(text.codePointAt(pos)!);
  return /[\x21-\x7e]/.test(ch) ? `'${ch}'` : `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

const isWs = (c: number): boolean => c === 32 || c === 10 || c === 13 || c === 9;
const isDigit = (c: number): boolean => c >= 48 && c <= 57;

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

class Parser {
  pos = 0;
  readonly stats: EscapeStats = emptyEscapeStats();

  constructor(
    private readonly text: string,
    private readonly filename: string | undefined,
  ) {}

  fail(message: string, at = this.pos): never {
    throw new FormatParseError(message, lineAt(this.text, at), this.filename);
  }

  skipWs(): void {
    const text = this.text;
    while (this.pos < text.length && isWs(text.charCodeAt(this.pos))) this.pos++;
  }

  parseDocument(): JsonNode {
    this.skipWs();
    if (this.pos >= this.text.length) this.fail('empty file, expected a JSON value');
    const root = this.parseValue(null, 0);
    this.skipWs();
    if (this.pos < this.text.length) this.fail(`unexpected ${describeChar(this.text, this.pos)} after the JSON value`);
    return root;
  }

  parseValue(parent: JsonContainer | null, depth: number): JsonNode {
    const c = this.text.charCodeAt(this.pos);
    if (c === 123 || c === 91) {
      if (depth >= MAX_DEPTH) this.fail('nesting too deep');
      return this.parseContainer(parent, depth, c === 123 ? 'object' : 'array');
    }
    if (c === 34) return this.parseString(parent);
    if (c === 45 || isDigit(c)) return this.parseNumber(parent);
    for (const word of ['true', 'false', 'null']) {
      if (this.text.startsWith(word, this.pos)) {
        const start = this.pos;
        this.pos += word.length;
        return { kind: 'literal', start, end: this.pos, parent };
      }
    }
    if (this.pos >= this.text.length) this.fail('unexpected end of file, expected a value');
    return this.fail(`unexpected ${describeChar(this.text, this.pos)}, expected a value`);
  }

  parseContainer(parent: JsonContainer | null, depth: number, kind: 'object' | 'array'): JsonContainer {
    const text = this.text;
    const start = this.pos;
    const close = kind === 'object' ? 125 : 93;
    const closeChar = kind === 'object' ? '}' : ']';
    const entries: JsonEntry[] = [];
    const node: JsonContainer = { kind, start, end: -1, parent, entries, origCount: 0, sepStart: -1, sepEnd: -1, dirty: false };
    this.pos++;
    this.skipWs();
    if (text.charCodeAt(this.pos) === close) {
      this.pos++;
      node.end = this.pos;
      return node;
    }
    let leadStart = start + 1;
    for (;;) {
      let key: JsonString | null = null;
      if (kind === 'object') {
        if (text.charCodeAt(this.pos) !== 34) {
          if (this.pos >= text.length) this.fail(`unexpected end of file, '${closeChar}' missing`);
          this.fail(entries.length === 0 ? "expected a string key or '}'" : "expected a string key after ','");
        }
        key = this.parseString(node);
        this.skipWs();
        if (text.charCodeAt(this.pos) !== 58) this.fail("expected ':' after the key");
        this.pos++;
        this.skipWs();
      } else if (entries.length > 0 && text.charCodeAt(this.pos) === close) {
        this.fail("expected a value after ','");
      }
      const value = this.parseValue(node, depth + 1);
      if (entries.length === 1) {
        node.sepStart = leadStart;
        node.sepEnd = key?.start ?? value.start;
      }
      entries.push({ key, value, leadStart, origIndex: entries.length });
      leadStart = this.pos;
      this.skipWs();
      const c = text.charCodeAt(this.pos);
      if (c === 44) {
        this.pos++;
        this.skipWs();
        continue;
      }
      if (c === close) break;
      if (this.pos >= text.length) this.fail(`unexpected end of file, expected ',' or '${closeChar}'`);
      this.fail(`expected ',' or '${closeChar}'`);
    }
    this.pos++;
    node.end = this.pos;
    node.origCount = entries.length;
    return node;
  }

  parseString(parent: JsonContainer | null): JsonString {
    const text = this.text;
    const stats = this.stats;
    const start = this.pos;
    let pos = start + 1;
    let chunk = pos;
    let decoded = '';
    for (;;) {
      const c = text.charCodeAt(pos);
      if (c === 34) break;
      if (c === 92) {
        decoded += text.slice(chunk, pos);
        const e = text[pos + 1];
        if (e === 'u') {
          let code = 0;
          for (let k = 2; k < 6; k++) {
            const d = hexValue(text.charCodeAt(pos + k));
            if (d < 0) this.fail('invalid \\u escape in string', pos);
            code = code * 16 + d;
          }
          const digits = text.slice(pos + 2, pos + 6);
          if (/[a-f]/.test(digits)) stats.lowerHex++;
          if (/[A-F]/.test(digits)) stats.upperHex++;
          if (code >= 0x80) stats.escapedNonAscii++;
          decoded += String.fromCharCode(code);
          pos += 6;
        } else {
          const simple = e === undefined ? undefined : SIMPLE_ESCAPES[e];
          if (simple === undefined) this.fail(e === undefined ? 'unterminated string' : `invalid escape '\\${e}' in string`, e === undefined ? start : pos);
          if (e === '/') stats.escapedSlash++;
          decoded += simple;
          pos += 2;
        }
        chunk = pos;
        continue;
      }
      if (c < 0x20 || Number.isNaN(c)) {
        if (Number.isNaN(c) || c === 10 || c === 13) this.fail('unterminated string', start);
        this.fail('unescaped control character in string', pos);
      }
      if (c >= 0x80) stats.rawNonAscii++;
      else if (c === 47) stats.rawSlash++;
      pos++;
    }
    const value = chunk === start + 1 ? text.slice(chunk, pos) : decoded + text.slice(chunk, pos);
    this.pos = pos + 1;
    return { kind: 'string', start, end: this.pos, parent, value, original: value, raw: null };
  }

  parseNumber(parent: JsonContainer | null): JsonLiteral {
    const text = this.text;
    const start = this.pos;
    let pos = start;
    if (text.charCodeAt(pos) === 45) pos++;
    const digits = (): number => {
      const from = pos;
      while (isDigit(text.charCodeAt(pos))) pos++;
      return pos - from;
    };
    const intStart = pos;
    const intDigits = digits();
    if (intDigits === 0 || (intDigits > 1 && text.charCodeAt(intStart) === 48)) this.fail('invalid number', start);
    if (text.charCodeAt(pos) === 46) {
      pos++;
      if (digits() === 0) this.fail('invalid number', start);
    }
    if (text.charCodeAt(pos) === 101 || text.charCodeAt(pos) === 69) {
      pos++;
      if (text.charCodeAt(pos) === 43 || text.charCodeAt(pos) === 45) pos++;
      if (digits() === 0) this.fail('invalid number', start);
    }
    this.pos = pos;
    return { kind: 'literal', start, end: pos, parent };
  }
}

function detectStyle(text: string, root: JsonNode, stats: EscapeStats): JsonStyle {
  const nl = text.indexOf('\n');
  const eol = nl > 0 && text[nl - 1] === '\r' ? '\r\n' : '\n';
  let multiline = true;
  let indent = DEFAULT_INDENT;
  let colon = ': ';
  let inlineSeparator = ', ';
  if (root.kind === 'object' || root.kind === 'array') {
    const first = root.entries[0];
    if (first) {
      const lead = text.slice(root.start + 1, first.key?.start ?? first.value.start);
      const lastNl = lead.lastIndexOf('\n');
      multiline = lastNl >= 0;
      indent = multiline ? lead.slice(lastNl + 1) : '';
      if (first.key) colon = text.slice(first.key.end, first.value.start);
      if (!multiline) {
        const second = root.entries[1];
        inlineSeparator = second ? text.slice(first.value.end, second.key?.start ?? second.value.start) : colon === ':' ? ',' : ', ';
      }
    }
  }
  return { multiline, indent, colon, inlineSeparator, eol, finalNewline: text.endsWith('\n'), escape: escapeStyleOf(stats) };
}

/** Parses JSON text (BOM already removed). Throws FormatParseError with a 1-based line. */
export function parseJsonText(text: string, filename?: string): { root: JsonNode; style: JsonStyle } {
  const parser = new Parser(text, filename);
  const root = parser.parseDocument();
  return { root, style: detectStyle(text, root, parser.stats) };
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Decodes UTF-8 bytes (with or without BOM) and parses them. */
export function parseJsonSource(bytes: Uint8Array, filename?: string): JsonSource {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw new FormatParseError('UTF-16 JSON files are not supported, expected UTF-8', 1, filename);
  }
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    const lossy = Buffer.from(bytes).toString('utf8');
    throw new FormatParseError('invalid UTF-8 byte sequence', lineAt(lossy, Math.max(0, lossy.indexOf('\uFFFD'))), filename);
  }
  const bom = text.charCodeAt(0) === 0xfeff;
  if (bom) text = text.slice(1);
  const { root, style } = parseJsonText(text, filename);
  return { text, bom, root, style };
}
