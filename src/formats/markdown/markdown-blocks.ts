// Line patterns of CommonMark/GFM block syntax (headings, fences, breaks, HTML blocks, tables, link definitions).

/** Columns of the whitespace at `pos` (tabs stop every 4 columns), and where it ends. */
export function indentAt(text: string, pos: number, col: number): { end: number; endCol: number } {
  let p = pos;
  let c = col;
  for (;;) {
    const ch = text[p];
    if (ch === ' ') c++;
    else if (ch === '\t') c += 4 - (c % 4);
    else break;
    p++;
  }
  return { end: p, endCol: c };
}

export const THEMATIC_BREAK = /^(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$/;
export const SETEXT_UNDERLINE = /^(?:=+|-+)[ \t]*$/;
export const ATX_HEADING = /^(#{1,6})(?:[ \t]+|$)/;
export const FENCE = /^(`{3,}|~{3,})(.*)$/;
export const BULLET = /^([-+*])(?=[ \t]|$)/;
export const ORDERED = /^(\d{1,9})([.)])(?=[ \t]|$)/;
export const TASK_BOX = /^\[[ xX]\][ \t]+(?=\S)/;

/**
 * Link reference definition on one line: [label]: destination "title". The title is group 3
 * (with its delimiters). Footnote definitions ([^1]: ...) are not link definitions.
 */
export const LINK_DEFINITION =
  /^\[(?!\^)((?:[^\\\]]|\\.)+)\]:[ \t]*(<[^>\n]*>|\S+)(?:[ \t]+("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\((?:[^()\\]|\\.)*\)))?[ \t]*$/;

const BLOCK_TAGS =
  'address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h1|h2|h3|h4|h5|h6|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul';
const HTML_START: [number, RegExp][] = [
  [1, /^<(?:script|pre|style|textarea)(?=[\s>]|$)/i],
  [2, /^<!--/],
  [3, /^<\?/],
  [5, /^<!\[CDATA\[/],
  [4, /^<![A-Za-z]/],
  [6, new RegExp(`^</?(?:${BLOCK_TAGS})(?=[\\s>]|/>|$)`, 'i')],
];
const HTML_TYPE7 =
  /^(?:<[A-Za-z][A-Za-z0-9-]*(?:\s+[A-Za-z_:][\w.:-]*(?:\s*=\s*(?:[^\s"'=<>`]+|'[^']*'|"[^"]*"))?)*\s*\/?>|<\/[A-Za-z][A-Za-z0-9-]*\s*>)[ \t]*$/;
const HTML_END: Record<number, RegExp> = {
  1: /<\/(?:script|pre|style|textarea)>/i,
  2: /-->/,
  3: /\?>/,
  4: />/,
  5: /\]\]>/,
};

/** CommonMark HTML block type (1-7) starting with `line`, or 0. Type 7 cannot interrupt a paragraph. */
export function htmlBlockStart(line: string, inParagraph: boolean): number {
  if (line[0] !== '<') return 0;
  for (const [type, pattern] of HTML_START) if (pattern.test(line)) return type;
  if (!inParagraph && HTML_TYPE7.test(line) && !/^<(?:script|style|pre|textarea)\b/i.test(line)) return 7;
  return 0;
}

/** Whether an HTML block of `type` ends on this line (types 6 and 7 end at a blank line instead). */
export function htmlBlockEnds(type: number, line: string): boolean {
  const end = HTML_END[type];
  return end !== undefined && end.test(line);
}

/** A paragraph that is a single code span (`...`) has nothing to translate. */
export function isCodeSpanOnly(s: string): boolean {
  const open = /^`+/.exec(s);
  if (!open) return false;
  const n = open[0].length;
  for (let i = n; i < s.length; ) {
    const j = s.indexOf('`', i);
    if (j < 0) return false;
    let k = j;
    while (s[k] === '`') k++;
    if (k - j === n) return k === s.length;
    i = k;
  }
  return false;
}

/** Cell spans of a table row between unescaped pipes (GFM: leading and trailing pipes are optional). */
export function tableCells(text: string, start: number, end: number): [number, number][] {
  let s = start;
  let e = end;
  if (text[s] === '|') s++;
  if (e > s && text[e - 1] === '|' && text[e - 2] !== '\\') e--;
  const cells: [number, number][] = [];
  let cellStart = s;
  for (let i = s; i < e; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '|') {
      cells.push([cellStart, i]);
      cellStart = i + 1;
    }
  }
  cells.push([cellStart, e]);
  return cells.map(([a, b]) => {
    while (a < b && (text[a] === ' ' || text[a] === '\t')) a++;
    while (b > a && (text[b - 1] === ' ' || text[b - 1] === '\t')) b--;
    return [a, b];
  });
}

/** Cell count of a delimiter row (|---|:--:|), or 0 when the line is not one. */
export function delimiterRowColumns(text: string, start: number, end: number): number {
  const line = text.slice(start, end);
  if (!/^[ \t|:-]+$/.test(line) || !line.includes('-') || !/[|:]/.test(line)) return 0;
  const cells = tableCells(text, start, end);
  return cells.every(([a, b]) => /^:?-+:?$/.test(text.slice(a, b))) ? cells.length : 0;
}

/** A table cell cannot hold a line break or a bare pipe. */
export function renderCell(value: string): string {
  let out = '';
  const flat = value.replace(/\r?\n/g, ' ');
  for (let i = 0; i < flat.length; i++) {
    const ch = flat[i]!;
    if (ch === '\\' && i + 1 < flat.length) {
      out += ch + flat[++i]!;
    } else out += ch === '|' ? '\\|' : ch;
  }
  return out;
}
