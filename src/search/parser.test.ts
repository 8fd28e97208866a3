// Grammar of the search query language: terms, operators, values, boolean precedence, limits and error positions.
import { describe, expect, it } from 'vitest';
import type { Node, TermNode } from './ast.js';
import { LIMITS, SearchQueryError } from './errors.js';
import { FIELDS } from './fields.js';
import { parseQuery } from './parser.js';

const NOW = new Date('2024-03-15T12:34:56.000Z');
const parse = (q: string) => parseQuery(q, { now: NOW });
const term = (q: string) => {
  const n = parse(q);
  expect(n?.type).toBe('term');
  return n as TermNode;
};

/** A compact rendering of the tree: terms as field=value, groups as (AND …) / (OR …) / (NOT …). */
function show(n: Node | null): string {
  if (!n) return '∅';
  switch (n.type) {
    case 'term': {
      const v = n.value;
      const value = v.kind === 'text' ? (v.match === 'exact' ? `=${v.text}` : v.text) : v.kind === 'regex' ? `/${v.pattern}/` : JSON.stringify(v);
      return n.field ? `${n.field}:${value}` : value;
    }
    case 'not':
      return `(NOT ${show(n.child)})`;
    default:
      return `(${n.type.toUpperCase()} ${n.children.map(show).join(' ')})`;
  }
}

function error(q: string): SearchQueryError {
  try {
    parse(q);
  } catch (e) {
    expect(e).toBeInstanceOf(SearchQueryError);
    return e as SearchQueryError;
  }
  throw new Error(`no error for ${q}`);
}

describe('search grammar: boolean structure', () => {
  it('empty and blank queries match everything', () => {
    expect(parse('')).toBeNull();
    expect(parse('   \t ')).toBeNull();
  });

  it('juxtaposition is AND and binds tighter than OR', () => {
    expect(show(parse('a b OR c'))).toBe('(OR (AND a b) c)');
    expect(show(parse('a OR b c'))).toBe('(OR a (AND b c))');
    expect(show(parse('a AND b OR c AND d'))).toBe('(OR (AND a b) (AND c d))');
  });

  it('NOT binds tighter than AND; keywords are case-insensitive', () => {
    expect(show(parse('not a and b'))).toBe('(AND (NOT a) b)');
    expect(show(parse('a Or NOT b'))).toBe('(OR a (NOT b))');
    expect(show(parse('NOT NOT a'))).toBe('(NOT (NOT a))');
    expect(show(parse('a AnD b'))).toBe('(AND a b)');
  });

  it('parentheses group and nested groups of the same kind flatten', () => {
    expect(show(parse('(a OR b) c'))).toBe('(AND (OR a b) c)');
    expect(show(parse('a AND (b AND c)'))).toBe('(AND a b c)');
    expect(show(parse('NOT (a OR b)'))).toBe('(NOT (OR a b))');
    expect(show(parse('((a))'))).toBe('a');
    expect(show(parse('(source:x)target:y'))).toBe('(AND source:x target:y)');
  });

  it('quoted words keep spaces and keywords; URLs are bare words', () => {
    expect(show(parse('"and" \'or not\''))).toBe('(AND and or not)');
    expect(show(parse('"a \\"b\\" c"'))).toBe('a "b" c');
    expect(show(parse('http://example.com/x?a=b'))).toBe('http://example.com/x?a=b');
    expect(show(parse('HTTPS://x.org mailto:me@x.org ftp:/a'))).toBe('(AND HTTPS://x.org mailto:me@x.org ftp:/a)');
    expect(show(parse('12:30 -:x'))).toBe('(AND 12:30 -:x)');
  });
});

