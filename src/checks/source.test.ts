// Source checks: run on the source string in the source language (runSourceChecks), as the source unit gets them.
import { describe, expect, it } from 'vitest';
import { runSourceChecks } from './registry.js';
import { ctx, failing } from './test-support.js';

const src = (id: string, source: string | string[], language = 'en', flags = '', extra = {}) => failing(id, source, source, language, flags, extra);
const ids = (source: string[], language: string, flags = '', extra = {}) => runSourceChecks(source, ctx(language, flags, extra)).map((f) => f.id);

describe('optional_plural (Unpluralised)', () => {
  it('fails on "(s)" after a word in a string without plural forms', () => {
    expect(src('optional_plural', '%d file(s) deleted')).toBeTruthy();
    expect(src('optional_plural', '%d Datei(s) gelöscht', 'de')).toBeTruthy();
    expect(src('optional_plural', ['%d file deleted', '%d files deleted'])).toBe(false);
    expect(src('optional_plural', 'Press (s) to save')).toBe(false);
    expect(src('optional_plural', 'the file(s)ystem')).toBe(false);
  });
});

describe('ellipsis', () => {
  it('fails on three dots, in any language', () => {
    expect(src('ellipsis', 'Loading...')).toBeTruthy();
    expect(src('ellipsis', 'Načítání...', 'cs')).toBeTruthy();
    expect(src('ellipsis', 'Loading…')).toBe(false);
    expect(src('ellipsis', '読み込み中…', 'ja')).toBe(false);
  });
});

describe('source-max-length', () => {
  it('leaves English 15 % of the limit, other source languages none', () => {
    expect(src('source-max-length', 'x'.repeat(85), 'en', 'max-length:100')).toBe(false);
    expect(src('source-max-length', 'x'.repeat(86), 'en', 'max-length:100')).toMatch(/86 characters/);
    expect(src('source-max-length', 'x'.repeat(86), 'en_US', 'max-length:100')).toBeTruthy();
    expect(src('source-max-length', 'x'.repeat(100), 'cs', 'max-length:100')).toBe(false);
    expect(src('source-max-length', 'x'.repeat(101), 'de', 'max-length:100')).toBeTruthy();
    expect(src('source-max-length', 'ž'.repeat(100), 'cs', 'max-length:100')).toBe(false);
  });
  it('checks every plural form, expands replacements, skips tags with xml-text, and refuses a bad flag', () => {
    expect(src('source-max-length', ['x'.repeat(84), 'x'.repeat(86)], 'en', 'max-length:100')).toBeTruthy();
    expect(src('source-max-length', `${'x'.repeat(82)}%s`, 'en', 'max-length:100, replacements:%s:"very long text"')).toBeTruthy();
    expect(src('source-max-length', 'x'.repeat(82), 'en', 'max-length:100, replacements:%s:"very long text"')).toBe(false);
    expect(src('source-max-length', `<mrk>${'x'.repeat(85)}</mrk>`, 'en', 'max-length:100, xml-text')).toBe(false);
    expect(src('source-max-length', `<mrk>${'x'.repeat(86)}</mrk>`, 'en', 'max-length:100, xml-text')).toBeTruthy();
    expect(src('source-max-length', 'text', 'en', 'max-length:*')).toMatch(/not a number/);
    expect(ids(['x'.repeat(200)], 'en')).toEqual([]);
    expect(ids(['x'.repeat(90)], 'en', 'max-length:100, ignore-source-max-length')).toEqual([]);
  });
});

describe('unnamed_format', () => {
  it('fails on two or more positional placeholders of the format flags', () => {
    expect(ids(['%s of %s'], 'en', 'c-format')).toContain('unnamed_format');
    expect(ids(['{} and {}'], 'en', 'python-brace-format')).toContain('unnamed_format');
    expect(ids(['%s: %d'], 'en', 'python-format')).toContain('unnamed_format');
    expect(ids(['~a von ~a'], 'de', 'scheme-format')).toContain('unnamed_format');
    expect(ids(['%s and %s'], 'en')).toEqual([]);
  });
  it('passes numbered, named and single placeholders', () => {
    expect(ids(['%1$s of %2$s'], 'en', 'c-format')).toEqual([]);
    expect(ids(['%(count)d of %(total)d'], 'en', 'python-format')).toEqual([]);
    expect(ids(['{count} {name}'], 'en', 'python-brace-format')).toEqual([]);
    expect(ids(['%d souborů'], 'cs', 'c-format')).toEqual([]);
    expect(ids(['{0} a {1}'], 'cs', 'c-sharp-format')).toEqual([]);
  });
});

describe('icu_message_format_syntax', () => {
  it('fails on a broken ICU source with the icu-message-format flag', () => {
    expect(ids(['{count, plural, one {# file} other {# files}'], 'en', 'icu-message-format')).toEqual(['icu_message_format_syntax']);
    expect(ids(['{count, plural, one {# file} other {# files}}'], 'en', 'icu-message-format')).toEqual([]);
    expect(ids(['{count, plural, one {# soubor} few {# soubory} other {# souborů}}'], 'cs', 'icu-message-format')).toEqual([]);
    expect(ids(['{count, plural, one {# file} other {# files}'], 'en')).toEqual([]);
  });
});

describe('multiple_failures', () => {
  it('fails when translations in two or more languages fail checks', () => {
    expect(src('multiple_failures', 'Hello', 'en', '', { sourceFacts: { failingTranslations: 2 } })).toMatch(/2 languages/);
    expect(src('multiple_failures', 'Hello', 'en', '', { sourceFacts: { failingTranslations: 1 } })).toBe(false);
    expect(src('multiple_failures', 'Hello', 'en')).toBe(false);
  });
});

describe('long_untranslated', () => {
  const facts = (ageDays: number, translatedPercent: number, componentTranslatedPercent: number) => ({ sourceFacts: { ageDays, translatedPercent, componentTranslatedPercent } });
  it('fails on an old string translated in less than half the component average', () => {
    expect(src('long_untranslated', 'Hello', 'en', '', facts(100, 20, 80))).toBeTruthy();
    expect(src('long_untranslated', 'Hallo', 'de', '', facts(100, 0, 10))).toBeTruthy();
  });
  it('passes recent strings, well translated ones and unknown facts', () => {
    expect(src('long_untranslated', 'Hello', 'en', '', facts(30, 0, 80))).toBe(false);
    expect(src('long_untranslated', 'Hello', 'en', '', facts(100, 40, 80))).toBe(false);
    expect(src('long_untranslated', 'Hello', 'en')).toBe(false);
  });
});
