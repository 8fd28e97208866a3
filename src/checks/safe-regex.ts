// Compiles user-supplied regular expressions (regex:, placeholders:r"…") once, refusing ones that can backtrack catastrophically.

/** Longer patterns are refused: flags are short, and a long pattern is more likely to be hostile. */
export const MAX_PATTERN_LENGTH = 1000;
const CACHE_LIMIT = 2000;

export type CompiledRegex = { ok: true; regex: RegExp } | { ok: false; error: string };

const cache = new Map<string, CompiledRegex>();

/**
 * Finds a quantified group that itself contains a quantifier ("(a+)+", "(\w+\s?)*") or a
 * backreference: the shapes that make a backtracking engine take exponential time. Character
 * classes and escapes are skipped so "[+*]" or "\+" do not count.
 */
export function dangerousShape(pattern: string): string | undefined {
  // Stack of "does this open group contain a quantifier" for each open '('.
  const stack: boolean[] = [];
  let i = 0;
  const n = pattern.length;
  const isQuantifierAt = (k: number): boolean => {
    const c = pattern[k];
    if (c === '*' || c === '+') return true;
    if (c === '{') return /^\{\d+(,\d*)?\}/.test(pattern.slice(k, k + 12));
    return false;
  };
  while (i < n) {
    const c = pattern[i]!;
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      if (/[1-9]/.test(next) || (next === 'k' && pattern[i + 2] === '<')) return 'backreferences are not allowed';
      i += 2;
      if (isQuantifierAt(i) && stack.length) stack[stack.length - 1] = true;
      continue;
    }
    if (c === '[') {
      i++;
      if (pattern[i] === '^') i++;
      if (pattern[i] === ']') i++;
      while (i < n && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
      i++;
      if (isQuantifierAt(i) && stack.length) stack[stack.length - 1] = true;
      continue;
    }
    if (c === '(') {
      if (pattern.startsWith('(?P=', i)) return 'backreferences are not allowed';
      stack.push(false);
      i++;
      continue;
    }
    if (c === ')') {
      const inner = stack.pop() ?? false;
      i++;
      const quantified = isQuantifierAt(i);
      if (quantified && inner) return 'nested quantifiers can make matching take exponential time';
      // The closed group counts as a quantified item inside its parent.
      if ((quantified || inner) && stack.length) stack[stack.length - 1] = true;
      continue;
    }
    if (isQuantifierAt(i) && stack.length) stack[stack.length - 1] = true;
    i++;
  }
  return undefined;
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
  source = source.replace(/\(\?P</g, '(?<').replace(/\\A/g, '^').replace(/\\Z/g, '$');
  return { source, flags };
}

/**
 * Compiles `pattern` (cached by pattern and flags). Invalid or dangerous patterns come back as
 * `{ok: false, error}` so the flag can be rejected when it is saved, and a check given one skips
 * rather than hangs.
 */
export function compileUserRegex(pattern: string, extraFlags = ''): CompiledRegex {
  const key = `${extraFlags}\u0000${pattern}`;
  const cached = cache.get(key);
  if (cached) return cached;
  let result: CompiledRegex;
  if (pattern.length > MAX_PATTERN_LENGTH) {
    result = { ok: false, error: `regular expression longer than ${MAX_PATTERN_LENGTH} characters` };
  } else {
    const danger = dangerousShape(pattern);
    if (danger) {
      result = { ok: false, error: danger };
    } else {
      const { source, flags } = fromPython(pattern);
      const allFlags = [...new Set(flags + extraFlags)].join('');
      try {
        result = { ok: true, regex: new RegExp(source, `${allFlags}u`) };
      } catch {
        // Python accepts escapes like "\:" that unicode mode rejects; retry in legacy mode.
        try {
          result = { ok: true, regex: new RegExp(source, allFlags) };
        } catch (e) {
          result = { ok: false, error: `invalid regular expression: ${(e as Error).message}` };
        }
      }
    }
  }
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(key, result);
  return result;
}
