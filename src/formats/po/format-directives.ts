// Locates format-string directives (printf-style, Python %, Java MessageFormat) so the PO wrapper never splits one.
//
// GNU gettext parses a string with the parser of the first format its entry is flagged with
// (in gettext's own order of formats) and forbids line breaks inside each directive, e.g. at the
// space of C's "% d" or after the '%' of "%+d". A directive that fails to parse is not protected,
// and parsing stops at the first error; we mirror both. The scanners follow gettext 0.21 (the
// msgcat our fixtures were written with), which protects c, objc, python, java, javascript and php
// directives but not python-brace ones. Other formats get no protection here; that only matters for
// their rare directives that contain a line-break opportunity.

/** gettext's order of format languages; the first one flagged on an entry decides. */
const FORMAT_ORDER = [
  'c', 'objc', 'python', 'python-brace', 'java', 'java-printf', 'csharp', 'javascript', 'scheme',
  'lisp', 'elisp', 'librep', 'ruby', 'sh', 'awk', 'lua', 'object-pascal', 'smalltalk', 'qt',
  'qt-plural', 'kde', 'kde-kuit', 'boost', 'tcl', 'perl', 'perl-brace', 'php', 'gcc-internal',
  'gfc-internal', 'ycp',
] as const;

/**
 * Marks each directive [start, end] (inclusive) by calling `mark`; returns at the first invalid
 * directive. `translated` is true for msgstr strings (C accepts the 'I' flag only there).
 */
type Scanner = (s: string, mark: (start: number, end: number) => void, translated: boolean) => void;

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

function skipDigits(s: string, i: number): number {
  while (isDigit(s[i])) i++;
  return i;
}

/**
 * Reads an optional "m$" argument number at i. Returns [index after it, m] or [i, 0] when absent;
 * m === -1 signals the invalid "0$".
 */
function argumentNumber(s: string, i: number): [number, number] {
  const j = skipDigits(s, i);
  if (j === i || s[j] !== '$') return [i, 0];
  const m = Number(s.slice(i, j));
  return m === 0 ? [i, -1] : [j + 1, m];
}

/** Tracks gettext's rule that numbered ("%1$s") and unnumbered ("%s") arguments do not mix. */
class ArgumentStyle {
  private numbered = false;
  private unnumbered = false;

  /** Returns false when the new argument mixes styles (an invalid format string). */
  use(numbered: boolean): boolean {
    if (numbered ? this.unnumbered : this.numbered) return false;
    if (numbered) this.numbered = true;
    else this.unnumbered = true;
    return true;
  }
}

const C_SIZES = ['hh', 'h', 'll', 'l', 'L', 'q', 'j', 'z', 'Z', 't'] as const;
/** gettext 0.21 accepts any size modifier with any of these. */
const C_CONVERSIONS = 'diouxXeEfFgGaAcsCSpn';
const C99_MACRO = /^<PRI[diouxX](?:MAX|PTR|(?:LEAST|FAST)?(?:8|16|32|64))>/;

function cScanner(objc: boolean): Scanner {
  return (s, mark, translated) => {
    const style = new ArgumentStyle();
    for (let i = s.indexOf('%'); i >= 0; i = s.indexOf('%', i + 1)) {
      const start = i;
      const [afterNumber, number] = argumentNumber(s, i + 1);
      if (number < 0) return;
      let j = afterNumber;
      while (j < s.length && (" +-#0'".includes(s[j]!) || (translated && s[j] === 'I'))) j++;
      // width and precision: digits, '*' or '*m$' (which consumes an argument)
      for (let part = 0; part < 2; part++) {
        if (part === 1) {
          if (s[j] !== '.') break;
          j++;
        }
        if (s[j] === '*') {
          const [after, m] = argumentNumber(s, j + 1);
          if (m < 0 || !style.use(m > 0)) return;
          j = after;
        } else {
          j = skipDigits(s, j);
        }
      }
      let takesArgument = true;
      if (s[j] === '<') {
        const macro = C99_MACRO.exec(s.slice(j, j + 16));
        if (!macro) return;
        j += macro[0].length - 1;
      } else {
        const size = C_SIZES.find((candidate) => s.startsWith(candidate, j)) ?? '';
        j += size.length;
        const conversion = s[j];
        if (conversion === '%' || conversion === 'm') takesArgument = false;
        else if (conversion === undefined || !(C_CONVERSIONS.includes(conversion) || (objc && conversion === '@'))) return;
      }
      if (takesArgument && !style.use(number > 0)) return;
      mark(start, j);
      i = j;
    }
  };
}

