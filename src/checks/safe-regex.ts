// Compiles user-supplied regular expressions (regex:, placeholders:r"…", search r"…") for RE2, whose matching time is linear in the text.
import { RE2JS } from 're2js';

/** Longer patterns are refused: flags and searches are short, and a long pattern is more likely to be hostile. */
export const MAX_PATTERN_LENGTH = 1000;
const CACHE_LIMIT = 2000;
/**
 * RE2's time per character grows with the size of its program (counted repetitions like "[\w ]{1,1000}"
 * are copied out): at this size a character still costs about a microsecond in the worst case.
 */
export const MAX_PROGRAM_SIZE = 500;

export type CompiledRegex = { ok: true; regex: RegExp } | { ok: false; error: string };

const cache = new Map<string, CompiledRegex>();

function re2Flags(flags: string): number {
  let n = 0;
  if (flags.includes('i')) n |= RE2JS.CASE_INSENSITIVE;
  if (flags.includes('m')) n |= RE2JS.MULTILINE;
  if (flags.includes('s')) n |= RE2JS.DOTALL;
  return n;
}

/**
 * A RegExp whose matching runs on RE2 (re2js) instead of V8's backtracking engine, so no pattern can
 * make a match take more than linear time in the text: a static check for "dangerous shapes" always
 * misses some (overlapping alternatives, adjacent quantifiers). It stays a RegExp so that callers and
 * String.prototype.match/matchAll/replace/search/split keep working: all of them go through exec,
 * and V8 never runs (so never compiles) the pattern it parsed for the RegExp itself.
 */
export class LinearRegExp extends RegExp {
  readonly #re2: RE2JS;

  /** Throws a SyntaxError when JavaScript refuses the pattern, and RE2's error when RE2 does (backreferences, lookarounds). */
  constructor(pattern: string | RegExp, flags?: string) {
    super(pattern, flags);
    // The translation below reads "\k" and "\8" as the letters JavaScript's legacy mode makes of them
    // without named groups; with them they are backreferences, which RE2 cannot run.
    const reference = /\\(?:k<|[89])/.exec(this.source.replace(/\\\\/g, ''));
    if (reference) throw new Error(`invalid escape sequence: \`${reference[0].slice(0, 2)}\``);
    // The JavaScript spelling ("\u00e9", "\cA") translated to RE2's.
    this.#re2 = RE2JS.compile(RE2JS.translateRegExp(this.source), re2Flags(this.flags));
    const size = this.#re2.programSize();
    if (size > MAX_PROGRAM_SIZE) throw new Error(`too complex (${size} instructions, at most ${MAX_PROGRAM_SIZE}): use smaller repetition counts`);
  }

  override exec(input: string): RegExpExecArray | null {
    const text = String(input);
    const advancing = this.global || this.sticky;
    const from = advancing ? this.lastIndex : 0;
    const matcher = from <= text.length ? this.#re2.matcher(text) : undefined;
    // The leftmost match from `from` starts at `from` whenever any match does, which is what sticky asks for.
    if (!matcher?.find(from) || (this.sticky && matcher.start() !== from)) {
      if (advancing) this.lastIndex = 0;
      return null;
    }
    if (advancing) this.lastIndex = matcher.end();
    const count = matcher.groupCount();
    const result = [] as unknown as RegExpExecArray;
    const indices: ([number, number] | undefined)[] = [];
    for (let g = 0; g <= count; g++) {
      const value = matcher.group(g);
      result.push(value ?? (undefined as unknown as string));
      indices.push(value === null ? undefined : [matcher.start(g), matcher.end(g)]);
    }
    result.index = matcher.start();
    result.input = text;
    const names = Object.entries(this.#re2.namedGroups());
    let groups: Record<string, string> | undefined;
    let indexGroups: Record<string, [number, number] | undefined> | undefined;
    if (names.length) {
      // An unmatched group is undefined, as in JavaScript (the DOM typing says string).
      groups = Object.create(null) as Record<string, string>;
      indexGroups = Object.create(null) as Record<string, [number, number] | undefined>;
      for (const [name, g] of names) {
        groups[name] = result[g]!;
        indexGroups[name] = indices[g];
      }
    }
    result.groups = groups;
    if (this.hasIndices) result.indices = Object.assign(indices, { groups: indexGroups }) as RegExpIndicesArray;
    return result;
  }

  /** The boolean test without capture groups: RE2's DFA, the fast path of searches. */
  override test(input: string): boolean {
    if (this.global || this.sticky) return this.exec(input) !== null;
    return this.#re2.test(String(input));
  }
}

/** Python syntax the reference's users write, translated to its JavaScript spelling. */
function fromPython(pattern: string): { source: string; flags: string } {
  let flags = '';
  let source = pattern;
  const inline = /^\(\?([aiLmsux]+)\)/.exec(source);
  if (inline) {
    if (inline[1]!.includes('i')) flags += 'i';
    if (inline[1]!.includes('m')) flags += 'm';
    if (inline[1]!.includes('s')) flags += 's';
    source = source.slice(inline[0].length);
  }
  source = source.replace(/\(\?P=(\w+)\)/g, '\\k<$1>').replace(/\(\?P</g, '(?<').replace(/\\A/g, '^').replace(/\\Z/g, '$');
  return { source, flags };
}

/** RE2's parse error, with what it usually means for a pattern written for a backtracking engine. */
function unsupported(source: string, e: unknown): string {
  const message = String((e as Error).message ?? e).replace(/^error parsing regexp: /, '');
  const hint = /\\[1-9k]|\(\?(?:=|!|<=|<!)/.test(source)
    ? ' (backreferences and lookaround assertions are not supported)'
    : '';
  return `unsupported regular expression: ${message}${hint}`;
}

function compile(source: string, flags: string): CompiledRegex {
  let syntaxError: Error;
  // Python accepts escapes like "\:" that unicode mode rejects: legacy mode is the second try.
  for (const f of [`${flags}u`, flags]) {
    try {
      new RegExp(source, f);
    } catch (e) {
      syntaxError = e as Error;
      continue;
    }
    try {
      return { ok: true, regex: new LinearRegExp(source, f) };
    } catch (e) {
      return { ok: false, error: unsupported(source, e) };
    }
  }
  return { ok: false, error: `invalid regular expression: ${syntaxError!.message}` };
}

/**
 * Compiles `pattern` (cached by pattern and flags) into a LinearRegExp. Invalid patterns, and ones
 * RE2 cannot run (backreferences, lookarounds), come back as `{ok: false, error}` so a flag can be
 * rejected when it is saved, a search answered with a 400, and a check given one skips.
 */
export function compileUserRegex(pattern: string, extraFlags = ''): CompiledRegex {
  const key = `${extraFlags}\u0000${pattern}`;
  const cached = cache.get(key);
  if (cached) return cached;
  let result: CompiledRegex;
  if (pattern.length > MAX_PATTERN_LENGTH) {
    result = { ok: false, error: `regular expression longer than ${MAX_PATTERN_LENGTH} characters` };
  } else {
    const { source, flags } = fromPython(pattern);
    result = compile(source, [...new Set(flags + extraFlags)].join(''));
  }
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(key, result);
  return result;
}
