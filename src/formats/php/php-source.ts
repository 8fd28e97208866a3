// Reads PHP translation files with the php-parser library (never runs them): string values, where they sit, and where new ones go.

import { Engine } from 'php-parser';
import { FormatParseError } from '../format.js';

/** Files longer than this (in UTF-16 code units, about characters) are refused before parsing. */
export const MAX_PHP_CHARS = 20 * 1024 * 1024;
/** Arrays nested deeper than this are refused (translation files nest a few levels). */
export const MAX_PHP_DEPTH = 64;

/** One translatable string literal (or a concatenation of literals) and its place in the text. */
export interface PhpEntry {
  /** Key segments: array keys below `return` or below the variable, or the variable or constant name. */
  path: string[];
  value: string;
  /** Span of the value expression, replaced on edit. */
  valueStart: number;
  valueEnd: number;
  /** Quote of the first literal, reused for a rewritten value. */
  quote: "'" | '"';
  /** Span removed with the unit: its own lines with the comments right above. */
  removeStart: number;
  removeEnd: number;
  note: string;
}

/** An array literal new keys can be inserted into. */
export interface PhpArray {
  /** Key segments of the array (empty for the returned array). */
  path: string[];
  /** Offset a new entry is inserted at and how it is framed there. */
  insertAt: number;
  /** Text before and after a new `'key' => value` at insertAt. */
  before: string;
  after: string;
  /** Between two new entries inserted together (an empty `[]` written on one line). */
  joiner: string;
}

export interface PhpSource {
  entries: PhpEntry[];
  /** Arrays under the returned array (or under the assigned variable), by joined path. */
  arrays: Map<string, PhpArray>;
  /** How the file stores its strings: a returned array, or assignments to a variable. */
  style: { kind: 'return' } | { kind: 'assign'; variable: string } | { kind: 'none' };
  eol: string;
}

interface Node {
  kind: string;
  loc?: { start: { offset: number; line: number }; end: { offset: number } } | null;
  leadingComments?: Node[];
  [field: string]: unknown;
}

const engine = new Engine({
  parser: { extractDoc: true, php8: true, suppressErrors: false },
  ast: { withPositions: true, withSource: false },
});

function start(node: Node): number {
  return node.loc!.start.offset;
}
function end(node: Node): number {
  return node.loc!.end.offset;
}

/** Offset of the start of the line holding `at` when only blanks precede `at` on it, else `at`. */
function lineStartIfBlank(text: string, at: number): number {
  let i = at;
  while (i > 0 && (text[i - 1] === ' ' || text[i - 1] === '\t')) i--;
  return i === 0 || text[i - 1] === '\n' ? i : at;
}

/** After `at`: past a `,` or `;` (if `terminator`), then past the rest of the line when it is blank. */
function afterEntry(text: string, at: number, terminator: string): number {
  let i = at;
  while (i < text.length && /[ \t]/.test(text[i]!)) i++;
  if (text[i] === terminator) i++;
  let j = i;
  while (j < text.length && /[ \t]/.test(text[j]!)) j++;
  if (text[j] === '\r' && text[j + 1] === '\n') return j + 2;
  if (text[j] === '\n') return j + 1;
  return i;
}