const pythonScanner: Scanner = (s, mark) => {
  let named = false;
  let unnamed = false;
  for (let i = s.indexOf('%'); i >= 0; i = s.indexOf('%', i + 1)) {
    const start = i;
    let j = i + 1;
    let hasName = false;
    if (s[j] === '(') {
      let depth = 0;
      j++;
      for (; j < s.length; j++) {
        if (s[j] === '(') depth++;
        else if (s[j] === ')') {
          if (depth === 0) break;
          depth--;
        }
      }
      if (j >= s.length) return;
      j++;
      hasName = true;
    }
    while (j < s.length && '-+ #0'.includes(s[j]!)) j++;
    for (let part = 0; part < 2; part++) {
      if (part === 1) {
        if (s[j] !== '.') break;
        j++;
      }
      if (s[j] === '*') {
        if (named) return;
        unnamed = true;
        j++;
      } else {
        j = skipDigits(s, j);
      }
    }
    if (s[j] === 'h' || s[j] === 'l' || s[j] === 'L') j++;
    const conversion = s[j];
    if (conversion === undefined || !'%csriduoxXeEfgG'.includes(conversion)) return;
    if (hasName) {
      if (unnamed) return;
      named = true;
    } else if (conversion !== '%') {
      if (named) return;
      unnamed = true;
    }
    mark(start, j);
    i = j;
  }
};

/** printf-like formats whose directives are '%' [m$] flags [width] [.precision] conversion. */
function simplePrintfScanner(flags: string, conversions: string, options: { size?: string; precisionDigitsRequired?: boolean; quotedPadding?: boolean; checkMixing?: boolean }): Scanner {
  return (s, mark) => {
    const style = new ArgumentStyle();
    for (let i = s.indexOf('%'); i >= 0; i = s.indexOf('%', i + 1)) {
      const start = i;
      if (s[i + 1] === '%') {
        mark(start, i + 1);
        i++;
        continue;
      }
      const [afterNumber, number] = argumentNumber(s, i + 1);
      if (number < 0) return;
      let j = afterNumber;
      for (;;) {
        if (options.quotedPadding && s[j] === "'") {
          if (j + 1 >= s.length) return;
          j += 2;
        } else if (j < s.length && flags.includes(s[j]!)) {
          j++;
        } else {
          break;
        }
      }
      j = skipDigits(s, j);
      if (s[j] === '.') {
        if (options.precisionDigitsRequired && !isDigit(s[j + 1])) return;
        j = skipDigits(s, j + 1);
      }
      if (options.size !== undefined && s[j] === options.size) j++;
      const conversion = s[j];
      if (conversion === undefined || !conversions.includes(conversion)) return;
      if (options.checkMixing && conversion !== '%' && !style.use(number > 0)) return;
      mark(start, j);
      i = j;
    }
  };
}

const javascriptScanner = simplePrintfScanner('-+ 0I', '%csbdoxXfj', { checkMixing: true });
const phpScanner = simplePrintfScanner('0- ', 'bduoxXefcs', { size: 'l', precisionDigitsRequired: true, quotedPadding: true });

/**
 * java.text.MessageFormat elements: "{index[,type[,style]]}" outside '...' quotes; choice styles
 * may nest braces.
 */
const javaScanner: Scanner = (s, mark) => {
  let quoted = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === "'") {
      quoted = !quoted;
      continue;
    }
    if (quoted || c !== '{') continue;
    const start = i;
    let j = skipDigits(s, i + 1);
    if (j === i + 1) return;
    if (s[j] === ',') {
      const typeStart = j + 1;
      let depth = 0;
      let inQuote = false;
      for (j = typeStart; j < s.length; j++) {
        const d = s[j];
        if (d === "'") inQuote = !inQuote;
        else if (inQuote) continue;
        else if (d === '{') depth++;
        else if (d === '}') {
          if (depth === 0) break;
          depth--;
        }
      }
      if (j >= s.length) return;
      const type = s.slice(typeStart, j).split(',')[0]!.trim();
      if (!['number', 'date', 'time', 'choice'].includes(type)) return;
    }
    if (s[j] !== '}') return;
    mark(start, j);
    i = j;
  }
};

const SCANNERS: Partial<Record<(typeof FORMAT_ORDER)[number], Scanner>> = {
  c: cScanner(false),
  objc: cScanner(true),
  python: pythonScanner,
  java: javaScanner,
  javascript: javascriptScanner,
  php: phpScanner,
};

/**
 * Picks the format whose directives govern wrapping: the first (in gettext's order) that the
 * flags mark as a format string, "possible-X-format" included, "no-X-format" excluded.
 */
export function governingFormat(flags: readonly string[]): string | undefined {
  let best = -1;
  for (const flag of flags) {
    if (!flag.endsWith('-format')) continue;
    let name = flag.slice(0, -'-format'.length);
    if (name.startsWith('no-') || name.startsWith('impossible-')) continue;
    if (name.startsWith('possible-')) name = name.slice('possible-'.length);
    const index = (FORMAT_ORDER as readonly string[]).indexOf(name);
    if (index >= 0 && (best < 0 || index < best)) best = index;
  }
  return best < 0 ? undefined : FORMAT_ORDER[best];
}

/**
 * Returns, per UTF-16 index of `value`, 1 where a line break is forbidden because the position
 * is inside (not at the start of) a format directive; undefined when there is nothing to protect.
 */
export function directiveInteriors(value: string, format: string | undefined, translated: boolean): Uint8Array | undefined {
  if (format === undefined || value === '') return undefined;
  const scanner = SCANNERS[format as (typeof FORMAT_ORDER)[number]];
  if (!scanner) return undefined;
  let inside: Uint8Array | undefined;
  scanner(
    value,
    (start, end) => {
      inside ??= new Uint8Array(value.length);
      inside.fill(1, start + 1, end + 1);
    },
    translated,
  );
  return inside;
}
