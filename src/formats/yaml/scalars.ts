// YAML scalar styles: decoding plain, quoted and block scalars, and writing a value back in a given style.

import { decodeBackslashes } from '../text/backslash-escapes.js';

export type Chomp = '' | '-' | '+';

const DOUBLE_ESCAPES: Record<string, string> = {
  '0': '\0',
  a: '\u0007',
  b: '\b',
  t: '\t',
  '\t': '\t',
  n: '\n',
  v: '\v',
  f: '\f',
  r: '\r',
  e: '\u001b',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
  N: '\u0085',
  _: '\u00a0',
  L: '\u2028',
  P: '\u2029',
};

const HEX_LENGTH: Record<string, number> = { x: 2, u: 4, U: 8 };

/** Decodes the escapes of one line of a double-quoted scalar; throws Error on an invalid escape. */
export function unescapeDouble(raw: string): string {
  return decodeBackslashes(raw, 'dangling backslash in a double-quoted scalar', (next, at) => {
    const simple = DOUBLE_ESCAPES[next];
    if (simple !== undefined) return [simple, 1];
    const length = HEX_LENGTH[next];
    const hex = length === undefined ? '' : raw.slice(at + 1, at + 1 + length);
    if (length === undefined || !new RegExp(`^[0-9A-Fa-f]{${length}}$`).test(hex)) {
      throw new Error(`invalid escape '\\${next}' in a double-quoted scalar`);
    }
    const code = parseInt(hex, 16);
    if (code > 0x10ffff) throw new Error(`invalid escape '\\${next}${hex}' in a double-quoted scalar`);
    return [String.fromCodePoint(code), 1 + length];
  });
}

/** True when `s` ends with an odd number of backslashes (the last one escapes what follows). */
function endsEscaped(s: string, end = s.length): boolean {
  let n = 0;
  while (end - n - 1 >= 0 && s[end - n - 1] === '\\') n++;
  return n % 2 === 1;
}

function trimEndUnescaped(s: string, double: boolean): string {
  let end = s.length;
  while (end > 0 && (s[end - 1] === ' ' || s[end - 1] === '\t') && !(double && endsEscaped(s, end - 1))) end--;
  return s.slice(0, end);
}

/**
 * Joins the lines of a quoted scalar (the text between the quotes, split at line breaks) with
 * YAML line folding: one break becomes a space, n empty lines become n newlines, and in
 * double quotes a backslash before the break removes it.
 */
export function foldQuoted(lines: readonly string[], double: boolean): string {
  const decode = (s: string): string => (double ? unescapeDouble(s) : s.replace(/''/g, "'"));
  if (lines.length === 1) return decode(lines[0]!);
  const last = lines.length - 1;
  let out = '';
  let empty = 0;
  let escapedBreak = false;
  for (let i = 0; i <= last; i++) {
    let s = lines[i]!;
    if (i > 0) s = s.replace(/^[ \t]+/, '');
    let escapesNext = false;
    if (i < last) {
      if (double && endsEscaped(s)) {
        s = s.slice(0, -1);
        escapesNext = true;
      } else {
        s = trimEndUnescaped(s, double);
      }
    }
    if (i > 0 && i < last && s === '') {
      empty++;
      continue;
    }
    if (i > 0) out += empty > 0 ? '\n'.repeat(empty) : escapedBreak ? '' : ' ';
    empty = 0;
    out += decode(s);
    escapedBreak = escapesNext;
  }
  return out;
}

/** Joins the lines of a multi-line plain scalar (already trimmed; '' for an empty line). */
export function foldPlain(lines: readonly string[]): string {
  let out = lines[0] ?? '';
  let empty = 0;
  for (let i = 1; i < lines.length; i++) {
    const s = lines[i]!;
    if (s === '') {
      empty++;
      continue;
    }
    out += (empty > 0 ? '\n'.repeat(empty) : ' ') + s;
    empty = 0;
  }
  return out;
}

/**
 * Decodes block scalar content. `lines` are the content lines with the content indentation
 * removed, null for an empty line; `finalBreak` is false when the last content line ends the file
 * without a line break.
 */
export function decodeBlock(lines: readonly (string | null)[], folded: boolean, chomp: Chomp, finalBreak: boolean): string {
  let lastContent = lines.length - 1;
  while (lastContent >= 0 && lines[lastContent] === null) lastContent--;
  let out = '';
  let gap = 0;
  let previous: string | null = null;
  for (let i = 0; i <= lastContent; i++) {
    const line = lines[i];
    if (line === null || line === undefined) {
      gap++;
      continue;
    }
    if (previous === null) {
      out += '\n'.repeat(gap);
    } else if (folded && !/^[ \t]/.test(previous) && !/^[ \t]/.test(line)) {
      out += gap === 0 ? ' ' : '\n'.repeat(gap);
    } else {
      out += '\n'.repeat(gap + 1);
    }
    gap = 0;
    out += line;
    previous = line;
  }
  const trailing = lines.length - 1 - lastContent;
  if (lastContent < 0) return chomp === '+' ? '\n'.repeat(trailing) : '';
  if (chomp === '-') return out;
  const brk = trailing > 0 || finalBreak ? '\n' : '';
  return chomp === '+' ? out + brk + '\n'.repeat(trailing) : out + brk;
}

// ---- writing ----

/** Characters YAML does not allow raw in a scalar (besides tab and line breaks), and line breaks other than \n. */
// eslint-disable-next-line no-control-regex
const NON_PRINTABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u0085\u2028\u2029\ufeff\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const hex = (code: number, width: number): string => code.toString(16).toUpperCase().padStart(width, '0');

