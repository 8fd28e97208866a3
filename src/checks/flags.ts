// Weblate-style translation flags ("c-format, max-length:80, placeholders:"{x}":r"%\w+%""): parse, merge, serialize.

/** One parameter of a flag; `raw` marks the r"…" form, which placeholders: reads as a regular expression. */
export interface FlagParam {
  value: string;
  raw?: boolean;
}

/** Thrown by parseFlags in strict mode (the API turns it into a 400 on the flags field). */
export class FlagSyntaxError extends Error {
  constructor(message: string, readonly position: number) {
    super(message);
    this.name = 'FlagSyntaxError';
  }
}

/**
 * Spellings the reference accepts for the same flag. `java-messageformat` is the pre-5.x name of
 * the MessageFormat flag, now `java-format` (the reference's java_format check is Java MessageFormat).
 */
const ALIASES: Readonly<Record<string, string>> = {
  'java-messageformat': 'java-format',
  'markdown-text': 'md-text',
};

/**
 * An ordered set of flags, each with zero or more parameters. Flag names are case-sensitive like
 * the reference's, but aliases are normalised on the way in so lookups need only one spelling.
 */
export class Flags {
  private readonly map = new Map<string, FlagParam[]>();

  static parse(text: string | null | undefined): Flags {
    return parseFlags(text ?? '');
  }

  has(name: string): boolean {
    return this.map.has(name);
  }

  /** Parameters of `name` ([] for a bare flag, undefined when absent). */
  params(name: string): readonly FlagParam[] | undefined {
    return this.map.get(name);
  }

  /** The first parameter as text, e.g. "80" for max-length:80. */
  value(name: string): string | undefined {
    return this.map.get(name)?.[0]?.value;
  }

  /** The first parameter as a non-negative integer, undefined when absent or not a number. */
  intValue(name: string): number | undefined {
    const v = this.value(name);
    if (v === undefined || !/^\d+$/.test(v)) return undefined;
    return Number(v);
  }

  names(): string[] {
    return [...this.map.keys()];
  }

  get size(): number {
    return this.map.size;
  }

  /** Sets a flag; a later set replaces the parameters (later sources override earlier ones). */
  set(name: string, params: readonly (FlagParam | string)[] = []): this {
    const canonical = ALIASES[name] ?? name;
    this.map.delete(canonical); // re-insert so the serialized order follows the last writer
    this.map.set(canonical, params.map((p) => (typeof p === 'string' ? { value: p } : { ...p })));
    return this;
  }

  delete(name: string): boolean {
    return this.map.delete(ALIASES[name] ?? name);
  }

  /** True when the check with this id was switched off with ignore-<id> (dashes or underscores). */
  ignores(checkId: string): boolean {
    return this.map.has(`ignore-${checkId.replace(/_/g, '-')}`) || this.map.has(`ignore-${checkId}`);
  }

  toString(): string {
    return serializeFlags(this);
  }

  entries(): [string, readonly FlagParam[]][] {
    return [...this.map.entries()];
  }
}

const isSpace = (c: string): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r';

/**
 * Parses a comma-separated flag list. Parameters follow the name after ':'; a parameter may be
 * quoted with " or ' (backslash escapes the quote and itself) so it can hold ',', ':' or spaces,
 * and an r before the quote keeps backslashes literally (for regular expressions).
 *
 * `strict` throws on an unterminated quote or an empty flag name; the default is lenient because
 * flags come from files written by other tools, and one bad flag must not hide the others.
 */
export function parseFlags(text: string, options: { strict?: boolean } = {}): Flags {
  const flags = new Flags();
  let i = 0;
  const n = text.length;
  const fail = (message: string, at: number): void => {
    if (options.strict) throw new FlagSyntaxError(message, at);
  };
  while (i < n) {
    while (i < n && (isSpace(text[i]!) || text[i] === ',')) i++;
    if (i >= n) break;
    const parts: FlagParam[] = [];
    // Read ':'-separated parts until a ',' outside quotes.
    for (;;) {
      while (i < n && (text[i] === ' ' || text[i] === '\t')) i++;
      let raw = false;
      if (text[i] === 'r' && (text[i + 1] === '"' || text[i + 1] === "'")) {
        raw = true;
        i++;
      }
      const quote = text[i];
      if (quote === '"' || quote === "'") {
        const start = i++;
        let value = '';
        let closed = false;
        while (i < n) {
          const c = text[i]!;
          if (c === '\\' && i + 1 < n) {
            const next = text[i + 1]!;
            // Raw strings keep the backslash (regex escapes) but still let \" not end the string.
            value += raw && next !== quote ? c + next : next;
            i += 2;
            continue;
          }
          if (c === quote) {
            closed = true;
            i++;
            break;
          }
          value += c;
          i++;
        }
        if (!closed) fail('Unterminated quoted flag parameter', start);
        parts.push(raw ? { value, raw: true } : { value });
        while (i < n && (text[i] === ' ' || text[i] === '\t')) i++;
      } else {
        let j = i;
        while (j < n && text[j] !== ':' && text[j] !== ',') j++;
        parts.push({ value: text.slice(i, j).trim() });
        i = j;
      }
      if (text[i] === ':') {
        i++;
        continue;
      }
      // Anything else than ',' or the end after a quoted part is junk; skip it up to the comma.
      if (i < n && text[i] !== ',') {
        fail(`Unexpected character ${JSON.stringify(text[i])} in flags`, i);
        while (i < n && text[i] !== ',') i++;
      }
      break;
    }
    const [name, ...params] = parts;
    if (!name || !name.value) {
      fail('Empty flag name', i);
      continue;
    }
    applyFlag(flags, name.value, params);
  }
  return flags;
}

/**
 * "no-c-format" (gettext's marker that a string is *not* a format string) removes c-format that
 * an earlier source (the component's check_flags) set, and the reverse; both stay visible so a
 * serialized unit keeps what its file said.
 */
function applyFlag(flags: Flags, name: string, params: FlagParam[]): void {
  if (name.startsWith('no-') && name.endsWith('-format')) flags.delete(name.slice(3));
  else if (name.endsWith('-format') || name === 'i18next-interpolation') flags.delete(`no-${name}`);
  flags.set(name, params);
}

/**
 * Merges flag sources in increasing priority: typically component check_flags, then the file's
 * own flags (PO "#, c-format"), then the unit's extra flags. A flag with parameters from a later
 * source replaces the earlier one (max-length:40 on a unit beats max-length:80 on the component).
 */
export function mergeFlags(...sources: (Flags | string | null | undefined)[]): Flags {
  const merged = new Flags();
  for (const source of sources) {
    if (source === null || source === undefined || source === '') continue;
    const flags = typeof source === 'string' ? parseFlags(source) : source;
    for (const [name, params] of flags.entries()) applyFlag(merged, name, [...params]);
  }
  return merged;
}

const NEEDS_QUOTES = /[,:"'\\\s]|^r$|^$/;

function serializeParam(p: FlagParam): string {
  if (p.raw) return `r"${p.value.replace(/"/g, '\\"')}"`;
  if (!NEEDS_QUOTES.test(p.value) && !p.value.startsWith('r"') && !p.value.startsWith("r'")) return p.value;
  return `"${p.value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** The reverse of parseFlags: parseFlags(serializeFlags(f)) has the same flags and parameters. */
export function serializeFlags(flags: Flags): string {
  return flags
    .entries()
    .map(([name, params]) => [name, ...params.map(serializeParam)].join(':'))
    .join(', ');
}
