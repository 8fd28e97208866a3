import { describe, expect, it } from 'vitest';
import { compileUserRegex, MAX_PATTERN_LENGTH } from './safe-regex.js';

describe('compileUserRegex', () => {
  it('compiles once and returns the cached result', () => {
    const a = compileUserRegex('^foo|bar$');
    expect(a.ok).toBe(true);
    expect(compileUserRegex('^foo|bar$')).toBe(a);
  });
  it('refuses backreferences and lookarounds, which RE2 cannot run, saying so', () => {
    for (const p of ['(a)\\1', '(?P<x>a)(?P=x)', '(?<x>a)\\k<x>', 'a(?=b)', 'a(?!b)', '(?<=a)b']) {
      const r = compileUserRegex(p);
      expect(r.ok, p).toBe(false);
      expect(!r.ok && r.error, p).toMatch(/^unsupported regular expression: .*backreferences and lookaround assertions are not supported/);
    }
  });
  it('accepts nested quantifiers and overlapping alternatives, and runs them in linear time', () => {
    const text = `${'ab '.repeat(20_000)}!`;
    for (const p of ['(a+)+$', '(a*)*c', '^(\\w+\\s?)*$', '^((ab)+c)*$', '(x{2,})+', '([\\w ]|[\\w ])*#', '(\\w|\\w)*(\\w|\\w)*#', '\\w*\\w*\\w*\\w*\\w*#']) {
      const r = compileUserRegex(p);
      expect(r.ok, p).toBe(true);
      const started = performance.now();
      expect(r.ok && r.regex.test(text), p).toBe(false);
      expect(performance.now() - started, p).toBeLessThan(500);
    }
  });
  it('refuses programs so large that each character would cost RE2 too much', () => {
    const r = compileUserRegex('[\\w ]{1,1000}!');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/^unsupported regular expression: too complex \(\d+ instructions, at most 500\)/);
    const word = compileUserRegex(`(?i)(?:${Array.from({ length: 100 }, (_, i) => `word${i}`).join('|')})`);
    expect(word.ok).toBe(true);
    expect(compileUserRegex('[\\w ]{1,200}!').ok).toBe(true);
  });
  it('accepts quantifiers, and quantifier characters in classes or escapes', () => {
    for (const p of ['^[A-Z]+$', '(foo|bar)+', '[+*]+', '(\\+)+', '\\d{3}-\\d{4}', '(ab)c+', '^#*']) {
      expect(compileUserRegex(p).ok, p).toBe(true);
    }
  });
  it('refuses invalid and overlong patterns with a message', () => {
    const r = compileUserRegex('[unclosed');
    expect(r.ok).toBe(false);
    expect(compileUserRegex('a'.repeat(MAX_PATTERN_LENGTH + 1)).ok).toBe(false);
  });
  it('accepts Python escapes that unicode mode rejects', () => {
    const r = compileUserRegex('a\\:b');
    expect(r.ok && r.regex.test('a:b')).toBe(true);
  });
  it('matches like a JavaScript RegExp: exec, groups, flags, lastIndex, and the String methods', () => {
    const r = compileUserRegex('(?P<word>[a-zé]+)(\\d)?', 'gd');
    if (!r.ok) throw new Error(r.error);
    const text = '😀 Été 42 ab7';
    expect([...text.matchAll(r.regex)].map((m) => [m[0], m.index, m.groups?.word, m[2], m.indices?.[1]])).toEqual([
      ['té', 4, 'té', undefined, [4, 6]],
      ['ab7', 10, 'ab', '7', [10, 12]],
    ]);
    expect(text.replace(r.regex, '<$<word>>')).toBe('😀 É<té> 42 <ab>');
    expect(text.split(compileUserRegex('\\s+').ok ? (compileUserRegex('\\s+') as { regex: RegExp }).regex : / /)).toEqual(['😀', 'Été', '42', 'ab7']);
    expect(compileUserRegex('(?i)^été$').ok && (compileUserRegex('(?i)^été$') as { regex: RegExp }).regex.test('ÉTÉ')).toBe(true);
    expect((compileUserRegex('^b$', 'm') as { regex: RegExp }).regex.test('a\nb')).toBe(true);
    expect((compileUserRegex('a.b', 's') as { regex: RegExp }).regex.test('a\nb')).toBe(true);
    expect((compileUserRegex('\\u00e9\\Z') as { regex: RegExp }).regex.test('é')).toBe(true);
    const sticky = (compileUserRegex('b', 'y') as { regex: RegExp }).regex;
    sticky.lastIndex = 0;
    expect(sticky.exec('ab')).toBeNull();
    sticky.lastIndex = 1;
    expect(sticky.exec('ab')?.index).toBe(1);
    expect(sticky.lastIndex).toBe(2);
    expect('a1b22'.search((compileUserRegex('\\d+') as { regex: RegExp }).regex)).toBe(1);
  });
});
