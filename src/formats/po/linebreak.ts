// Line-break opportunities and column widths as GNU gettext computes them (via libunistring) for PO wrapping.
//
// msgcat does not simply wrap at spaces: it asks libunistring for UAX #14 break opportunities and
// then wraps greedily by display columns. To re-render entries byte-identically to msgcat we
// reproduce that behaviour: a pair table over line-break classes (with libunistring's deviations,
// e.g. a break is allowed between "." or ";" and a following letter), the handling of spaces,
// combining marks and joiners, and libunistring's per-character column widths.

import { lastAtMost } from '../../shared/sorted.js';
import {
  LINE_BREAK_CLASS_CODES,
  LINE_BREAK_CLASS_NAMES,
  LINE_BREAK_DATA,
  WIDTH_DATA,
} from './unicode-tables.js';

/** Break decisions, stored per UTF-16 code unit of the analysed string. */
export const BREAK_PROHIBITED = 0;
export const BREAK_POSSIBLE = 1;
export const BREAK_MANDATORY = 2;
/** Used in override arrays only: let the algorithm decide. */
export const BREAK_UNDEFINED = 3;

// Classes that take part in the pair table come first so that they can index it directly.
const PAIR_CLASSES = [
  'WJ', 'GL', 'B2', 'BA', 'BB', 'HY', 'CL', 'CP', 'EX', 'IN', 'NS', 'OP', 'OPW', 'QU', 'IS',
  'NU', 'PO', 'PR', 'SY', 'AL', 'H2', 'H3', 'ID', 'JL', 'JV', 'JT', 'HL', 'RI', 'EB', 'EM',
] as const;
const N_PAIR = PAIR_CLASSES.length;
const C_AL = PAIR_CLASSES.indexOf('AL');
const C_H2 = PAIR_CLASSES.indexOf('H2');
const C_H3 = PAIR_CLASSES.indexOf('H3');
const C_RI = PAIR_CLASSES.indexOf('RI');
const C_HL = PAIR_CLASSES.indexOf('HL');
const C_HY = PAIR_CLASSES.indexOf('HY');
const C_BA = PAIR_CLASSES.indexOf('BA');
// Classes handled outside the pair table.
const C_BK = N_PAIR;
const C_SP = N_PAIR + 1;
const C_ZW = N_PAIR + 2;
const C_CM = N_PAIR + 3;
const C_ZWJ = N_PAIR + 4;
const C_HANGUL = N_PAIR + 5; // precomposed syllable, resolved to H2/H3 arithmetically

/*
 * Rows: class before the opportunity; columns: class after it (PAIR_CLASSES order).
 * D = break allowed, I = break allowed only when spaces intervene, P = never.
 * This is UAX #14's pair table as libunistring 1.0 (used by gettext 0.21) behaves, measured
 * class pair by class pair; notably IS->AL is D, so "word;word" and "end.</p>" can wrap after
 * the punctuation, and OP is split by East Asian width (UAX #14 LB30).
 */
