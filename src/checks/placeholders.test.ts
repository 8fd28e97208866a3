import { describe, expect, it } from 'vitest';
import { failing, failingIds } from './test-support.js';
import { parseFlags } from './flags.js';
import { validateCheckFlags } from './placeholders.js';

describe('placeholders', () => {
  it('requires literal placeholders the source uses', () => {
    const flags = 'placeholders:$URL$:$TARGET$:"some long text"';
    expect(failing('placeholders', 'Open $URL$ in $TARGET$', 'Otevřít $URL$ v $TARGET$', 'cs', flags)).toBe(false);
    expect(failing('placeholders', 'Open $URL$ in $TARGET$', '$URL$ öffnen', 'de', flags)).toMatch(/missing.*\$TARGET\$/);
    expect(failing('placeholders', 'Open $URL$', 'Ouvrir $url$', 'fr', flags)).toBeTruthy();
    expect(failing('placeholders', 'Open $URL$', 'Ouvrir $url$', 'fr', `${flags}, case-insensitive`)).toBe(false);
  });
  it('treats r"…" parameters as regular expressions', () => {
    const flags = 'placeholders:r"%[^% ]+%"';
    expect(failing('placeholders', 'Hello %user%, see %link%', 'こんにちは %user%、%link% を参照', 'ja', flags)).toBe(false);
    expect(failing('placeholders', 'Hello %user%', 'Привет %пользователь%', 'ru', flags)).toMatch(/missing.*%user%.*extra/);
    expect(failing('placeholders', '### Index', '# Indice', 'it', 'placeholders:r"^#*"')).toBeTruthy();
  });
  it('runs only with the flag', () => {
    expect(failingIds('Open $URL$', 'Otevřít', 'cs')).not.toContain('placeholders');
    expect(failingIds('Open $URL$', 'Otevřít', 'cs', 'placeholders:$URL$')).toContain('placeholders');
  });
});

describe('regex', () => {
  it('requires the translation to match regex:', () => {
    expect(failing('regex', 'ID', 'ABC_123', 'de', 'regex:^[A-Z0-9_]+$')).toBe(false);
    expect(failing('regex', 'ID', 'abc-123', 'de', 'regex:^[A-Z0-9_]+$')).toMatch(/does not match/);
    expect(failing('regex', 'Version', 'Версия 2', 'ru', 'regex:\\d')).toBe(false);
    expect(failing('regex', 'Version', 'Версия 2', 'ru', 'regex:r"\\d"')).toBe(false);
    // In a quoted non-raw parameter the backslash is an escape character, so "\d" means "d".
    expect(failing('regex', 'Version', 'Версия 2', 'ru', 'regex:"\\d"')).toBeTruthy();
  });
  it('accepts Python inline flags and named groups', () => {
    expect(failing('regex', 'Yes', 'OUI', 'fr', 'regex:"(?i)^oui$"')).toBe(false);
    expect(failing('regex', 'Key', 'k-1', 'cs', 'regex:r"^(?P<p>[a-z])-\\d$"')).toBe(false);
  });
  it('runs nested quantifiers in linear time, and reports patterns RE2 cannot run for validation', () => {
    const evil = 'regex:"^(a+)+$"';
    const input = `${'a'.repeat(50_000)}!`;
    const started = performance.now();
    expect(failing('regex', 'x', input, 'cs', evil)).toMatch(/does not match/);
    expect(failing('regex', 'x', 'a'.repeat(50_000), 'cs', evil)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(validateCheckFlags(parseFlags(evil))).toEqual([]);
    expect(validateCheckFlags(parseFlags('regex:r"(a)\\1"'))).toEqual([expect.stringMatching(/backreferences and lookaround assertions are not supported/)]);
    // A refused pattern is skipped rather than blamed on the translator.
    expect(failing('regex', 'x', 'ab', 'cs', 'regex:r"(a)\\1"')).toBe(false);
    expect(validateCheckFlags(parseFlags('regex:"(unclosed"'))).toEqual([expect.stringMatching(/invalid regular expression/)]);
    expect(validateCheckFlags(parseFlags('placeholders:r"(\\w+)\\1", max-length:abc'))).toHaveLength(2);
    expect(validateCheckFlags(parseFlags('regex:^[A-Z]+$, placeholders:r"%\\w+%", max-length:10'))).toEqual([]);
  });
  it('rejects a non-numeric max-lines and an accelerator marker that is not one punctuation character', () => {
    expect(validateCheckFlags(parseFlags('max-lines:2, accelerator:&'))).toEqual([]);
    expect(validateCheckFlags(parseFlags('accelerator:_'))).toEqual([]);
    expect(validateCheckFlags(parseFlags('max-lines:two'))).toEqual(['max-lines: expected a number']);
    expect(validateCheckFlags(parseFlags('accelerator:ab'))).toEqual(['accelerator: expected a single punctuation character']);
    expect(validateCheckFlags(parseFlags('accelerator'))).toEqual(['accelerator: expected a single punctuation character']);
  });
});
