// Locates format-string directives (printf-style, Python braces, ...) so the PO wrapper never splits one.
//
// GNU gettext parses a string with the parser of the first format its entry is flagged with
// (in gettext's own order of formats) and forbids line breaks inside each directive, e.g. the
// space in C's "% d" or after the colon in Python's "{x:>10}". A directive that fails to parse is not
// protected, and parsing stops at the first error, which we mirror. Formats without a scanner here
// simply get no protection; that only matters for rare directives that contain break opportunities.

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
    for (let i = 0; i < s.length; i++) {
      if (s[i] !== '%') continue;
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
  for (let i = 0; i < s.length; i++) {
    if (s[i] !== '%') continue;
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

const isNameStart = (c: string | undefined): boolean =>
  c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_');
const isIdentChar = (c: string | undefined): boolean => isNameStart(c) || isDigit(c);

/** Python's str.format fields: "{name.attr[key]:spec}"; "{{" is a literal brace. */
const pythonBraceScanner: Scanner = (s, mark) => {
  // Returns the index of the closing '}' of the field opened at i, or -1 if it is invalid.
  const field = (i: number, topLevel: boolean): number => {
    let j = i + 1;
    const fieldName = (): boolean => {
      if (isNameStart(s[j])) {
        while (isIdentChar(s[j])) j++;
        return true;
      }
      if (isDigit(s[j])) {
        j = skipDigits(s, j);
        return true;
      }
      return false;
    };
    if (!fieldName()) return -1;
    for (;;) {
      if (s[j] === '.') {
        j++;
        if (!isNameStart(s[j])) return -1;
        while (isIdentChar(s[j])) j++;
      } else if (s[j] === '[') {
        j++;
        if (!fieldName() || s[j] !== ']') return -1;
        j++;
      } else {
        break;
      }
    }
    if (s[j] === ':') {
      if (!topLevel) return -1;
      j++;
      if (s[j] === '{') {
        if (s[j + 1] === '{') return -1;
        const close = field(j, false);
        if (close < 0) return -1;
        j = close + 1;
      } else {
        if (j >= s.length) return -1;
        const isAlign = (c: string | undefined): boolean => c === '<' || c === '>' || c === '=' || c === '^';
        if (isAlign(s[j + 1])) j += 2;
        else if (isAlign(s[j])) j++;
        if (s[j] === '+' || s[j] === '-' || s[j] === ' ') j++;
        if (s[j] === '#') j++;
        if (s[j] === '0') j++;
        j = skipDigits(s, j);
        if (s[j] === '.') j = skipDigits(s, j + 1);
        if (s[j] !== undefined && 'bcdoxXneEfFgG%'.includes(s[j]!)) j++;
      }
    }
    return s[j] === '}' ? j : -1;
  };
  for (let i = 0; i < s.length; i++) {
    if (s[i] !== '{') continue;
    if (s[i + 1] === '{') {
      i++;
      continue;
    }
    const close = field(i, true);
    if (close < 0) return;
    mark(i, close);
    i = close;
  }
};

/** printf-like formats whose directives are '%' [m$] flags [width] [.precision] conversion. */
function simplePrintfScanner(flags: string, conversions: string, options: { size?: string; precisionDigitsRequired?: boolean; quotedPadding?: boolean; checkMixing?: boolean }): Scanner {
  return (s, mark) => {
    const style = new ArgumentStyle();
    for (let i = 0; i < s.length; i++) {
      if (s[i] !== '%') continue;
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

const perlBraceScanner: Scanner = (s, mark) => {
  for (let i = 0; i < s.length; i++) {
    if (s[i] !== '{') continue;
    let j = i + 1;
    const c = s[j];
    if (c === undefined || !(isIdentChar(c) && !isDigit(c))) continue;
    while (isIdentChar(s[j])) j++;
    if (s[j] === '}') {
      mark(i, j);
      i = j;
    }
  }
};

const numberedScanner = (allowL: boolean): Scanner => (s, mark) => {
  for (let i = 0; i < s.length; i++) {
    if (s[i] !== '%') continue;
    let j = i + 1;
    if (allowL && s[j] === 'L') j++;
    if (!isDigit(s[j])) continue;
    j++;
    if (isDigit(s[j])) j++;
    mark(i, j - 1);
    i = j - 1;
  }
};

const SCANNERS: Partial<Record<(typeof FORMAT_ORDER)[number], Scanner>> = {
  c: cScanner(false),
  objc: cScanner(true),
  python: pythonScanner,
  'python-brace': pythonBraceScanner,
  javascript: javascriptScanner,
  php: phpScanner,
  'perl-brace': perlBraceScanner,
  qt: numberedScanner(true),
  'qt-plural': numberedScanner(true),
  kde: numberedScanner(false),
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