const PAIR_TABLE = [
  'PIIIIIPPPIIIIIPIIIPIIIIIIIIIII', // WJ
  'PIIIIIPPPIIIIIPIIIPIIIIIIIIIII', // GL
  'PIPIDIPPPIIDDIPDDDPDDDDDDDDDDD', // B2
  'PDDIDIPPPIIDDIPDDDPDDDDDDDDDDD', // BA
  'PIIIIIPPPIIIIIPIIIPIIIIIIIIIII', // BB
  'PDDIDIPPPIIDDIPIDDPDDDDDDDDDDD', // HY
  'PIDIDIPPPIPDDIPDIIPDDDDDDDDDDD', // CL
  'PIDIDIPPPIIDDIPIIIPIDDDDDDIDDD', // CP
  'PIDIDIPPPIIDDIPDDDPDDDDDDDDDDD', // EX
  'PIDIDIPPPIIDDIPDDDPDDDDDDDDDDD', // IN
  'PIDIDIPPPIIDDIPDDDPDDDDDDDDDDD', // NS
  'PPPPPPPPPPPPPPPPPPPPPPPPPPPPPP', // OP
  'PPPPPPPPPPPPPPPPPPPPPPPPPPPPPP', // OPW
  'PIIIIIPPPIIPPIPIIIPIIIIIIIIIII', // QU
  'PIDIDIPPPIIDDIPIDDPDDDDDDDDDDD', // IS
  'PIDIDIPPPIIIDIPIIIPIDDDDDDIDDD', // NU
  'PIDIDIPPPIIIIIPIDDPIDDDDDDIDDD', // PO
  'PIDIDIPPPIIIIIPIDDPIIIIIIIIDII', // PR
  'PIDIDIPPPIIDDIPIDDPDDDDDDDIDDD', // SY
  'PIDIDIPPPIIIDIPIIIPIDDDDDDIDDD', // AL
  'PIDIDIPPPIIDDIPDIDPDDDDDIIDDDD', // H2
  'PIDIDIPPPIIDDIPDIDPDDDDDDIDDDD', // H3
  'PIDIDIPPPIIDDIPDIDPDDDDDDDDDDD', // ID
  'PIDIDIPPPIIDDIPDIDPDIIDIIDDDDD', // JL
  'PIDIDIPPPIIDDIPDIDPDDDDDIIDDDD', // JV
  'PIDIDIPPPIIDDIPDIDPDDDDDDIDDDD', // JT
  'PIDIDIPPPIIIDIPIIIPIDDDDDDIDDD', // HL
  'PIDIDIPPPIIDDIPDDDPDDDDDDDDIDD', // RI
  'PIDIDIPPPIIDDIPDIDPDDDDDDDDDDI', // EB
  'PIDIDIPPPIIDDIPDIDPDDDDDDDDDDD', // EM
];

const PAIR_D = 0;
const PAIR_I = 1;
const PAIR_P = 2;
const pairTable = new Uint8Array(N_PAIR * N_PAIR);
for (let a = 0; a < N_PAIR; a++) {
  for (let b = 0; b < N_PAIR; b++) {
    const ch = PAIR_TABLE[a]![b];
    pairTable[a * N_PAIR + b] = ch === 'D' ? PAIR_D : ch === 'I' ? PAIR_I : PAIR_P;
  }
}

function classId(name: string): number {
  const i = (PAIR_CLASSES as readonly string[]).indexOf(name);
  if (i >= 0) return i;
  switch (name) {
    case 'BK': case 'CR': case 'LF': case 'NL': return C_BK;
    case 'SP': return C_SP;
    case 'ZW': return C_ZW;
    case 'CM': return C_CM;
    case 'ZWJ': return C_ZWJ;
    case 'HS': return C_HANGUL;
    default: return C_AL;
  }
}

/** Decodes a run-length table: a code character, then the base-36 distance from the previous run. */
function decodeRuns(data: string, codeToValue: (code: string) => number): { starts: Uint32Array; values: Int8Array } {
  const starts: number[] = [];
  const values: number[] = [];
  let pos = 0;
  let start = 0;
  while (pos < data.length) {
    const code = data[pos++]!;
    let n = 0;
    for (; pos < data.length; pos++) {
      const c = data.charCodeAt(pos);
      if (c >= 48 && c <= 57) n = n * 36 + (c - 48);
      else if (c >= 97 && c <= 122) n = n * 36 + (c - 87);
      else break;
    }
    start += n;
    starts.push(start);
    values.push(codeToValue(code));
  }
  return { starts: Uint32Array.from(starts), values: Int8Array.from(values) };
}

/** A code point -> small integer map: a flat table for the BMP, binary search above it. */
class CodePointTable {
  /** Values of the Basic Multilingual Plane, indexed by code point. */
  readonly bmp = new Int8Array(0x10000);
  private readonly astralStarts: Uint32Array;
  private readonly astralValues: Int8Array;

  constructor(runs: { starts: Uint32Array; values: Int8Array }) {
    const { starts, values } = runs;
    let firstAstral = starts.length;
    for (let i = 0; i < starts.length; i++) {
      const from = starts[i]!;
      if (from >= 0x10000) {
        firstAstral = i;
        break;
      }
      const to = i + 1 < starts.length ? Math.min(starts[i + 1]!, 0x10000) : 0x10000;
      this.bmp.fill(values[i]!, from, to);
    }
    // Keep the run covering U+10000 so lookups just above the BMP find it.
    const from = firstAstral > 0 ? firstAstral - 1 : 0;
    this.astralStarts = starts.subarray(from);
    this.astralValues = values.subarray(from);
  }

