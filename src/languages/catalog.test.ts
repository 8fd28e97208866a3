// Unit tests for the built-in language catalog and language code lookup.
import { describe, it, expect } from 'vitest';
import { BUILTIN_LANGUAGES, findBuiltinLanguage, normalizeLanguageCode } from './catalog.js';
import { compilePluralFormula, validatePluralFormula } from './plural-formula.js';

function byCode(code: string) {
  const language = BUILTIN_LANGUAGES.find((l) => l.code === code);
  if (!language) throw new Error(`missing ${code}`);
  return language;
}

describe('BUILTIN_LANGUAGES', () => {
  it('has at least 400 languages with unique codes, sorted by code', () => {
    expect(BUILTIN_LANGUAGES.length).toBeGreaterThanOrEqual(400);
    const codes = BUILTIN_LANGUAGES.map((l) => l.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect([...codes].sort()).toEqual(codes);
  });

  it('has well-formed entries', () => {
    for (const l of BUILTIN_LANGUAGES) {
      expect(l.code).toMatch(/^[a-z]{2,3}(?:_[A-Z][a-z]{3})?(?:_(?:[A-Z]{2}|\d{3}))?$/);
      expect(l.name.length).toBeGreaterThan(0);
      expect(['ltr', 'rtl']).toContain(l.direction);
      expect(Number.isInteger(l.population) && l.population >= 0).toBe(true);
      expect(Number.isInteger(l.plural.number) && l.plural.number >= 1 && l.plural.number <= 10).toBe(true);
      expect(Number.isInteger(l.plural.type)).toBe(true);
      expect(Array.isArray(l.aliases)).toBe(true);
      expect(['und', 'root', 'zxx', 'mul', 'mis']).not.toContain(l.code);
    }
  });

  it('has a formula for every entry that parses and stays within its number of forms', () => {
    for (const l of BUILTIN_LANGUAGES) {
      expect(validatePluralFormula(l.plural.formula, l.plural.number), l.code).toBeNull();
    }
  });

  it('uses every plural form it declares', () => {
    for (const l of BUILTIN_LANGUAGES) {
      const f = compilePluralFormula(l.plural.formula);
      const seen = new Set<number>();
      for (let n = 0; n <= 1_000_000 && seen.size < l.plural.number; n += n < 1000 ? 1 : 1000) seen.add(f(n));
      expect(seen.size, l.code).toBe(l.plural.number);
    }
  });

  it('never maps one alias to two languages or shadows a real code', () => {
    const codes = new Set(BUILTIN_LANGUAGES.map((l) => l.code.toLowerCase()));
    const seen = new Set<string>();
    for (const l of BUILTIN_LANGUAGES) {
      for (const alias of l.aliases) {
        expect(codes.has(alias.toLowerCase()), alias).toBe(false);
        expect(seen.has(alias), alias).toBe(false);
        seen.add(alias);
      }
    }
  });

  it('is frozen', () => {
    expect(Object.isFrozen(BUILTIN_LANGUAGES)).toBe(true);
    expect(Object.isFrozen(byCode('en'))).toBe(true);
    expect(Object.isFrozen(byCode('en').plural)).toBe(true);
  });

  it('has the expected plural rules for well-known languages', () => {
    const expected: Record<string, number> = {
      en: 2, de: 2, fr: 2, pt: 2, pt_BR: 2, pt_PT: 2, es: 2, it: 2,
      cs: 3, sk: 3, pl: 3, ru: 3, uk: 3, lt: 3, ro: 3, lv: 3, he: 3,
      sl: 4, gd: 4, ga: 5, br: 5, mt: 5, ar: 6, cy: 6,
      ja: 1, zh: 1, zh_Hans: 1, zh_Hant: 1, ko: 1, vi: 1, th: 1,
    };
    for (const [code, number] of Object.entries(expected)) {
      expect(byCode(code).plural.number, code).toBe(number);
    }
    expect(byCode('en').plural).toEqual({ number: 2, formula: 'n != 1', type: 1 });
    expect(byCode('fr').plural).toEqual({ number: 2, formula: 'n > 1', type: 1 });
    expect(byCode('pt_PT').plural.formula).toBe('n != 1');
    expect(byCode('ja').plural).toEqual({ number: 1, formula: '0', type: 0 });
    expect(byCode('cs').plural.type).toBe(22); // one/few/many
    expect(byCode('ar').plural.type).toBe(3);
    expect(byCode('ro').plural.type).toBe(2); // one/few/other
    expect(byCode('ru').plural.type).toBe(22); // one/few/many
    expect(byCode('he').plural.type).toBe(4);
    expect(byCode('sl').plural.type).toBe(6);
    expect(byCode('ga').plural.type).toBe(10);
  });

  it('gives identical formulas identical plural types', () => {
    const types = new Map<string, number>();
    for (const l of BUILTIN_LANGUAGES) {
      const key = `${l.plural.number}:${l.plural.formula}`;
      if (!types.has(key)) types.set(key, l.plural.type);
      expect(l.plural.type, l.code).toBe(types.get(key));
      expect(l.plural.type, l.code).not.toBe(666);
    }
  });

  it('produces formulas that agree with CLDR for sample numbers', () => {
    const check = (code: string, samples: Record<number, number>) => {
      const f = compilePluralFormula(byCode(code).plural.formula);
      for (const [n, form] of Object.entries(samples)) expect(f(Number(n)), `${code} n=${n}`).toBe(form);
    };
    check('cs', { 0: 2, 1: 0, 2: 1, 4: 1, 5: 2, 22: 2 });
    check('fr', { 0: 0, 1: 0, 2: 1, 1000000: 1 });
    check('ru', { 1: 0, 2: 1, 5: 2, 11: 2, 21: 0, 22: 1 });
    check('pl', { 1: 0, 2: 1, 5: 2, 21: 2, 22: 1 });
    check('ar', { 0: 0, 1: 1, 2: 2, 3: 3, 11: 4, 100: 5, 102: 5 });
    check('sl', { 1: 0, 2: 1, 3: 2, 5: 3, 101: 0 });
    check('ga', { 1: 0, 2: 1, 3: 2, 7: 3, 11: 4 });
    check('cy', { 0: 0, 1: 1, 2: 2, 3: 3, 6: 4, 4: 5 });
    check('br', { 1: 0, 2: 1, 3: 2, 1000000: 3, 5: 4, 11: 4 });
  });

  it('derives direction from the script', () => {
    for (const code of ['ar', 'he', 'fa', 'ur', 'yi', 'dv', 'ps', 'ckb', 'pa_Arab', 'ff_Adlm']) {
      expect(byCode(code).direction, code).toBe('rtl');
    }
    for (const code of ['en', 'pa', 'zh_Hans', 'ru', 'hi', 'sr_Latn']) {
      expect(byCode(code).direction, code).toBe('ltr');
    }
  });

  it('has English names and populations', () => {
    expect(byCode('en').name).toBe('English');
    expect(byCode('pt_BR').name).toBe('Portuguese (Brazil)');
    expect(byCode('sr_Latn').name).toBe('Serbian (Latin)');
    expect(byCode('en').population).toBeGreaterThan(1_000_000_000);
    expect(byCode('pt_BR').population).toBeGreaterThan(100_000_000);
    expect(byCode('pt_BR').population).toBeLessThan(byCode('pt').population);
  });
});

describe('normalizeLanguageCode', () => {
  it.each([
    ['pt-br', 'pt_BR'],
    ['PT_br', 'pt_BR'],
    ['zh_hans', 'zh_Hans'],
    ['ZH-HANT-tw', 'zh_Hant_TW'],
    ['sr-latn', 'sr_Latn'],
    ['es-419', 'es_419'],
    ['  de  ', 'de'],
    ['EN', 'en'],
    ['sr@Latin', 'sr@latin'],
    ['ca_ES@VALENCIA', 'ca_ES@valencia'],
    ['de_de.UTF-8', 'de_DE.UTF-8'],
    ['ca-es-valencia', 'ca_ES_valencia'],
    ['', ''],
  ])('%s → %s', (input, output) => {
    expect(normalizeLanguageCode(input)).toBe(output);
  });
});

describe('findBuiltinLanguage', () => {
  it('finds exact and normalised codes', () => {
    expect(findBuiltinLanguage('en')?.code).toBe('en');
    expect(findBuiltinLanguage('pt-br')?.code).toBe('pt_BR');
    expect(findBuiltinLanguage('PT_BR')?.code).toBe('pt_BR');
    expect(findBuiltinLanguage('zh-hans')?.code).toBe('zh_Hans');
    expect(findBuiltinLanguage(' fr ')?.code).toBe('fr');
  });

  it('finds deprecated and alternative codes through aliases', () => {
    expect(findBuiltinLanguage('iw')?.code).toBe('he');
    expect(findBuiltinLanguage('in')?.code).toBe('id');
    expect(findBuiltinLanguage('jw')?.code).toBe('jv');
    expect(findBuiltinLanguage('mo')?.code).toBe('ro');
    expect(findBuiltinLanguage('deu')?.code).toBe('de');
    expect(findBuiltinLanguage('zh_CN')?.code).toBe('zh_Hans');
    expect(findBuiltinLanguage('zh-TW')?.code).toBe('zh_Hant');
    expect(findBuiltinLanguage('cs_CZ')?.code).toBe('cs');
    expect(findBuiltinLanguage('IW')?.code).toBe('he');
  });

  it('understands POSIX locale names', () => {
    expect(findBuiltinLanguage('de_DE.UTF-8')?.code).toBe('de');
    expect(findBuiltinLanguage('en_US.utf8')?.code).toBe('en_US');
    expect(findBuiltinLanguage('pt_BR.UTF-8')?.code).toBe('pt_BR');
    expect(findBuiltinLanguage('sr@latin')?.code).toBe('sr_Latn');
    expect(findBuiltinLanguage('sr_RS@latin')?.code).toBe('sr_Latn');
    expect(findBuiltinLanguage('sr_RS.UTF-8@latin')?.code).toBe('sr_Latn');
    expect(findBuiltinLanguage('sr@cyrillic')?.code).toBe('sr');
    expect(findBuiltinLanguage('uz@cyrillic')?.code).toBe('uz_Cyrl');
    expect(findBuiltinLanguage('de_DE@euro')?.code).toBe('de');
  });

  it('does not fall back from an unknown variant to the base language', () => {
    expect(findBuiltinLanguage('pt_XX')).toBeUndefined();
    expect(findBuiltinLanguage('de_JP')).toBeUndefined();
    expect(findBuiltinLanguage('ca@valencia')).toBeUndefined();
    expect(findBuiltinLanguage('en@constructor')).toBeUndefined();
    expect(findBuiltinLanguage('sr_Latn@latin')).toBeUndefined();
  });

  it('returns undefined for garbage', () => {
    for (const code of ['', '   ', 'xx', 'und', 'constructor', '__proto__', 'toString', '.UTF-8', '@latin', 'C', 'POSIX']) {
      expect(findBuiltinLanguage(code), code).toBeUndefined();
    }
  });
});
