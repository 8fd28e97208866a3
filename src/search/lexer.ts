// Lexer of the search query language: words, field terms with operator and raw value, AND/OR/NOT and parentheses.
import { LIMITS, SearchQueryError, TOO_COMPLEX } from './errors.js';
import { own } from './fields.js';

export type Op = ':' | ':=' | ':<' | ':<=' | ':>' | ':>=';

/** A value as written: plain or quoted text, r"regex", or [A to B]. */
export type RawValue =
  | { kind: 'text'; text: string; quoted: boolean; pos: number }
  | { kind: 'regex'; pattern: string; pos: number }
  | { kind: 'range'; from: string; to: string; pos: number; toPos: number };

export type Token =
  | { type: 'lparen' | 'rparen' | 'and' | 'or' | 'not' | 'eof'; pos: number }
  | { type: 'term'; pos: number; field: string | null; op: Op; value: RawValue };

/** Tokens that look like `scheme:` but start a URL, not a field. */
const URL_SCHEMES = new Set(['http', 'https', 'ftp', 'mailto']);
const OPS: Op[] = [':<=', ':>=', ':=', ':<', ':>', ':'];
const KEYWORDS: Record<string, 'and' | 'or' | 'not'> = { and: 'and', or: 'or', not: 'not' };

const isSpace = (ch: string) => /\s/.test(ch);
const endsBare = (ch: string) => isSpace(ch) || ch === '(' || ch === ')';

export function tokenize(query: string): Token[] {
  if (query.length > LIMITS.maxLength) throw new SearchQueryError(TOO_COMPLEX, LIMITS.maxLength);
  const nul = query.indexOf('\0');
  if (nul >= 0) throw new SearchQueryError('NUL characters are not allowed.', nul);
  const tokens: Token[] = [];
  let i = 0;

  /** A quoted string starting at `start` (the quote); backslash escapes the quote and itself. */
  const quoted = (start: number, keepEscapes: boolean): { text: string; end: number } => {
    const q = query[start]!;
    let out = '';
    let j = start + 1;
    while (j < query.length) {
      const ch = query[j]!;
      if (ch === '\\' && j + 1 < query.length && (query[j + 1] === q || query[j + 1] === '\\')) {
        out += keepEscapes ? ch + query[j + 1] : query[j + 1];
        j += 2;
        continue;
      }
      if (ch === q) return { text: out, end: j + 1 };
      out += ch;
      j++;
    }
    throw new SearchQueryError('Unterminated quoted string', start, `closing ${q}`);
  };
  const bare = (start: number): { text: string; end: number } => {
    let j = start;
    while (j < query.length && !endsBare(query[j]!)) j++;
    return { text: query.slice(start, j), end: j };
  };
  const isRegexStart = (j: number) => (query[j] === 'r' || query[j] === 'R') && (query[j + 1] === '"' || query[j + 1] === "'");

  /** A value after a field operator, or a bare word's quoted/regex form. */
  const value = (start: number, field: string): { value: RawValue; end: number } => {
    if (start >= query.length || isSpace(query[start]!) || query[start] === ')' || query[start] === '(') {
      throw new SearchQueryError(`Missing value for search field: ${field}`, start, 'a value');
    }
    if (isRegexStart(start)) {
      const r = quoted(start + 1, true);
      return { value: { kind: 'regex', pattern: r.text, pos: start }, end: r.end };
    }
    const ch = query[start]!;
    if (ch === '"' || ch === "'") {
      const r = quoted(start, false);
      return { value: { kind: 'text', text: r.text, quoted: true, pos: start }, end: r.end };
    }
    if (ch === '[') {
      const close = query.indexOf(']', start);
      if (close < 0) throw new SearchQueryError('Unterminated range', start, "']'");
      const inner = query.slice(start + 1, close);
      const m = /^(\s*)(\S.*?)\s+to\s+(\S.*?)\s*$/i.exec(inner);
      if (!m) throw new SearchQueryError('Invalid range', start, "'[<from> to <to>]'");
      const toPos = start + 1 + inner.toLowerCase().lastIndexOf(m[3]!.toLowerCase());
      const unq = (s: string) => (/^(["']).*\1$/s.test(s) ? s.slice(1, -1) : s);
      return { value: { kind: 'range', from: unq(m[2]!), to: unq(m[3]!), pos: start + 1 + m[1]!.length, toPos }, end: close + 1 };
    }
    const b = bare(start);
    return { value: { kind: 'text', text: b.text, quoted: false, pos: start }, end: b.end };
  };

  while (i < query.length) {
    const ch = query[i]!;
    if (isSpace(ch)) {
      i++;
      continue;
    }
    if (tokens.length > LIMITS.maxTerms * 4) throw new SearchQueryError(TOO_COMPLEX, i);
    if (ch === '(' || ch === ')') {
      tokens.push({ type: ch === '(' ? 'lparen' : 'rparen', pos: i });
      i++;
      continue;
    }
    if (isRegexStart(i) || ch === '"' || ch === "'") {
      const v = value(i, '');
      tokens.push({ type: 'term', pos: i, field: null, op: ':', value: v.value });
      i = v.end;
      continue;
    }
    const field = /^([A-Za-z_]+)(:<=|:>=|:=|:<|:>|:)/.exec(query.slice(i, i + 64));
    if (field && !URL_SCHEMES.has(field[1]!.toLowerCase())) {
      const name = field[1]!;
      const op = OPS.find((o) => o === field[2])!;
      const v = value(i + name.length + op.length, name);
      tokens.push({ type: 'term', pos: i, field: name, op, value: v.value });
      i = v.end;
      continue;
    }
    const word = bare(i);
    const keyword = own(KEYWORDS, word.text.toLowerCase());
    if (keyword) tokens.push({ type: keyword, pos: i });
    else tokens.push({ type: 'term', pos: i, field: null, op: ':', value: { kind: 'text', text: word.text, quoted: false, pos: i } });
    i = word.end;
  }
  tokens.push({ type: 'eof', pos: query.length });
  return tokens;
}
