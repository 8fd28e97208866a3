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
  bmpWidths,
  codePointWidth,
  LineBreaker,
  possibleLineBreaks,
  simpleLetters,
} from './linebreak.js';
import { directiveInteriors } from './format-directives.js';

export const PAGE_WIDTH = 79;

export interface WrapOptions {
  /** False for entries flagged no-wrap: only "\n" starts a new line. */
  wrap: boolean;
  /** Format language governing the entry (see governingFormat); protects its directives. */
  format: string | undefined;
}

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

/** Letter of the escape sequence for the control characters U+0007..U+000D ("\\a" .. "\\r"). */
const ESCAPE_LETTERS = 'abtnvfr';

/** True for the characters written as a two-character escape: U+0007..U+000D, '"' and '\\'. */
function isSpecial(c: number): boolean {
  return c === 0x22 || c === 0x5c || (c >= 0x07 && c <= 0x0d);
}

/** The second character of the escape sequence for special character c. */
function escapeLetter(c: number): number {
  return c === 0x22 || c === 0x5c ? c : ESCAPE_LETTERS.charCodeAt(c - 0x07);
}

/** value[start, end) with every special character escaped; only slices when there is none. */
function escapeRange(value: string, start: number, end: number): string {
  let out = '';
  let from = start;
  for (let i = start; i < end; i++) {
    const c = value.charCodeAt(i);
    if (!isSpecial(c)) continue;
    out += value.slice(from, i) + '\\' + String.fromCharCode(escapeLetter(c));
    from = i + 1;
  }
  return from === start ? value.slice(start, end) : out + value.slice(from, end);
}

/** Display columns of value[start, end) once escaped (each escape sequence takes two). */
function escapedWidth(value: string, start: number, end: number): number {
  let columns = 0;
  for (let i = start; i < end; i++) {
    const c = value.charCodeAt(i);
    if (c >= 0x20 && c < 0x7f) columns += c === 0x22 || c === 0x5c ? 2 : 1;
    else if (c >= 0x07 && c <= 0x0d) columns += 2;
    else if (c < 0xd800) {
      const w = BMP_WIDTHS[c]!;
      if (w > 0) columns += w;
    } else {
      let cp = c;
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < end) {
        const lo = value.charCodeAt(i + 1);
        if (lo >= 0xdc00 && lo <= 0xdfff) {
          cp = 0x10000 + ((c - 0xd800) << 10) + (lo - 0xdc00);
          i++;
        }
      }
      const w = codePointWidth(cp);
      if (w > 0) columns += w;
    }
  }
  return columns;
}

const breaker = new LineBreaker();
const SIMPLE_LETTERS = simpleLetters();
const BMP_WIDTHS = bmpWidths();

/**
 * Where the escaped portion value[start, end) must be broken to fit `width` columns, its first
 * line starting at `startColumn`: the same choices as widthLineBreaks over the escaped text
 * with the PO overrides (no break inside an escape sequence or a format directive, on a lone
 * low surrogate or before a portion's final "\\n"), computed in one pass over the unescaped
 * value. Returns the indices of `value` before which lines break, in increasing order; with
 * `probe`, stops at the first (only whether there is any break matters).
 */
