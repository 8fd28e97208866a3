// Splits Markdown (CommonMark + GFM tables) into segments with a line-based block parser that keeps every offset.

import type { Segment } from '../html/document-store.js';
import { detectEol, LineCounter } from '../html/document-text.js';
import { segmentHtml, wholeLines } from '../html/html-segmenter.js';
import {
  ATX_HEADING,
  BULLET,
  delimiterRowColumns,
  FENCE,
  htmlBlockEnds,
  htmlBlockStart,
  indentAt,
  isCodeSpanOnly,
  LINK_DEFINITION,
  ORDERED,
  renderCell,
  SETEXT_UNDERLINE,
  tableCells,
  TASK_BOX,
  THEMATIC_BREAK,
} from './markdown-blocks.js';

/** Deepest nesting of block quotes and list items recognised (markdown-it stops at 100 too). */
const MAX_CONTAINERS = 100;

interface Container {
  kind: 'quote' | 'item';
  /** Items: column where the item's content starts. */
  col: number;
  /** What a continuation line repeats for this container: "> " or the item's indentation. */
  prefix: string;
}

interface ParagraphLine {
  lineStart: number;
  start: number;
  end: number;
}

interface Paragraph {
  lines: ParagraphLine[];
  where: string;
  prefix: string;
  topLevel: boolean;
}

interface HtmlBlock {
  type: number;
  start: number;
  end: number;
  /** Inside a block quote the "> " markers would read as text: such blocks are not segmented. */
  quoted: boolean;
}

const isBlank = (s: string): boolean => /^[ \t]*$/.test(s);

/** Lines of YAML (---) or TOML (+++) front matter at the very start, as an end offset; 0 when there is none. */
function frontMatterEnd(text: string): number {
  const open = /^(---|\+\+\+)[ \t]*\r?\n/.exec(text);
  if (!open) return 0;
  const fence = open[1] === '---' ? /^(?:---|\.\.\.)[ \t]*$/ : /^\+\+\+[ \t]*$/;
  let at = open[0].length;
  while (at < text.length) {
    let end = text.indexOf('\n', at);
    if (end < 0) end = text.length;
    const line = text.slice(at, end).replace(/\r$/, '');
    if (fence.test(line)) return Math.min(text.length, end + 1);
    at = end + 1;
  }
  return 0;
}

/**
 * Segments: headings, paragraphs (also inside list items and block quotes; task boxes stay
 * outside), GFM table cells, link reference definition titles, and the text of HTML blocks (as
 * HTML). Not translated: front matter, fenced and indented code, HTML comments and raw blocks,
 * paragraphs that are a single code span. Segment texts are raw Markdown; line prefixes of block
 * quotes and list items are removed from the text and written back on every new line.
 */
