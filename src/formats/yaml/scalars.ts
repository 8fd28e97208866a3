// Writing YAML scalars: a value in a given style (plain, quoted, block) that reads back as the same string.

// Not the yaml package's CST.setScalarValue: it writes `yes` or `on` plain (strings in YAML 1.2, booleans to Ruby's
// Psych, which loads Rails locales) and spreads a double-quoted text with line breaks over several lines.

import { CST, Parser } from 'yaml';

type Chomp = '' | '-' | '+';

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

/**
 * True when a plain scalar with this text would not load as a string (null, bool, number, date, merge key). The
 * YAML 1.1 readings count too (yes/no/on/off): Ruby's Psych, which loads Rails locales, still uses them.
 */
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
  const lines = [(folded ? '>' : '|') + chomp + headerRest, ...content.map((line) => (line === null ? '' : indent + line))];
  return readsBackAs(lines, value) ? lines : null;
}

/** Whether the block scalar `lines` (header first) loads as `value`, as the yaml package reads it. */
function readsBackAs(lines: readonly string[], value: string): boolean {
  const text = lines.join('\n') + '\n';
  for (const token of new Parser().parse(text)) {
    if (token.type !== 'document') continue;
    const scalar = token.value ? CST.resolveAsScalar(token.value, true) : null;
    return scalar?.value === value && scalar.type === (lines[0]![0] === '>' ? 'BLOCK_FOLDED' : 'BLOCK_LITERAL');
  }
  return false;
}