function portionBreaks(
  value: string,
  start: number,
  end: number,
  interiors: Uint8Array | undefined,
  width: number,
  startColumn: number,
  probe: boolean,
): number[] {
  const breaks: number[] = [];
  breaker.reset();
  let lastBreak = -1;
  let lastColumn = startColumn;
  let pieceWidth = 0;
  let inWord = false;
  for (let i = start; i < end; i++) {
    const at = i;
    let cp = value.charCodeAt(i);
    if (inWord && cp < 0x250 && SIMPLE_LETTERS[cp] === 1) {
      // A letter inside a word: no opportunity, one column, line-break state unchanged.
      pieceWidth++;
      continue;
    }
    let decision: number;
    let second = -1; // the escape letter that follows a backslash
    if (isSpecial(cp)) {
      decision = breaker.next(0x5c);
      second = escapeLetter(cp);
      // A portion's final "\\n" stays on the line it ends.
      if (cp === 0x0a && i === end - 1) decision = BREAK_PROHIBITED;
    } else {
      if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < end) {
        const lo = value.charCodeAt(i + 1);
        if (lo >= 0xdc00 && lo <= 0xdfff) {
          cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
          i++;
        }
      }
      decision = breaker.next(cp);
      // The low half of a surrogate pair can never start a line anyway.
      if (cp >= 0xdc00 && cp <= 0xdfff) decision = BREAK_PROHIBITED;
    }
    if (interiors !== undefined && interiors[at]) decision = BREAK_PROHIBITED;

    if (decision !== BREAK_PROHIBITED) {
      if (lastBreak >= 0 && lastColumn + pieceWidth > width) {
        breaks.push(lastBreak);
        if (probe) return breaks;
        lastColumn = 0;
      }
      if (decision === BREAK_MANDATORY) {
        // A hard line break character: the next piece starts at column 0 (and is never moved).
        lastBreak = -1;
        lastColumn = 0;
        pieceWidth = 0;
      } else {
        lastBreak = at;
        lastColumn += pieceWidth;
        pieceWidth = 0;
      }
    }
    if (second >= 0) {
      // Backslash and letter: two columns, and never a break between them. The letter still
      // advances the line-break state (a mandatory break is impossible for it).
      breaker.next(second);
      pieceWidth += 2;
    } else if (decision !== BREAK_MANDATORY) {
      const w = cp < 0x10000 ? BMP_WIDTHS[cp]! : codePointWidth(cp);
      if (w > 0) pieceWidth += w;
    }
    inWord = breaker.inWord();
  }
  if (lastBreak >= 0 && lastColumn + pieceWidth > width) breaks.push(lastBreak);
  return breaks;
}

/**
 * Appends the lines of `keyword "value"` (without line terminators) to `lines`, each prefixed
 * with `prefix` ('' for active entries, '#| ' for previous strings, '#~ ' / '#~| ' for obsolete
 * ones).
 */
export function appendKeyword(lines: string[], prefix: string, keyword: string, value: string, options: WrapOptions): void {
  // Columns taken by the prefix and the opening quote on continuation lines.
  const indent = prefix.length + 1;
  const width = (options.wrap ? PAGE_WIDTH : Number.MAX_SAFE_INTEGER) - 1 - indent;
  let interiors: Uint8Array | undefined;
  let interiorsDone = false;
  let firstLine = true;
  let start = 0;
  do {
    const newline = value.indexOf('\n', start);
    const end = newline < 0 ? value.length : newline + 1;
    const length = end - start;
    const startColumn = keyword.length + 1;
    if (firstLine && length > 0 && (end < value.length || startColumn > width)) {
      lines.push(`${prefix}${keyword} ""`);
      firstLine = false;
    }
    const column = firstLine ? startColumn : 0;
    // Columns only grow along a line, so a portion that fits as a whole is never broken. A
    // UTF-16 code unit takes at most two columns once escaped; only portions that might fit
    // by that measure are measured exactly.
    const fits = column + 2 * length <= width || (column + length <= width && column + escapedWidth(value, start, end) <= width);
    let breaks: number[] = [];
    if (!fits) {
      if (!interiorsDone) {
        interiors = directiveInteriors(value, options.format, keyword.startsWith('msgstr'));
        interiorsDone = true;
      }
      if (firstLine) {
        breaks = portionBreaks(value, start, end, interiors, width, column, true);
        if (breaks.length > 0) {
          lines.push(`${prefix}${keyword} ""`);
          firstLine = false;
        }
      }
      if (!firstLine) breaks = portionBreaks(value, start, end, interiors, width, 0, false);
    }
    let line = firstLine ? `${prefix}${keyword} "` : `${prefix}"`;
    let from = start;
    for (const at of breaks) {
      lines.push(line + escapeRange(value, from, at) + '"');
      line = `${prefix}"`;
      from = at;
    }
    lines.push(line + escapeRange(value, from, end) + '"');
    firstLine = false;
    start = end;
  } while (start < value.length);
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
