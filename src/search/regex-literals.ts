// Literal runs that every match of a regular expression contains: they let an index narrow a regex search.
const CLASS_ESCAPES = new Set([...'dDwWsSbBntrfv0123456789cxuUpPkN']);

function skipClass(p: string, i: number): number {
  // p[i] === '['; returns the index after the closing ']'.
  let j = i + 1;
  if (p[j] === '^') j++;
  if (p[j] === ']') j++;
  while (j < p.length && p[j] !== ']') j += p[j] === '\\' ? 2 : 1;
  return j + 1;
}

function skipGroup(p: string, i: number): number {
  // p[i] === '('; returns the index after the matching ')'.
  let depth = 0;
  let j = i;
  while (j < p.length) {
    const c = p[j];
    if (c === '\\') j += 2;
    else if (c === '[') j = skipClass(p, j);
    else {
      if (c === '(') depth++;
      else if (c === ')' && --depth === 0) return j + 1;
      j++;
    }
  }
  return j;
}

/** True when the pattern has an alternation outside groups and classes: then no literal is required. */
function hasTopLevelAlternation(p: string): boolean {
  for (let i = 0; i < p.length; ) {
    const c = p[i];
    if (c === '\\') i += 2;
    else if (c === '[') i = skipClass(p, i);
    else if (c === '(') i = skipGroup(p, i);
    else if (c === '|') return true;
    else i++;
  }
  return false;
}

/**
 * The runs of plain characters at the top level of `pattern` that any match must contain, in order of
 * appearance. Conservative: anything unclear (classes, groups, optional atoms) ends a run.
 */
export function requiredLiterals(pattern: string): string[] {
  if (hasTopLevelAlternation(pattern)) return [];
  const runs: string[] = [];
  let run = '';
  const end = () => {
    if (run) runs.push(run);
    run = '';
  };
  for (let i = 0; i < pattern.length; ) {
    const c = pattern[i]!;
    const counted = c === '{' ? /^\{(\d*)(?:,\d*)?\}/.exec(pattern.slice(i)) : null;
    if (c === '*' || c === '?' || (counted && Number(counted[1] || 0) === 0)) {
      // The previous atom may be absent: it is not part of a required run.
      run = run.slice(0, -1);
      end();
      i += counted ? counted[0].length : 1;
      if (pattern[i] === '?' || pattern[i] === '+') i++; // lazy or possessive modifier
      continue;
    }
    if (c === '+' || counted) {
      // At least once: the atom is there, but what follows need not come right after it.
      end();
      i += counted ? counted[0].length : 1;
      if (pattern[i] === '?' || pattern[i] === '+') i++;
      continue;
    }
    if (c === '\\') {
      const next = pattern[i + 1];
      if (next === undefined || CLASS_ESCAPES.has(next) || /[A-Za-z]/.test(next)) end();
      else run += next;
      i += 2;
      continue;
    }
    if (c === '[') {
      end();
      i = skipClass(pattern, i);
      continue;
    }
    if (c === '(') {
      end();
      i = skipGroup(pattern, i);
      continue;
    }
    if (c === '.' || c === '^' || c === '$' || c === ')' || c === ']') {
      end();
      i++;
      continue;
    }
    run += c;
    i++;
  }
  end();
  return runs.filter((r) => r.length > 0);
}

/** The longest required literal, if it is long enough for a trigram index. */
export function indexableLiteral(pattern: string): string | null {
  const best = requiredLiterals(pattern).reduce((a, b) => ([...b].length > [...a].length ? b : a), '');
  return [...best].length >= 3 ? best : null;
}