  get(cp: number): number {
    if (cp < 0x10000) return this.bmp[cp]!;
    return this.astralValues[lastAtMost(this.astralStarts, cp)]!;
  }
}

let lbTable: CodePointTable | undefined;
let widthTable: CodePointTable | undefined;

function lineBreakTable(): CodePointTable {
  if (!lbTable) {
    const byCode = new Map<string, number>();
    for (let i = 0; i < LINE_BREAK_CLASS_NAMES.length; i++) {
      byCode.set(LINE_BREAK_CLASS_CODES[i]!, classId(LINE_BREAK_CLASS_NAMES[i]!));
    }
    lbTable = new CodePointTable(decodeRuns(LINE_BREAK_DATA, (c) => byCode.get(c) ?? C_AL));
  }
  return lbTable;
}

function widths(): CodePointTable {
  if (!widthTable) {
    widthTable = new CodePointTable(decodeRuns(WIDTH_DATA, (c) => 'ZOTW'.indexOf(c) - 1));
  }
  return widthTable;
}

function lineBreakClass(table: CodePointTable, cp: number): number {
  const c = table.get(cp);
  if (c !== C_HANGUL) return c;
  // LV syllables are those without a trailing consonant.
  return (cp - 0xac00) % 28 === 0 ? C_H2 : C_H3;
}

let simpleLetterTable: Uint8Array | undefined;

/**
 * 1 for the code points below U+0250 that are alphabetic (line-break class AL) and one column
 * wide: ASCII and Latin letters, the bulk of most PO text.
 */
export function simpleLetters(): Uint8Array {
  if (!simpleLetterTable) {
    const classes = lineBreakTable();
    const columns = widths();
    simpleLetterTable = new Uint8Array(0x250);
    for (let cp = 0; cp < 0x250; cp++) {
      if (classes.get(cp) === C_AL && columns.get(cp) === 1) simpleLetterTable[cp] = 1;
    }
  }
  return simpleLetterTable;
}

/** Columns of the code points of the Basic Multilingual Plane (see codePointWidth). */
export function bmpWidths(): Int8Array {
  return widths().bmp;
}

/** Display width in columns of one code point: -1 for control characters, 0 for marks, 2 for wide. */
export function codePointWidth(cp: number): number {
  return widths().get(cp);
}

/**
 * UAX #14 as libunistring 1.0 implements it for a UTF-8, non-CJK locale, one code point at a
 * time: next(cp) returns the decision for the position before cp (BREAK_PROHIBITED,
 * BREAK_POSSIBLE or BREAK_MANDATORY). Start a new text with a new instance or reset().
 */
export class LineBreaker {
  private readonly table = lineBreakTable();
  private readonly bmp = this.table.bmp;
  private last: number = C_BK; // class of the last non-space character
  private spaceSeen = false; // a space follows `last`
  private afterZwj = false;
  private afterHebrew = false; // the immediately preceding character is a Hebrew letter
  private afterHebrewHyphen = false; // UAX #14 LB21a: Hebrew letter + hyphen binds the next character
  private riRun = 0; // consecutive regional indicators ending at `last`

  /**
   * True inside a word: after an alphabetic character with none of the special rules pending.
   * Then another alphabetic character (see simpleLetters) is never a break opportunity and leaves
   * the state as it is, so callers may skip next() for it.
   */
  inWord(): boolean {
    return this.last === C_AL && !this.spaceSeen && !this.afterZwj && !this.afterHebrew && !this.afterHebrewHyphen;
  }

  reset(): void {
    this.last = C_BK;
    this.spaceSeen = this.afterZwj = this.afterHebrew = this.afterHebrewHyphen = false;
    this.riRun = 0;
  }

