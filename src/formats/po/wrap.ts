// Renders one PO keyword + string (e.g. msgid "...") as quoted lines, wrapped exactly like GNU msgcat.
//
// The layout rules follow GNU gettext's PO writer (page width 79):
//  - the value is cut into portions after each "\n"; every portion starts a new line;
//  - each portion is escaped (\" \\ \n \t \r \a \b \f \v) and broken at UAX #14 opportunities,
//    greedily by display columns, never inside an escape sequence, a format directive, or just
//    before a portion's final "\n";
//  - when the value has more than one portion or needs wrapping, the first line is `keyword ""`
//    and the text starts on the next line.

import {
  BREAK_MANDATORY,
  BREAK_POSSIBLE,
  BREAK_PROHIBITED,
  BREAK_UNDEFINED,
  codePointWidth,
  possibleLineBreaks,
} from './linebreak.js';
import { directiveInteriors } from './format-directives.js';

export const PAGE_WIDTH = 79;

export interface WrapOptions {
  /** False for entries flagged no-wrap: only "\n" starts a new line. */
  wrap: boolean;
  /** Format language governing the entry (see governingFormat); protects its directives. */
  format: string | undefined;
}

const ESCAPE_LETTER: Record<number, string> = {
  0x07: 'a',
  0x08: 'b',
  0x09: 't',
  0x0a: 'n',
  0x0b: 'v',
  0x0c: 'f',
  0x0d: 'r',
};

/**
 * Chooses line breaks for `text` that fit in `width` columns, the first line starting at column
 * `startColumn`. `overrides[i]` (BREAK_PROHIBITED or BREAK_UNDEFINED) forces the decision at i.
 * Returns BREAK_POSSIBLE where a line must be broken (before that index).
 */
export function widthLineBreaks(text: string, width: number, startColumn: number, overrides?: Uint8Array): Uint8Array {
  const result = possibleLineBreaks(text);
  const n = text.length;
  let lastBreak = -1;
  let lastColumn = startColumn;
  let pieceWidth = 0;
  for (let i = 0; i < n; i++) {
    let cp = text.charCodeAt(i);
    const at = i;
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < n) {
      const lo = text.charCodeAt(i + 1);
      if (lo >= 0xdc00 && lo <= 0xdfff) {
        cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
        i++;
      }
    }
    let decision = result[at]!;
    const forced = overrides?.[at];
    if (forced !== undefined && forced !== BREAK_UNDEFINED) decision = forced;

    if ((decision === BREAK_POSSIBLE || decision === BREAK_MANDATORY) && lastBreak >= 0 && lastColumn + pieceWidth > width) {
      result[lastBreak] = BREAK_POSSIBLE;
      lastColumn = 0;
    }
    if (decision === BREAK_MANDATORY) {
      // A hard line break character: the next piece starts at column 0 (and is never moved).
      result[at] = BREAK_MANDATORY;
      lastBreak = -1;
      lastColumn = 0;
      pieceWidth = 0;
      continue;
    }
    if (decision === BREAK_POSSIBLE) {
      lastBreak = at;
      lastColumn += pieceWidth;
      pieceWidth = 0;
    }
    result[at] = BREAK_PROHIBITED;
    const w = codePointWidth(cp);
    if (w > 0) pieceWidth += w;
  }
  if (lastBreak >= 0 && lastColumn + pieceWidth > width) result[lastBreak] = BREAK_POSSIBLE;
  return result;
}

/**
 * Renders `keyword "value"` as one or more lines (without line terminators), each prefixed with
 * `prefix` ('' for active entries, '#| ' for previous strings, '#~ ' / '#~| ' for obsolete ones).
 */
export function wrapKeyword(prefix: string, keyword: string, value: string, options: WrapOptions): string[] {
  const lines: string[] = [];
  const interiors = directiveInteriors(value, options.format, keyword.startsWith('msgstr'));
  // Columns taken by the prefix and the opening quote on continuation lines.
  const indent = prefix.length + 1;
  const width = (options.wrap ? PAGE_WIDTH : Number.MAX_SAFE_INTEGER) - 1 - indent;
  let firstLine = true;
  let start = 0;
  do {
    const newline = value.indexOf('\n', start);
    const end = newline < 0 ? value.length : newline + 1;

    let portion = '';
    const overrides: number[] = [];
    for (let i = start; i < end; i++) {
      const c = value.charCodeAt(i);
      const decision = interiors?.[i] ? BREAK_PROHIBITED : BREAK_UNDEFINED;
      const letter = ESCAPE_LETTER[c];
      if (letter !== undefined) {
        portion += '\\' + letter;
        overrides.push(decision, BREAK_PROHIBITED);
      } else if (c === 0x22 || c === 0x5c) {
        portion += '\\' + value[i]!;
        overrides.push(decision, BREAK_PROHIBITED);
      } else {
        portion += value[i]!;
        // The low half of a surrogate pair can never start a line anyway.
        overrides.push(c >= 0xdc00 && c <= 0xdfff ? BREAK_PROHIBITED : decision);
      }
    }
    if (newline >= 0) overrides[overrides.length - 2] = BREAK_PROHIBITED;
    const overrideArray = Uint8Array.from(overrides);

    let breaks: Uint8Array;
    for (;;) {
      const startColumn = prefix.length + (firstLine ? keyword.length + 1 : 0) + 1 - indent;
      breaks = widthLineBreaks(portion, width, startColumn, overrideArray);
      if (
        firstLine &&
        portion.length > 0 &&
        (end < value.length || startColumn > width || breaks.includes(BREAK_POSSIBLE))
      ) {
        lines.push(`${prefix}${keyword} ""`);
        firstLine = false;
        continue;
      }
      break;
    }

    let line = firstLine ? `${prefix}${keyword} "` : `${prefix}"`;
    firstLine = false;
    let from = 0;
    for (let i = 0; i < portion.length; i++) {
      if (breaks[i] === BREAK_POSSIBLE) {
        lines.push(line + portion.slice(from, i) + '"');
        line = `${prefix}"`;
        from = i;
      }
    }
    lines.push(line + portion.slice(from) + '"');
    start = end;
  } while (start < value.length);
  return lines;
}

/** Renders source references as `#:` lines the way gettext does (page width 79). */
export function wrapReferences(references: readonly string[]): string[] {
  const lines: string[] = [];
  let line = '#:';
  let column = 2;
  for (const reference of references) {
    // gettext measures file names in bytes (they are normally ASCII).
    const width = Buffer.byteLength(reference, 'utf8') + 1;
    if (column > 2 && column + width > PAGE_WIDTH) {
      lines.push(line);
      line = '#:';
      column = 2;
    }
    line += ' ' + reference;
    column += width;
  }
  lines.push(line);
  return lines;
}