function commentText(comment: Node): string {
  const raw = String(comment['value'] ?? '');
  if (raw.startsWith('/*')) {
    return raw
      .replace(/^\/\*+/, '')
      .replace(/\*+\/$/, '')
      .split(/\r?\n/)
      .map((line) => line.replace(/^\s*\*?\s?/, '').trimEnd())
      .filter((line, i, all) => line !== '' || (i > 0 && i < all.length - 1))
      .join('\n');
  }
  return raw.replace(/^(\/\/|#)\s?/, '').replace(/\r?\n$/, '').trimEnd();
}

/** Comments on lines of their own right above `node` (a comment ending a previous line belongs to that line). */
function ownComments(text: string, node: Node): Node[] {
  const comments = (node.leadingComments ?? []).filter((c) => lineStartIfBlank(text, start(c)) !== start(c) || start(c) === 0 || text[start(c) - 1] === '\n');
  // Only the run of comments right above the node: a blank line ends a comment's claim (file headers, section titles).
  let first = comments.length;
  let next = start(node);
  while (first > 0 && !/\n[ \t]*\r?\n/.test(text.slice(end(comments[first - 1]!), next))) {
    first--;
    next = start(comments[first]!);
  }
  return comments.slice(first);
}

/** The string a literal or a `.` concatenation of literals stands for; null for anything else. */
function literal(node: Node): { value: string; quote: "'" | '"' } | null {
  if (node.kind === 'string') {
    const raw = String(node['raw'] ?? '');
    if (!raw.startsWith("'") && !raw.startsWith('"')) return null;
    return { value: String(node['value']), quote: node['isDoubleQuote'] ? '"' : "'" };
  }
  if (node.kind === 'bin' && node['type'] === '.') {
    const left = literal(node['left'] as Node);
    const right = literal(node['right'] as Node);
    if (!left || !right) return null;
    return { value: left.value + right.value, quote: left.quote };
  }
  return null;
}

function keyOf(node: Node | null | undefined, next: { index: number }): string | null {
  if (!node) return String(next.index++);
  if (node.kind === 'number') {
    const n = Number(node['value']);
    if (Number.isInteger(n) && n >= next.index) next.index = n + 1;
    return String(node['value']);
  }
  const lit = literal(node);
  return lit ? lit.value : null;
}

/** Where a new entry goes in `array`: on its own line before the closing bracket, or inline before it. */
function insertionOf(text: string, array: Node, items: Node[], eol: string): Omit<PhpArray, 'path'> {
  const close = end(array) - 1;
  const last = items[items.length - 1];
  const atLineStart = (at: number) => at === 0 || text[at - 1] === '\n';
  const closeLine = lineStartIfBlank(text, close);
  const closeOwnLine = atLineStart(closeLine);
  if (!last) {
    if (!closeOwnLine) return { insertAt: close, before: '', after: '', joiner: ', ' };
    const indent = text.slice(closeLine, close);
    return { insertAt: closeLine, before: `${indent}    `, after: `,${eol}`, joiner: '' };
  }
  const between = text.slice(end(last), close);
  const trailingComma = /^\s*,/.test(between);
  const lastLine = lineStartIfBlank(text, start(last));
  const lastOwnLine = atLineStart(lastLine);
  const indent = lastOwnLine ? text.slice(lastLine, start(last)) : '';
  if (closeOwnLine && lastOwnLine) {
    // Multi-line array: a line of its own before the closing bracket's line.
    return trailingComma ? { insertAt: closeLine, before: indent, after: `,${eol}`, joiner: '' } : { insertAt: end(last), before: `,${eol}${indent}`, after: '', joiner: '' };
  }
  return trailingComma ? { insertAt: close, before: ' ', after: ',', joiner: '' } : { insertAt: end(last), before: ', ', after: '', joiner: '' };
}

class Reader {
  readonly entries: PhpEntry[] = [];
  readonly arrays = new Map<string, PhpArray>();

  constructor(
    private readonly text: string,
    private readonly eol: string,
    private readonly filename: string | undefined,
  ) {}

  fail(message: string, node?: Node): never {
    throw new FormatParseError(message, node?.loc?.start.line, this.filename);
  }

  add(path: string[], valueNode: Node, owner: Node, terminator: string, commentsOf: Node): void {
    const lit = literal(valueNode);
    if (!lit) return;
    const comments = ownComments(this.text, commentsOf);
    const first = comments[0];
    const removeStart = lineStartIfBlank(this.text, first ? start(first) : start(owner));
    this.entries.push({
      path,
      value: lit.value,
      valueStart: start(valueNode),
      valueEnd: end(valueNode),
      quote: lit.quote,
      removeStart,
      removeEnd: afterEntry(this.text, end(owner), terminator),
      note: comments.map(commentText).join('\n'),
    });
  }

  array(path: string[], node: Node, depth: number): void {
    if (depth > MAX_PHP_DEPTH) this.fail(`arrays nested deeper than ${MAX_PHP_DEPTH} levels`, node);
    const items = (node['items'] as Node[] | undefined) ?? [];
    this.arrays.set(path.join('.'), { path, ...insertionOf(this.text, node, items, this.eol) });
    const next = { index: 0 };
    for (const item of items) {
      if (!item || item.kind !== 'entry') continue;
      const key = keyOf(item['key'] as Node | null, next);
      const value = item['value'] as Node;
      if (key === null || !value) continue;
      if (value.kind === 'array') this.array([...path, key], value, depth + 1);
      else this.add([...path, key], value, item, ',', item);
    }
  }
}

/** Segments of `$var['a']['b']`: ['var', 'a', 'b'], or null for other targets. */
function assignedPath(node: Node): string[] | null {
  if (node.kind === 'variable' && typeof node['name'] === 'string') return [node['name']];
  if (node.kind === 'offsetlookup') {
    const base = assignedPath(node['what'] as Node);
    const offset = node['offset'] as Node | null;
    if (!base || !offset) return null;
    const key = offset.kind === 'number' ? String(offset['value']) : literal(offset)?.value;
    return key === undefined ? null : [...base, key];
  }
  return null;
}

export function readPhp(text: string, filename?: string): PhpSource {
  if (text.length > MAX_PHP_CHARS) throw new FormatParseError(`PHP file longer than ${MAX_PHP_CHARS} characters`, undefined, filename);
  const eol = /\r\n/.test(text) ? '\r\n' : '\n';
  if (text.trim() === '') return { entries: [], arrays: new Map(), style: { kind: 'none' }, eol };
  let program: Node;
  try {
    program = engine.parseCode(text, filename ?? 'file.php') as unknown as Node;
  } catch (e) {
    if (e instanceof RangeError) throw new FormatParseError('PHP code nested too deeply', undefined, filename);
    const err = e as { message?: string; lineNumber?: number };
    throw new FormatParseError(String(err.message ?? e).replace(/ on line \d+$/, ''), err.lineNumber, filename);
  }
  const reader = new Reader(text, eol, filename);
  let style: PhpSource['style'] = { kind: 'none' };
  const children = (program['children'] as Node[] | undefined) ?? [];
  if (children.some((c) => c.kind === 'inline' && String(c['raw'] ?? c['value'] ?? '').trim() !== '')) {
    reader.fail('text outside <?php … ?> is not a translation file', children.find((c) => c.kind === 'inline'));
  }
  for (const statement of children) {
    if (statement.kind === 'return') {
      const expr = statement['expr'] as Node | null;
      if (expr?.kind === 'array') {
        if (style.kind === 'none') style = { kind: 'return' };
        reader.array([], expr, 1);
      }
    } else if (statement.kind === 'expressionstatement') {
      const expr = statement['expression'] as Node;
      if (expr.kind === 'assign' && expr['operator'] === '=') {
        const path = assignedPath(expr['left'] as Node);
        const right = expr['right'] as Node;
        if (!path) continue;
        if (style.kind === 'none') style = { kind: 'assign', variable: path[0]! };
        // The variable of the file's assignments is not part of the key: `$lang['a']['b']` is `a.b`.
        const keyPath = path.length > 1 ? path.slice(1) : path;
        if (right.kind === 'array') reader.array(keyPath, right, 1);
        else reader.add(keyPath, right, statement, ';', statement);
      } else if (expr.kind === 'call' && (expr['what'] as Node)?.kind === 'name' && String((expr['what'] as Node)['name']).toLowerCase() === 'define') {
        const args = (expr['arguments'] as Node[]) ?? [];
        const name = args[0] ? literal(args[0]) : null;
        if (name && args[1]) reader.add([name.value], args[1], statement, ';', statement);
      }
    }
  }
  return { entries: reader.entries, arrays: reader.arrays, style, eol };
}
