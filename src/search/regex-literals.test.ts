// The literals a regex requires, which narrow regex searches through the trigram index.
import { describe, expect, it } from 'vitest';
import { indexableLiteral, requiredLiterals } from './regex-literals.js';

describe('requiredLiterals', () => {
  it.each([
    ['number 12[0-9]{2} about', ['number 12', ' about']],
    ['^Hello, world$', ['Hello, world']],
    ['colou?r', ['colo', 'r']],
    ['ab*c', ['a', 'c']],
    ['ab+c', ['ab', 'c']],
    ['a{0,3}bcd', ['bcd']],
    ['x{2}yz', ['x', 'yz']],
    ['a{x}b', ['a{x}b']],
    ['\\.json$', ['.json']],
    ['\\d+ files', [' files']],
    ['(foo|bar)baz', ['baz']],
    ['foo|bar', []],
    ['[abc]def(?:gh)?ijk', ['def', 'ijk']],
    ['Přeložený.*řetězec', ['Přeložený', 'řetězec']],
    ['a.b', ['a', 'b']],
    ['lazy*?x', ['laz', 'x']],
  ])('%s → %j', (pattern, expected) => {
    expect(requiredLiterals(pattern)).toEqual(expected);
  });

  it('picks the longest literal of at least three characters for the index', () => {
    expect(indexableLiteral('number 12[0-9]{2} about')).toBe('number 12');
    expect(indexableLiteral('ab.cd')).toBeNull();
    expect(indexableLiteral('foo|barbaz')).toBeNull();
  });

  it('every literal occurs in strings the pattern matches', () => {
    const cases: [string, string[]][] = [
      ['number 12[0-9]{2} about', ['Source string number 1234 about w1', 'number 1299 about']],
      ['colou?r', ['color', 'colour']],
      ['ab+c', ['abc', 'abbbc']],
      ['(foo|bar)baz', ['foobaz', 'barbaz']],
    ];
    for (const [pattern, samples] of cases) {
      for (const s of samples) {
        expect(new RegExp(pattern).test(s)).toBe(true);
        for (const lit of requiredLiterals(pattern)) expect(s.includes(lit), `${pattern} / ${s} / ${lit}`).toBe(true);
      }
    }
  });
});