describe('search grammar: terms and operators', () => {
  it('text fields: substring, exact, regex, and comparison operators become literal text', () => {
    expect(term('source:hello').value).toEqual({ kind: 'text', match: 'substring', text: 'hello' });
    expect(term('target:="Hello world"').value).toEqual({ kind: 'text', match: 'exact', text: 'Hello world' });
    expect(term("note:'x y'").value).toEqual({ kind: 'text', match: 'substring', text: 'x y' });
    expect(term('source:r"^H.*o$"').value).toEqual({ kind: 'regex', pattern: '^H.*o$' });
    expect(term("context:r'a\\'b'").value).toEqual({ kind: 'regex', pattern: "a\\'b" });
    expect(term('source:>a').value).toEqual({ kind: 'text', match: 'substring', text: '>a' });
    expect(term('source:<=a').value).toEqual({ kind: 'text', match: 'substring', text: '<=a' });
    expect(term('key:menu').field).toBe('context');
    expect(term('SOURCE:x').field).toBe('source');
  });

  it('a bare regex searches like a bare word', () => {
    const t = term('r"colou?r"');
    expect(t.field).toBeNull();
    expect(t.value).toEqual({ kind: 'regex', pattern: 'colou?r' });
  });

  it('numbers: every operator, comma lists for id, ranges', () => {
    expect(term('priority:>=100').value).toEqual({ kind: 'number', cmp: '>=', value: 100 });
    expect(term('priority:<100').value).toEqual({ kind: 'number', cmp: '<', value: 100 });
    expect(term('position:>3').value).toEqual({ kind: 'number', cmp: '>', value: 3 });
    expect(term('position:<=3').value).toEqual({ kind: 'number', cmp: '<=', value: 3 });
    expect(term('id:=7').value).toEqual({ kind: 'number', cmp: '=', value: 7 });
    expect(term('id:1,2,3').value).toEqual({ kind: 'numbers', values: [1, 2, 3] });
    expect(term('position:[2 to 5]').value).toEqual({ kind: 'range', from: 2, to: 5 });
    expect(term('position:[ 2 TO 5 ]').value).toEqual({ kind: 'range', from: 2, to: 5 });
  });

  it('states by name and number, with comparisons and ranges', () => {
    expect(term('state:translated').value).toEqual({ kind: 'number', cmp: '=', value: 20 });
    expect(term('state:<translated').value).toEqual({ kind: 'number', cmp: '<', value: 20 });
    expect(term('state:>=needs-editing').value).toEqual({ kind: 'number', cmp: '>=', value: 10 });
    expect(term('state:read-only').value).toEqual({ kind: 'number', cmp: '=', value: 100 });
    expect(term('source_state:empty').value).toEqual({ kind: 'number', cmp: '=', value: 0 });
    expect(term('state:30').value).toEqual({ kind: 'number', cmp: '=', value: 30 });
    expect(term('state:[fuzzy to approved]').value).toEqual({ kind: 'range', from: 10, to: 30 });
  });

  it('booleans, has:, is:, change actions, paths, codes', () => {
    expect(term('pending:yes').value).toEqual({ kind: 'bool', value: true });
    expect(term('pending:OFF').value).toEqual({ kind: 'bool', value: false });
    expect(term('has:failing-check').value).toEqual({ kind: 'flag', name: 'check' });
    expect(term('has:shaping').value).toEqual({ kind: 'flag', name: 'variant' });
    expect(term('is:needs-editing').value).toEqual({ kind: 'flag', name: 'fuzzy' });
    expect(term('is:Read-Only').value).toEqual({ kind: 'flag', name: 'readonly' });
    expect(term('change_action:marked-for-edit').value).toEqual({ kind: 'numbers', values: [37] });
    expect(term('change_action:"Translation changed"').value).toEqual({ kind: 'numbers', values: [2] });
    expect(term('change_action:5').value).toEqual({ kind: 'numbers', values: [5] });
    expect(term('path:proj/comp/cs').value).toEqual({ kind: 'path', segments: ['proj', 'comp', 'cs'] });
    expect(term('language:CS').value).toEqual({ kind: 'text', match: 'exact', text: 'CS' });
    expect(term('changed_by:""').value).toEqual({ kind: 'text', match: 'exact', text: '' });
  });

  it('every field of the reference query language parses', () => {
    const samples: Record<string, string> = { number: '1', id: '1', state: 'translated', bool: 'yes', date: '2020', action: 'string-added', path: 'a/b', has: 'plural', is: 'pending' };
    for (const [field, kind] of Object.entries(FIELDS)) {
      const value = samples[kind] ?? 'x';
      expect(term(`${field}:${value}`).field, field).toBe(field);
    }
  });
});

