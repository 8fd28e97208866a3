// Reads INI translation files line by line: sections, `key = value` entries, comment notes, and where each value sits.

import { FormatParseError } from '../format.js';

export type IniDialect = 'ini' | 'joomla';

/** How a value is written: bare, in "…" or `…` (Gitea, go-ini), in """…""" over several lines, or Joomla's "…". */
export type IniQuote = '' | '"' | '`' | '"""';

export interface IniEntry {
  /** `[section]key` inside a section (the reference's ids); the bare key before any section, in [DEFAULT] and in Joomla files. */
  key: string;
  section: string | null;
  value: string;
  note: string;
  quote: IniQuote;
  valueStart: number;
  valueEnd: number;
  removeStart: number;
  removeEnd: number;
}

export interface IniSection {
  name: string;
  /** Where new keys of the section go: after its last entry or comment line. */
  insertAt: number;
}

export interface IniText {
  entries: IniEntry[];
  /** Sections in file order; a name repeated keeps its last occurrence. */
  sections: Map<string, IniSection>;
  /** The separator the file's entries use, e.g. " = " or "=". */
  separator: string | null;
  /** Joomla: whether the file escapes quotes as \" (else "_QQ_"). */
  backslashQuotes: boolean;
  eol: string;
}

/** go-ini's name for the keys outside any section: its keys are read without a section prefix. */
export const DEFAULT_SECTION = 'DEFAULT';

/** Files larger than this are refused. */
export const MAX_INI_CHARS = 20 * 1024 * 1024;

interface Line {
  start: number;
  /** End of the line's content (before \r\n or \n). */
  end: number;
  /** After the line break. */
  next: number;
  number: number;
}

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  let number = 1;
  while (start < text.length) {
    const nl = text.indexOf('\n', start);
    const next = nl < 0 ? text.length : nl + 1;
    let end = nl < 0 ? text.length : nl;
    if (end > start && text[end - 1] === '\r') end--;
    lines.push({ start, end, next, number: number++ });
    start = next;
  }
  return lines;
}

/** Joomla's escapes: "_QQ_" and \" for a quote, \\ for a backslash, \n, \r and \t for the control characters. */
export function joomlaDecode(raw: string): string {
  return raw.replace(/"_QQ_"|\\([\\"nrt])/g, (match, c: string | undefined) => {
    if (c === undefined) return '"';
    return c === 'n' ? '\n' : c === 'r' ? '\r' : c === 't' ? '\t' : c;
  });
}

export function joomlaEncode(text: string, backslashQuotes: boolean): string {
  // A backslash is doubled only where it would otherwise start an escape (or escape the closing quote), including
  // the escapes that the quotes and control characters after it are about to become.
  return text.replace(/\\(?=[\\"nrt\n\r\t]|$)/g, '\\\\').replace(/["\n\r\t]/g, (c) => (c === '"' ? (backslashQuotes ? '\\"' : '"_QQ_"') : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\t'));
}

/** Whether a bare value would read back as something else (quotes stripped, blanks trimmed). */
function needsQuotes(value: string): boolean {
  return value !== value.trim() || /^["`]/.test(value);
}

/** A value as the plain/Gitea INI dialect writes it, keeping the entry's quotes where they still fit. */
export function renderIniValue(value: string, quote: IniQuote): string {
  if (value.includes('\n') || value.includes('\r')) return `"""${value}"""`;
  if ((quote === '"' || quote === '`') && !value.includes(quote)) return quote + value + quote;
  if (!needsQuotes(value)) return value;
  if (!value.includes('"')) return `"${value}"`;
  if (!value.includes('`')) return `\`${value}\``;
  return `"""${value}"""`;
}

export function parseIniText(text: string, dialect: IniDialect, filename?: string): IniText {
  if (text.length > MAX_INI_CHARS) throw new FormatParseError(`INI file larger than ${MAX_INI_CHARS} characters`, undefined, filename);
  const eol = /\r\n/.test(text) ? '\r\n' : '\n';
  const lines = linesOf(text);
  const entries: IniEntry[] = [];
  const sections = new Map<string, IniSection>();
  let section: IniSection | null = null;
  let separator: string | null = null;
  let comments: { text: string; start: number }[] = [];
  let backslashQuotes = false;
  let qqQuotes = false;

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const content = text.slice(line.start, line.end);
    const trimmed = content.trim();
    if (trimmed === '') {
      comments = [];
      continue;
    }
    if (trimmed.startsWith(';') || trimmed.startsWith('#')) {
      comments.push({ text: trimmed.replace(/^[;#]+ ?/, ''), start: line.start });
      if (section) section.insertAt = line.next;
      continue;
    }
    if (trimmed.startsWith('[')) {
      if (!trimmed.endsWith(']')) throw new FormatParseError('section header without "]"', line.number, filename);
      section = { name: trimmed.slice(1, -1).trim(), insertAt: line.next };
      sections.delete(section.name);
      sections.set(section.name, section);
      comments = [];
      continue;
    }
    const sep = dialect === 'joomla' ? content.indexOf('=') : content.search(/[=:]/);
    if (sep <= 0) throw new FormatParseError('line is neither "key = value", a [section] nor a comment', line.number, filename);
    const key = content.slice(0, sep).trim();
    if (key === '') throw new FormatParseError('entry without a key', line.number, filename);
    let valueStart = line.start + sep + 1;
    while (valueStart < line.end && (text[valueStart] === ' ' || text[valueStart] === '\t')) valueStart++;
    let valueEnd = line.end;
    while (valueEnd > valueStart && (text[valueEnd - 1] === ' ' || text[valueEnd - 1] === '\t')) valueEnd--;
    separator ??= text.slice(line.start + content.slice(0, sep).trimEnd().length, valueStart);
    let raw = text.slice(valueStart, valueEnd);
    let value = raw;
    let quote: IniQuote = '';
    let last = line;
    if (dialect === 'joomla') {
      if (raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"')) {
        quote = '"';
        raw = raw.slice(1, -1);
      }
      if (raw.includes('\\"')) backslashQuotes = true;
      if (raw.includes('"_QQ_"')) qqQuotes = true;
      value = joomlaDecode(raw);
    } else if (raw.startsWith('"""')) {
      quote = '"""';
      let close = text.indexOf('"""', valueStart + 3);
      if (close < 0) throw new FormatParseError('""" value without its closing """', line.number, filename);
      // The closing """ is the last three of a run of quotes: a value may end with quotes of its own.
      while (text[close + 3] === '"') close++;
      value = text.slice(valueStart + 3, close);
      valueEnd = close + 3;
      while (last.next <= close && i + 1 < lines.length) last = lines[++i]!;
      if (text.slice(valueEnd, last.end).trim() !== '') throw new FormatParseError('text after the closing """', last.number, filename);
    } else if (raw.length >= 2 && (raw[0] === '"' || raw[0] === '`') && raw.endsWith(raw[0])) {
      quote = raw[0] as '"' | '`';
      value = raw.slice(1, -1);
    }
    const first = comments[0];
    entries.push({
      key: dialect === 'ini' && section && section.name !== DEFAULT_SECTION ? `[${section.name}]${key}` : key,
      section: section?.name ?? null,
      value,
      note: comments.map((c) => c.text).join('\n'),
      quote,
      valueStart,
      valueEnd,
      removeStart: first ? first.start : line.start,
      removeEnd: last.next,
    });
    comments = [];
    if (section) section.insertAt = last.next;
  }
  return { entries, sections, separator, backslashQuotes: backslashQuotes && !qqQuotes, eol };
}
