import { describe, expect, it } from 'vitest';
import { compileUserRegex, MAX_PATTERN_LENGTH } from './safe-regex.js';

describe('compileUserRegex', () => {
  it('compiles once and returns the cached result', () => {
    const a = compileUserRegex('^foo|bar$');
    expect(a.ok).toBe(true);
    expect(compileUserRegex('^foo|bar$')).toBe(a);
  });
  it('refuses nested quantifiers and backreferences', () => {
    for (const p of ['(a+)+$', '(a*)*', '^(\\w+\\s?)*$', '((ab)+c)*', '(x{2,})+', '(a)\\1', '(?P<x>a)(?P=x)', '(?<x>a)\\k<x>']) {
      expect(compileUserRegex(p).ok, p).toBe(false);
    }
  });
  it('accepts quantifiers that are not nested, and quantifier characters in classes or escapes', () => {
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
});
