// Locates format-string directives (printf-style, Python braces, ...) so the PO wrapper never splits one.
//
// GNU gettext parses a string with the parser of the first format its entry is flagged with
// (in gettext's own order of formats) and forbids line breaks inside each directive, e.g. the
// space in C's "% d" or after the '!' in Python's "{x!r}". A directive that fails to parse is not
// protected, and parsing stops at the first error, which we mirror. Formats without a scanner here
// simply get no protection; that only matters for rare directives that contain break opportunities.

/** gettext's order of format languages; the first one flagged on an entry decides. */
const FORMAT_ORDER = [
  'c', 'objc', 'python', 'python-brace', 'java', 'java-printf', 'csharp', 'javascript', 'scheme',
  'lisp', 'elisp', 'librep', 'ruby', 'sh', 'awk', 'lua', 'object-pascal', 'smalltalk', 'qt',
  'qt-plural', 'kde', 'kde-kuit', 'boost', 'tcl', 'perl', 'perl-brace', 'php', 'gcc-internal',
  'gfc-internal', 'ycp',
] as const;

/** Marks each directive [start, end] (inclusive) by calling `mark`; stops at the first error. */
type Scanner = (s: string, mark: (start: number, end: number) => void) => void;

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

function skipDigits(s: string, i: number): number {
  while (isDigit(s[i])) i++;
  return i;
}

/** "digits$" at i: returns the index after '$', or i when there is no positional argument. */
function skipPosition(s: string, i: number): number {
  const j = skipDigits(s, i);
  return j > i && s[j] === '$' ? j + 1 : i;
}

function printfScanner(flags: string, sizes: readonly string[], conversions: string): Scanner {
  return (s, mark) => {
    for (let i = 0; i < s.length; i++) {
      if (s[i] !== '%') continue;
      const start = i;
      let j = i + 1;
      if (s[j] === '%') {
        mark(start, j);
        i = j;
        continue;
      }
      j = skipPosition(s, j);
      while (j < s.length && flags.includes(s[j]!)) j++;
      if (s[j] === '*') j = skipPosition(s, j + 1);
      else j = skipDigits(s, j);
      if (s[j] === '.') {
        j++;
        if (s[j] === '*') j = skipPosition(s, j + 1);
        else j = skipDigits(s, j);
      }
      for (const size of sizes) {
        if (s.startsWith(size, j)) {
          j += size.length;
          break;
        }
      }
      if (s[j] === '<') {
        // <inttypes.h> macros such as %<PRId64>
        const close = s.indexOf('>', j);
        if (close < 0) return;
        j = close;
      } else if (j >= s.length || !conversions.includes(s[j]!)) {
        return;
      }
      mark(start, j);
      i = j;
    }
  };
}

const cScanner = printfScanner("-+ #0'I", ['hh', 'h', 'll', 'l', 'L', 'q', 'j', 'z', 'Z', 't'], 'diouxXeEfFgGaAcspnCSm');

const pythonScanner: Scanner = (s, mark) => {
  for (let i = 0; i < s.length; i++) {
    if (s[i] !== '%') continue;
    const start = i;
    let j = i + 1;
    if (s[j] === '(') {
      let depth = 1;
      j++;
      while (j < s.length && depth > 0) {
        if (s[j] === '(') depth++;
        else if (s[j] === ')') depth--;
        j++;
      }
      if (depth > 0) return;
    }
    while (j < s.length && '-+ #0'.includes(s[j]!)) j++;
    if (s[j] === '*') j++;
    else j = skipDigits(s, j);
    if (s[j] === '.') {
      j++;
      if (s[j] === '*') j++;
      else j = skipDigits(s, j);
    }
    if (s[j] === 'h' || s[j] === 'l' || s[j] === 'L') j++;
    if (j >= s.length || !'diouxXeEfFgGcrsa%'.includes(s[j]!)) return;
    mark(start, j);
    i = j;
  }
};

const isIdentChar = (c: string | undefined): boolean =>
  c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c === '_');

const pythonBraceScanner: Scanner = (s, mark) => {
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '}') {
      if (s[i + 1] !== '}') return;
      i++;
      continue;
    }
    if (c !== '{') continue;
    if (s[i + 1] === '{') {
      i++;
      continue;
    }
    const start = i;
    let j = i + 1;
    while (isIdentChar(s[j])) j++;
    for (;;) {
      if (s[j] === '.') {
        j++;
        while (isIdentChar(s[j])) j++;
      } else if (s[j] === '[') {
        const close = s.indexOf(']', j);
        if (close < 0) return;
        j = close + 1;
      } else {
        break;
      }
    }
    if (s[j] === '!') j += 2;
    if (s[j] === ':') {
      j++;
      let depth = 0;
      while (j < s.length && !(depth === 0 && s[j] === '}')) {
        if (s[j] === '{') depth++;
        else if (s[j] === '}') depth--;
        j++;
      }
    }
    if (s[j] !== '}') return;
    mark(start, j);
    i = j;
  }
};

const javascriptScanner = printfScanner('-+ 0', [], 'bcdfijosxX');
const phpScanner: Scanner = (s, mark) => {
  for (let i = 0; i < s.length; i++) {
    if (s[i] !== '%') continue;
    const start = i;
    let j = i + 1;
    if (s[j] === '%') {
      mark(start, j);
      i = j;
      continue;
    }
    j = skipPosition(s, j);
    for (;;) {
      if (s[j] === "'") j += 2; // custom padding character
      else if (s[j] !== undefined && '-+ 0'.includes(s[j]!)) j++;
      else break;
    }
    j = skipDigits(s, j);
    if (s[j] === '.') j = skipDigits(s, j + 1);
    if (j >= s.length || !'bcdeEfFgGosuxX'.includes(s[j]!)) return;
    mark(start, j);
    i = j;
  }
};

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
  c: cScanner,
  objc: cScanner,
  'gcc-internal': cScanner,
  'gfc-internal': cScanner,
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
export function directiveInteriors(value: string, format: string | undefined): Uint8Array | undefined {
  if (format === undefined || value === '') return undefined;
  const scanner = SCANNERS[format as (typeof FORMAT_ORDER)[number]];
  if (!scanner) return undefined;
  let inside: Uint8Array | undefined;
  scanner(value, (start, end) => {
    inside ??= new Uint8Array(value.length);
    inside.fill(1, start + 1, end + 1);
  });
  return inside;
}