/** A double-quoted scalar on one line. */
export function renderDouble(value: string): string {
  let out = '"';
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    const code = c.charCodeAt(0);
    if (c === '"') out += '\\"';
    else if (c === '\\') out += '\\\\';
    else if (c === '\n') out += '\\n';
    else if (c === '\t') out += '\\t';
    else if (c === '\r') out += '\\r';
    else if (code === 0) out += '\\0';
    else if (code === 0x1b) out += '\\e';
    else if (code < 0x20 || code === 0x7f) out += '\\x' + hex(code, 2);
    else if (code === 0x85) out += '\\N';
    else if (code === 0x2028) out += '\\L';
    else if (code === 0x2029) out += '\\P';
    else if (code === 0xfeff || code === 0xfffe || code === 0xffff) out += '\\u' + hex(code, 4);
    else if (code >= 0xd800 && code <= 0xdbff) {
      const low = value.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        out += c + value[i + 1];
        i++;
      } else {
        out += '\\u' + hex(code, 4);
      }
    } else if (code >= 0xdc00 && code <= 0xdfff) out += '\\u' + hex(code, 4);
    else out += c;
  }
  return out + '"';
}

/** A single-quoted scalar on one line, or null when the value needs escapes. */
export function renderSingle(value: string): string | null {
  if (value.includes('\n') || value.includes('\r') || NON_PRINTABLE.test(value)) return null;
  return `'${value.replace(/'/g, "''")}'`;
}

const NULL = /^(?:~|null|Null|NULL)$/;
const BOOL = /^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/;
const NUMBER =
  /^[-+]?(?:0b[01_]+|0x[0-9a-fA-F_]+|0o?[0-7_]+|[0-9][0-9_]*(?::[0-5]?[0-9])*|(?:[0-9][0-9_]*)?\.[0-9_]*(?:[eE][-+]?[0-9]+)?|[0-9][0-9_]*(?:\.[0-9_]*)?[eE][-+]?[0-9]+|\.(?:inf|Inf|INF))$|^\.(?:nan|NaN|NAN)$/;
const TIMESTAMP = /^\d{4}-\d\d?-\d\d?(?:$|[Tt ])/;

/** True when a plain scalar with this text would not load as a string (null, bool, number, date, merge key). */
export function looksTyped(text: string): boolean {
  // Most texts start with a letter no typed scalar starts with: skip the patterns for them.
  if (text !== '' && !/^[-+.0-9~<=yYnNtTfFoO]/.test(text)) return false;
  return text === '' || NULL.test(text) || BOOL.test(text) || NUMBER.test(text) || TIMESTAMP.test(text) || text === '<<' || text === '=';
}

/**
 * The value as a plain scalar on one line, or null when plain style would change or lose it.
 * `typedOk` allows texts that load as numbers or booleans (the value being replaced was one).
 */
export function renderPlain(value: string, typedOk = false): string | null {
  if (value === '' || value !== value.trim() || /[\n\r\t]/.test(value) || NON_PRINTABLE.test(value)) return null;
  if (/^[[\]{}#&*!|>'"%@`,]/.test(value) || /^[-?:](?:\s|$)/.test(value)) return null;
  if (value.includes(': ') || value.includes(' #') || value.endsWith(':')) return null;
  if (/^(?:---|\.\.\.)(?:\s|$)/.test(value)) return null;
  if (NULL.test(value) || value === '<<' || value === '=') return null;
  if (!typedOk && looksTyped(value)) return null;
  return value;
}

/** A key for a new mapping entry: plain when that keeps it a string, else double-quoted. */
export function renderKey(key: string): string {
  return renderPlain(key) ?? renderDouble(key);
}

/**
 * Block scalar lines for `value` (header first, then content lines indented by `indent`), or null
 * when the value cannot be written as this block style without an explicit indentation indicator.
 * `headerRest` is what followed the indicators on the original header line (e.g. a comment).
 */
export function renderBlock(value: string, folded: boolean, indent: string, headerRest: string): string[] | null {
  if (value.includes('\r') || NON_PRINTABLE.test(value)) return null;
  let body = value;
  let trailing = 0;
  while (body.endsWith('\n')) {
    body = body.slice(0, -1);
    trailing++;
  }
  const chomp: Chomp = trailing === 0 ? '-' : trailing === 1 ? '' : '+';
  const parts = body === '' ? [] : body.split('\n');
  const firstText = parts.find((p) => p !== '');
  if (firstText !== undefined && /^[ \t]/.test(firstText)) return null;
  const content: (string | null)[] = [];
  let previous: string | null = null;
  let newlines = 0;
  for (const part of parts) {
    if (part === '' && previous !== null) {
      newlines++;
      continue;
    }
    if (part === '') {
      content.push(null); // leading empty lines stand for themselves
      continue;
    }
    if (previous !== null) {
      const breaks = newlines + 1;
      // In folded style a single break between two text lines would read as a space.
      const blank = folded && !/^[ \t]/.test(previous) && !/^[ \t]/.test(part) ? breaks : breaks - 1;
      for (let i = 0; i < blank; i++) content.push(null);
    }
    content.push(part);
    previous = part;
    newlines = 0;
  }
  for (let i = 1; i < trailing; i++) content.push(null);
  if (decodeBlock(content, folded, chomp, true) !== value) return null;
  return [(folded ? '>' : '|') + chomp + headerRest, ...content.map((line) => (line === null ? '' : indent + line))];
}