export function segmentMarkdown(text: string): Segment[] {
  const eol = detectEol(text);
  const lines = new LineCounter(text);
  const out: Segment[] = [];
  const stack: Container[] = [];
  let para: Paragraph | null = null;
  let fence: { close: RegExp } | null = null;
  let html: HtmlBlock | null = null;
  let table = false;

  const containerPrefix = (): string => stack.map((c) => c.prefix).join('');
  const innermostWhere = (): string => {
    const last = stack[stack.length - 1];
    return last === undefined ? 'paragraph' : last.kind === 'item' ? 'list item' : 'block quote';
  };

  /** `blockEnd`: end of the block's last line (a setext underline, an ATX closing sequence) for removal. */
  const emitParagraph = (p: Paragraph, where: string, blockEnd: number, oneLine = false): void => {
    const last = p.lines.length - 1;
    let end = p.lines[last]!.end;
    while (end > p.lines[last]!.start && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
    const parts = p.lines.map((l, i) => text.slice(l.start, i === last ? end : l.end));
    const value = parts.join('\n');
    if (value === '' || isCodeSpanOnly(value)) return;
    const second = p.lines[1];
    const prefix = second ? text.slice(second.lineStart, second.start) : p.prefix;
    const start = p.lines[0]!.start;
    const segment: Segment = {
      start,
      end,
      text: value,
      line: lines.lineOf(start),
      where,
      render: oneLine ? renderAtxHeading : joiner(eol + prefix),
    };
    if (p.topLevel) [segment.removeStart, segment.removeEnd] = withBlankLine(text, ...wholeLines(text, p.lines[0]!.lineStart, blockEnd));
    out.push(segment);
  };

  const closeParagraph = (): void => {
    if (para) emitParagraph(para, para.where, para.lines[para.lines.length - 1]!.end);
    para = null;
  };

  const closeHtml = (): void => {
    if (html && !html.quoted && (html.type === 6 || html.type === 7)) {
      try {
        for (const segment of segmentHtml(text, html.start, html.end)) out.push(segment);
      } catch {
        // An HTML block cut short by a blank line (e.g. an unclosed comment) is left untranslated.
      }
    }
    html = null;
  };

  const emitCells = (start: number, end: number, where: string): void => {
    for (const [a, b] of tableCells(text, start, end)) {
      const value = text.slice(a, b);
      if (value === '' || isCodeSpanOnly(value)) continue;
      out.push({ start: a, end: b, text: value, line: lines.lineOf(a), where, render: renderCell });
    }
  };

  /**
   * Whether the text at `pos` starts a block other than a paragraph (so it is no lazy
   * continuation). `sibling`: an open list item was left, so any list marker starts a new item.
   */
  const startsBlock = (pos: number, col: number, lineEnd: number, sibling = false): boolean => {
    const ind = indentAt(text, pos, col);
    if (ind.endCol - col >= 4) return false;
    const rest = text.slice(ind.end, lineEnd);
    if (rest[0] === '>' || ATX_HEADING.test(rest) || THEMATIC_BREAK.test(rest) || htmlBlockStart(rest, true) !== 0) return true;
    const f = FENCE.exec(rest);
    if (f && !(f[1]![0] === '`' && f[2]!.includes('`'))) return true;
    const bullet = BULLET.exec(rest);
    if (bullet && (sibling || !isBlank(rest.slice(1)))) return true;
    const ordered = ORDERED.exec(rest);
    return ordered !== null && (sibling || (ordered[1] === '1' && !isBlank(rest.slice(ordered[0].length))));
  };

  let at = frontMatterEnd(text);
  while (at < text.length) {
    let lineEnd = text.indexOf('\n', at);
    if (lineEnd < 0) lineEnd = text.length;
    const next = lineEnd + 1;
    if (lineEnd > at && text[lineEnd - 1] === '\r') lineEnd--;
    const lineStart = at;
    at = next;

    // 1. Continue the open containers.
    let pos = lineStart;
    let col = 0;
    let matched = 0;
    for (; matched < stack.length; matched++) {
      const c = stack[matched]!;
      const ind = indentAt(text, pos, col);
      if (c.kind === 'quote') {
        if (ind.endCol - col > 3 || text[ind.end] !== '>') break;
        pos = ind.end + 1;
        col = ind.endCol + 1;
        if (text[pos] === ' ' || text[pos] === '\t') {
          col = text[pos] === ' ' ? col + 1 : col + 4 - (col % 4);
          pos++;
        }
      } else if (ind.end >= lineEnd) {
        pos = ind.end;
        col = ind.endCol;
      } else if (ind.endCol >= c.col) {
        while (col < c.col && (text[pos] === ' ' || text[pos] === '\t')) {
          col = text[pos] === ' ' ? col + 1 : col + 4 - (col % 4);
          pos++;
        }
      } else break;
    }
    const blank = isBlank(text.slice(pos, lineEnd));

    // 2. Leaf blocks that swallow whole lines.
    if (fence) {
      if (matched === stack.length) {
        const ind = indentAt(text, pos, col);
        const rest = text.slice(ind.end, lineEnd);
        if (ind.endCol - col < 4 && fence.close.test(rest)) fence = null;
        continue;
      }
      fence = null;
    }
    if (html) {
      if (matched === stack.length) {
        if ((html.type === 6 || html.type === 7) && blank) {
          closeHtml();
          continue;
        }
        html.end = lineEnd;
        if (htmlBlockEnds(html.type, text.slice(pos, lineEnd))) closeHtml();
        continue;
      }
      closeHtml();
    }
    if (matched < stack.length) {
      const sibling = stack.slice(matched).some((c) => c.kind === 'item');
      if (para && !blank && !startsBlock(pos, col, lineEnd, sibling)) {
        const ind = indentAt(text, pos, col);
        (para as Paragraph).lines.push({ lineStart, start: ind.end, end: lineEnd });
        continue; // lazy continuation line
      }
      closeParagraph();
      table = false;
      stack.length = matched;
    }

    // 3. Open new containers.
    let opened = false;
    for (;;) {
      // Each level rescans the rest of the line: without a cap "- - - …" on one line is quadratic (a 64 kB line took
      // seconds). Deeper markers stay text, as markdown-it's nesting limit does.
      if (stack.length >= MAX_CONTAINERS) break;
      const ind = indentAt(text, pos, col);
      if (ind.endCol - col > 3) break;
      const rest = text.slice(ind.end, lineEnd);
      if (para && !opened && SETEXT_UNDERLINE.test(rest)) break;
      if (THEMATIC_BREAK.test(rest)) break;
      if (rest[0] === '>') {
        closeParagraph();
        table = false;
        stack.push({ kind: 'quote', col: 0, prefix: '> ' });
        pos = ind.end + 1;
        col = ind.endCol + 1;
        if (text[pos] === ' ' || text[pos] === '\t') {
          col = text[pos] === ' ' ? col + 1 : col + 4 - (col % 4);
          pos++;
        }
        opened = true;
        continue;
      }
      const marker = BULLET.exec(rest) ?? ORDERED.exec(rest);
      if (!marker) break;
      const afterMarker = ind.end + marker[0].length;
      const emptyItem = isBlank(text.slice(afterMarker, lineEnd));
      if (para && !opened && (emptyItem || (marker.length > 2 && marker[1] !== '1'))) break;
      closeParagraph();
      table = false;
      const markerCol = ind.endCol + marker[0].length;
      const spaces = indentAt(text, afterMarker, markerCol);
      const width = spaces.endCol - markerCol;
      const contentCol = emptyItem || width > 4 ? markerCol + 1 : spaces.endCol;
      stack.push({ kind: 'item', col: contentCol, prefix: ' '.repeat(contentCol - col) });
      pos = afterMarker;
      col = markerCol;
      while (col < contentCol && (text[pos] === ' ' || text[pos] === '\t')) {
        col = text[pos] === ' ' ? col + 1 : col + 4 - (col % 4);
        pos++;
      }
      const box = TASK_BOX.exec(text.slice(pos, lineEnd));
      if (box) {
        pos += box[0].length;
        col += box[0].length;
      }
      opened = true;
    }

    // 4. The leaf block on the rest of the line.
    const ind = indentAt(text, pos, col);
    const indent = ind.endCol - col;
    const rest = text.slice(ind.end, lineEnd);
    if (isBlank(rest)) {
      closeParagraph();
      table = false;
      continue;
    }
    if (para && indent < 4) {
      const p: Paragraph = para;
      if (SETEXT_UNDERLINE.test(rest)) {
        emitParagraph(p, 'heading', lineEnd);
        para = null;
        continue;
      }
      const columns = p.lines.length === 1 ? delimiterRowColumns(text, ind.end, lineEnd) : 0;
      const header = p.lines[0]!;
      if (columns > 0 && tableCells(text, header.start, header.end).length === columns) {
        emitCells(header.start, header.end, 'table cell');
        para = null;
        table = true;
        continue;
      }
    }
    if (table && !opened) {
      if (!startsBlock(pos, col, lineEnd)) {
        emitCells(ind.end, lineEnd, 'table cell');
        continue;
      }
      table = false;
    }
    if (indent >= 4) {
      if (para) (para as Paragraph).lines.push({ lineStart, start: ind.end, end: lineEnd });
      continue; // otherwise indented code
    }
    const f = FENCE.exec(rest);
    if (f && !(f[1]![0] === '`' && f[2]!.includes('`'))) {
      closeParagraph();
      fence = { close: new RegExp(`^${f[1]![0] === '`' ? '`' : '~'}{${f[1]!.length},}[ \\t]*$`) };
      continue;
    }
    const atx = ATX_HEADING.exec(rest);
    if (atx) {
      closeParagraph();
      const s = ind.end + atx[0].length;
      let e = lineEnd;
      while (e > s && (text[e - 1] === ' ' || text[e - 1] === '\t')) e--;
      let c = e;
      while (c > s && text[c - 1] === '#') c--;
      if (c === s || text[c - 1] === ' ' || text[c - 1] === '\t') {
        e = c;
        while (e > s && (text[e - 1] === ' ' || text[e - 1] === '\t')) e--;
      }
      if (e > s) {
        para = { lines: [{ lineStart, start: s, end: e }], where: 'heading', prefix: '', topLevel: stack.length === 0 };
        emitParagraph(para, 'heading', lineEnd, true);
        para = null;
      }
      continue;
    }
    if (THEMATIC_BREAK.test(rest)) {
      closeParagraph();
      continue;
    }
    const htmlType = htmlBlockStart(rest, para !== null);
    if (htmlType !== 0) {
      closeParagraph();
      html = { type: htmlType, start: lineStart, end: lineEnd, quoted: stack.some((c) => c.kind === 'quote') };
      if (htmlBlockEnds(htmlType, rest.slice(htmlType === 4 ? 2 : 1))) closeHtml();
      continue;
    }
    if (!para) {
      const definition = LINK_DEFINITION.exec(rest);
      if (definition) {
        const title = definition[3];
        if (title !== undefined && title.length > 2) {
          const e = ind.end + rest.lastIndexOf(title) + title.length - 1;
          const s = e - (title.length - 2);
          const close = title[title.length - 1]!;
          out.push({
            start: s,
            end: e,
            text: text.slice(s, e),
            line: lines.lineOf(s),
            where: 'link title',
            render: (t) => flatten(t).replace(close === ')' ? /[()]/g : new RegExp(close, 'g'), (m) => `\\${m}`),
          });
        }
        continue;
      }
      para = { lines: [{ lineStart, start: ind.end, end: lineEnd }], where: innermostWhere(), prefix: containerPrefix(), topLevel: stack.length === 0 };
      continue;
    }
    (para as Paragraph).lines.push({ lineStart, start: ind.end, end: lineEnd });
  }
  closeParagraph();
  closeHtml();
  return out.sort((a, b) => a.start - b.start);
}

/** A removed block also takes one blank line after it when a blank line (or the start) precedes it. */
function withBlankLine(text: string, start: number, end: number): [number, number] {
  if (end > 0 && text[end - 1] !== '\n') return [start, end];
  const blankBefore = start === 0 || /\n[ \t]*\r?\n$/.test(text.slice(Math.max(0, start - 8), start)) || /^[ \t]*\r?\n$/.test(text.slice(0, start));
  const blankAfter = /^[ \t]*\r?\n/.exec(text.slice(end, end + 80));
  return blankBefore && blankAfter ? [start, end + blankAfter[0].length] : [start, end];
}

const joiners = new Map<string, (t: string) => string>();

/** Renders a multi-line text with each new line starting with `separator` (EOL and container prefix); shared per separator. */
function joiner(separator: string): (t: string) => string {
  let render = joiners.get(separator);
  if (!render) {
    render = (t) => t.split(/\r?\n/).join(separator);
    joiners.set(separator, render);
  }
  return render;
}

/** An ATX heading holds one line, and a trailing " #" would read as its closing sequence. */
function renderAtxHeading(t: string): string {
  return flatten(t).replace(/(^|[ \t])(#+)([ \t]*)$/, '$1\\$2$3');
}

/** Headings and cells hold one line: line breaks become spaces. */
function flatten(t: string): string {
  return t.replace(/\r?\n/g, ' ');
}