describe('search grammar: dates', () => {
  const date = (q: string) => term(q).value as { kind: 'date'; lower: { iso: string; inclusive: boolean } | null; upper: { iso: string; inclusive: boolean } | null };

  it('a date without time is the whole day; > and >= start at the day start, < and <= end at the day end', () => {
    expect(date('changed:2013-07-04')).toEqual({ kind: 'date', lower: { iso: '2013-07-04T00:00:00.000Z', inclusive: true }, upper: { iso: '2013-07-05T00:00:00.000Z', inclusive: false } });
    expect(date('added:>=2013-07-04').lower).toEqual({ iso: '2013-07-04T00:00:00.000Z', inclusive: true });
    expect(date('added:>2013-07-04').lower).toEqual({ iso: '2013-07-04T00:00:00.000Z', inclusive: false });
    expect(date('added:<=2013-07-04').upper).toEqual({ iso: '2013-07-05T00:00:00.000Z', inclusive: false });
    expect(date('added:<2013-07-04').upper).toEqual({ iso: '2013-07-05T00:00:00.000Z', inclusive: false });
  });

  it('a 4-digit year is the whole year; ranges are inclusive of both ends', () => {
    expect(date('changed:2013')).toMatchObject({ lower: { iso: '2013-01-01T00:00:00.000Z' }, upper: { iso: '2014-01-01T00:00:00.000Z' } });
    expect(date('changed:[2013-07-04 to 2013-07-06]')).toMatchObject({ lower: { iso: '2013-07-04T00:00:00.000Z', inclusive: true }, upper: { iso: '2013-07-07T00:00:00.000Z', inclusive: false } });
  });

  it('English free-form and relative dates', () => {
    expect(date('changed:"July 4, 2013"').lower!.iso).toBe('2013-07-04T00:00:00.000Z');
    expect(date('changed:"4 Jul 2013"').lower!.iso).toBe('2013-07-04T00:00:00.000Z');
    expect(date('changed:yesterday')).toMatchObject({ lower: { iso: '2024-03-14T00:00:00.000Z' }, upper: { iso: '2024-03-15T00:00:00.000Z' } });
    expect(date('changed:>=today').lower!.iso).toBe('2024-03-15T00:00:00.000Z');
    expect(date('changed:>="2 weeks ago"').lower!.iso).toBe('2024-03-01T00:00:00.000Z');
    expect(date('changed:>=20_days_ago').lower!.iso).toBe('2024-02-24T00:00:00.000Z');
    expect(date('changed:>=a_month_ago').lower!.iso).toBe('2024-02-15T00:00:00.000Z');
    expect(date('changed:>=3_hours_ago').lower!.iso).toBe('2024-03-15T09:34:56.000Z');
  });

  it('times: an exact instant, with an offset', () => {
    expect(date('change_time:>=2013-07-04T10:00:00Z').lower!.iso).toBe('2013-07-04T10:00:00.000Z');
    expect(date('change_time:>="2013-07-04 10:00+02:00"').lower!.iso).toBe('2013-07-04T08:00:00.000Z');
    expect(date('change_time:<2013-07-04T10:00:00').upper).toEqual({ iso: '2013-07-04T10:00:00.000Z', inclusive: false });
  });
});