  next(cp: number): number {
    const cls = cp < 0xac00 ? this.bmp[cp]! : lineBreakClass(this.table, cp);
    if (cls === C_SP) {
      this.afterZwj = this.afterHebrew = false;
      this.spaceSeen = true;
      return BREAK_PROHIBITED;
    }
    // The common case: two classes of the pair table, none of the rules about joiners, Hebrew
    // hyphens and regional indicators in play (`last` is BK or ZW only at their own rules).
    if (cls < N_PAIR && cls !== C_RI && cls !== C_HL && this.last < N_PAIR && !this.afterZwj && !this.afterHebrew && !this.afterHebrewHyphen) {
      const p = pairTable[this.last * N_PAIR + cls];
      this.riRun = 0;
      this.last = cls;
      const spaceSeen = this.spaceSeen;
      this.spaceSeen = false;
      return p === PAIR_D || (p === PAIR_I && spaceSeen) ? BREAK_POSSIBLE : BREAK_PROHIBITED;
    }
    return this.nextOther(cls);
  }

  private nextOther(cls: number): number {
    const prevZwj = this.afterZwj;
    this.afterZwj = cls === C_ZWJ;
    const prevHebrew = this.afterHebrew;
    this.afterHebrew = cls === C_HL;
    const last = this.last;

    if (cls === C_BK) {
      this.last = C_BK;
      this.spaceSeen = this.afterHebrewHyphen = false;
      this.riRun = 0;
      return BREAK_MANDATORY;
    }
    if (cls === C_SP) {
      this.spaceSeen = true;
      return BREAK_PROHIBITED;
    }
    if (cls === C_ZW) {
      this.last = C_ZW;
      this.spaceSeen = this.afterHebrewHyphen = false;
      this.riRun = 0;
      return BREAK_PROHIBITED;
    }
    if (cls === C_CM || cls === C_ZWJ) {
      // A mark normally extends the preceding character, so the pair logic ignores it; at the
      // start of the text, or after a space or zero-width space, it stands alone as an
      // alphabetic. It does interrupt regional-indicator pairs and the Hebrew hyphen rule.
      this.riRun = 0;
      this.afterHebrewHyphen = false;
      if (last === C_BK || last === C_ZW || this.spaceSeen) {
        this.last = C_AL;
        this.spaceSeen = false;
        return last !== C_BK ? BREAK_POSSIBLE : BREAK_PROHIBITED;
      }
      return BREAK_PROHIBITED;
    }

    const spaceSeen = this.spaceSeen;
    let decision: number;
    if (last === C_BK) {
      decision = BREAK_PROHIBITED;
    } else if (last === C_ZW) {
      decision = BREAK_POSSIBLE;
    } else if (prevZwj || (this.afterHebrewHyphen && !spaceSeen)) {
      decision = BREAK_PROHIBITED;
    } else if (last === C_RI && cls === C_RI && !spaceSeen) {
      decision = this.riRun % 2 === 1 ? BREAK_PROHIBITED : BREAK_POSSIBLE;
    } else {
      const p = pairTable[last * N_PAIR + cls];
      decision = p === PAIR_D || (p === PAIR_I && spaceSeen) ? BREAK_POSSIBLE : BREAK_PROHIBITED;
    }
    this.afterHebrewHyphen = prevHebrew && (cls === C_HY || cls === C_BA);
    this.riRun = cls === C_RI ? (last === C_RI && !spaceSeen ? this.riRun + 1 : 1) : 0;
    this.last = cls;
    this.spaceSeen = false;
    return decision;
  }
}

/**
 * Computes break opportunities before each code point of `text` (UAX #14 as libunistring 1.0
 * implements it for a UTF-8, non-CJK locale). Result is indexed by UTF-16 position; the low
 * surrogate of a pair is always BREAK_PROHIBITED.
 */
export function possibleLineBreaks(text: string): Uint8Array {
  const breaker = new LineBreaker();
  const n = text.length;
  const out = new Uint8Array(n); // BREAK_PROHIBITED everywhere by default
  for (let i = 0; i < n; i++) {
    let cp = text.charCodeAt(i);
    const start = i;
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < n) {
      const lo = text.charCodeAt(i + 1);
      if (lo >= 0xdc00 && lo <= 0xdfff) {
        cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
        i++;
      }
    }
    out[start] = breaker.next(cp);
  }
  return out;
}