describe('search grammar: errors carry the position and what was expected', () => {
  it.each([
    ['foo:bar', 0, 'Unknown search field: foo'],
    ['source:x bogus:1', 9, 'Unknown search field: bogus'],
    ['state:done', 6, 'Unsupported state: done'],
    ['a state:[0 to nope]', 14, 'Unsupported state: nope'],
    ['priority:abc', 9, 'Could not parse numeric value: abc'],
    ['id:1,x,3', 5, 'Could not parse numeric value: x'],
    ['is:broken', 3, 'Unsupported lookup for is: broken'],
    ['has:nothing', 4, 'Unsupported lookup for has: nothing'],
    ['pending:maybe', 8, 'Unsupported boolean value: maybe'],
    ['changed:someday', 8, 'Could not parse timestamp: someday'],
    ['changed:2013-02-30', 8, 'Could not parse timestamp: 2013-02-30'],
    ['change_action:nope', 14, 'Unsupported change action: nope'],
    ['source:r"("', 7, 'Invalid regular expression'],
    ['priority:r"1"', 9, 'Regular expression is not supported for search field: priority'],
    ['is:>pending', 2, 'Unsupported operator :> for search field: is'],
    ['source:', 7, 'Missing value for search field: source'],
    ['source: x', 7, 'Missing value for search field: source'],
    ['"open', 0, 'Unterminated quoted string'],
    ['source:"open', 7, 'Unterminated quoted string'],
    ['position:[1 to 2', 9, 'Unterminated range'],
    ['position:[1 2]', 9, 'Invalid range'],
    ['(a OR b', 7, "Unexpected end of query"],
    ['a)', 1, "Unexpected ')'"],
    ['()', 1, "Unexpected ')'"],
    ['a AND', 5, 'Unexpected end of query'],
    ['OR a', 0, "Unexpected 'OR'"],
    ['a OR OR b', 5, "Unexpected 'OR'"],
    ['NOT', 3, 'Unexpected end of query'],
    ['a\0b', 1, 'NUL characters are not allowed.'],
  ])('%j → position %i', (q, position, reason) => {
    const e = error(q);
    expect(e.position).toBe(position);
    expect(e.reason.startsWith(reason)).toBe(true);
    const [fieldError] = e.fieldErrors;
    expect(fieldError!.attr).toBe('q');
    expect(fieldError!.detail.startsWith(`Could not parse query string: ${reason}`)).toBe(true);
    expect(fieldError!.detail).toContain(`at position ${position}`);
  });

  it('says what it expected', () => {
    expect(error('(a').expected).toBe("')'");
    expect(error('a AND').expected).toBe('a search term');
    expect(error('x:1').expected).toBe('a known search field');
    expect(error('source:').expected).toBe('a value');
  });

  it('refuses pathological queries as too complex', () => {
    expect(error('('.repeat(LIMITS.maxDepth + 5) + 'a' + ')'.repeat(LIMITS.maxDepth + 5)).reason).toBe('Search query is too complex.');
    expect(error('NOT '.repeat(LIMITS.maxDepth + 5) + 'a').reason).toBe('Search query is too complex.');
    expect(error(Array.from({ length: LIMITS.maxTerms + 1 }, (_, i) => `w${i}`).join(' OR ')).reason).toBe('Search query is too complex.');
    expect(error('x'.repeat(LIMITS.maxLength + 1)).reason).toBe('Search query is too complex.');
    // At the limits it still parses.
    expect(parse('('.repeat(LIMITS.maxDepth) + 'a' + ')'.repeat(LIMITS.maxDepth))).not.toBeNull();
    expect(parse(Array.from({ length: LIMITS.maxTerms }, (_, i) => `w${i}`).join(' OR '))).not.toBeNull();
  });
});

describe('search grammar: words named like Object.prototype members (fuzz regressions)', () => {
  it('"__proto__" and "constructor" are plain words, not keywords, fields or lookup values', () => {
    expect(parseQuery('__proto__')).toEqual({ type: 'term', field: null, value: { kind: 'text', match: 'substring', text: '__proto__' }, pos: 0 });
    expect(parseQuery('constructor OR toString')).toMatchObject({ type: 'or', children: [{ field: null }, { field: null }] });
    for (const [q, reason] of [
      ['constructor:x', 'Unknown search field: constructor'],
      ['__proto__:x', 'Unknown search field: __proto__'],
      ['state:constructor', 'Unsupported state: constructor'],
      ['pending:toString', 'Unsupported boolean value: tostring'],
      ['pending:__proto__', 'Unsupported boolean value: __proto__'],
      ['has:constructor', 'Unsupported lookup for has: constructor'],
      ['is:hasOwnProperty', 'Unsupported lookup for is: hasOwnProperty'],
    ]) {
      expect(() => parseQuery(q!), q).toThrow(SearchQueryError);
      expect(() => parseQuery(q!), q).toThrow(reason);
    }
  });

  it('accepts nested quantifiers (RE2 runs them in linear time) and refuses what RE2 cannot run', () => {
    for (const q of ['source:r"(a+)+$"', 'target:r"(\\w+\\s?)*x"', 'source:r"([\\w ]|[\\w ])*#"', 'source:r"(?i)^(?P<w>ok)\\Z"']) {
      expect(() => parseQuery(q), q).not.toThrow();
    }
    for (const q of ['source:r"(a)\\1"', 'source:r"(?P<x>a)(?P=x)"', 'source:r"a(?!b)"']) {
      expect(() => parseQuery(q), q).toThrow(/Unsupported regular expression: .*backreferences and lookaround assertions are not supported/);
    }
    expect(() => parseQuery('source:r"^(ab)+c$"')).not.toThrow();
  });
});
