// The plural rules translations follow: CLDR's categories and formulas, gettext rules from files, their examples.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cldrConditionToC } from './cldr-rule.js';
import { compilePluralFormula } from './plural-formula.js';
import { cldrRule, formulaExamples, PLURAL_SOURCE, readPluralFormsHeader, ruleFor, ruleOfTranslation, SINGLE_FORM_RULE, storedPlural } from './plural-rule.js';

const data = JSON.parse(readFileSync(new URL('./cldr-plurals.generated.json', import.meta.url), 'utf8')) as Record<string, { categories: string[]; formula: string; examples: string[] }>;

/** The whole numbers of a CLDR sample list ("0, 5~19, 100, …"); decimals are left out. */
function integersOf(samples: string): number[] {
  const out: number[] = [];
  for (const item of samples.split(/,\s*/)) {
    if (item.includes('.') || item === '…') continue;
    const [from, to] = item.split('~').map(Number);
    for (let n = from!; n <= (to ?? from!); n++) out.push(n);
  }
  return out;
}

describe('CLDR rules', () => {
  it('pick, for every language, the category CLDR lists each whole-number sample under', () => {
    let checked = 0;
    for (const [code, rule] of Object.entries(data)) {
      const pick = compilePluralFormula(rule.formula);
      rule.examples.forEach((samples, index) => {
        for (const n of integersOf(samples)) {
          expect(pick(n), `${code}: ${n} is "${rule.categories[index]}"`).toBe(index);
          checked++;
        }
      });
    }
    expect(checked).toBeGreaterThan(2000);
  });

  it('name the forms in CLDR order and fall back from a regional code to its language', () => {
    expect(cldrRule('ru')).toMatchObject({ number: 4, categories: ['one', 'few', 'many', 'other'], source: PLURAL_SOURCE.cldr });
    expect(cldrRule('ar')!.categories).toEqual(['zero', 'one', 'two', 'few', 'many', 'other']);
    expect(cldrRule('he')!.categories).toEqual(['one', 'two', 'other']);
    expect(cldrRule('pt_PT')!.categories).toEqual(['one', 'many', 'other']);
    expect(cldrRule('pt_BR')).toEqual(cldrRule('pt'));
    expect(cldrRule('sr_Latn')).toEqual(cldrRule('sr'));
    expect(cldrRule('xx_YY')).toBeNull();
    expect(cldrRule('constructor')).toBeNull();
  });

  it('fold the fraction operands of a condition for whole numbers', () => {
    expect(cldrConditionToC('v = 0 and i % 10 = 2..4 and i % 100 != 12..14')).toBe('n % 10 >= 2 && n % 10 <= 4 && ((n % 100 < 12 || n % 100 > 14))');
    expect(cldrConditionToC('v != 0')).toBe('0');
    expect(cldrConditionToC('i = 0,1')).toBe('(n == 0 || n == 1)');
    expect(cldrConditionToC('e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5')).toBe('n != 0 && n % 1000000 == 0');
    expect(() => cldrConditionToC('x = 1')).toThrow(/Unsupported/);
  });
});

describe('the rule of a file', () => {
  const ru = { code: 'ru', plural_number: 3, plural_formula: 'n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2' };
  const he = { code: 'he', plural_number: 3, plural_formula: 'n==1 ? 0 : n==2 ? 1 : 2' };

  it('follows the format: CLDR categories, the file header, the language, or one form', () => {
    expect(ruleFor('cldr', ru).number).toBe(4);
    expect(ruleFor('gettext', ru)).toMatchObject({ number: 3, source: PLURAL_SOURCE.language, categories: ['one', 'few', 'many'] });
    expect(ruleFor('none', ru)).toBe(SINGLE_FORM_RULE);
    const declared = { number: 4, formula: '(n==1 ? 0 : n==2 ? 1 : n>10 && n%10==0 ? 2 : 3)' };
    const rule = ruleFor('gettext', he, declared);
    expect(rule).toMatchObject({ number: 4, source: PLURAL_SOURCE.file, formula: declared.formula });
    expect(rule.examples).toEqual(['1', '2', '20, 30, 40, 50, 60, 70, …', '0, 3, 4, 5, 6, 7, …']);
    // An unusable header falls back to the language's rule.
    expect(ruleFor('gettext', he, { number: 4, formula: 'n ==' }).number).toBe(3);
    expect(ruleFor('gettext', he, { number: 12, formula: 'n' }).number).toBe(3);
    expect(ruleFor('cldr', { code: 'xx_YY', plural_number: 2, plural_formula: 'n != 1' })).toMatchObject({ number: 2, categories: ['one', 'other'] });
  });

  it('is stored on a translation and read back as it was', () => {
    for (const rule of [ruleFor('cldr', ru), ruleFor('gettext', he, { number: 4, formula: '(n==1 ? 0 : n==2 ? 1 : n>10 && n%10==0 ? 2 : 3)' }), SINGLE_FORM_RULE, ruleFor('gettext', ru)]) {
      expect(ruleOfTranslation(storedPlural(rule), rule === SINGLE_FORM_RULE ? 'ru' : rule.number === 4 && rule.source === PLURAL_SOURCE.file ? 'he' : 'ru')).toEqual(rule);
    }
    // Rows from before the categories were stored name their forms from the formula.
    expect(ruleOfTranslation({ plural_source: 0, plural_number: 3, plural_formula: ru.plural_formula, plural_categories: '' }, 'ru').categories).toEqual(['one', 'few', 'many']);
  });

  it('reads Plural-Forms headers, refusing unusable ones and ignoring the template placeholder', () => {
    expect(readPluralFormsHeader('nplurals=2; plural=(n != 1);')).toEqual({ number: 2, formula: '(n != 1)' });
    expect(readPluralFormsHeader('nplurals=INTEGER; plural=EXPRESSION;')).toBeNull();
    expect(readPluralFormsHeader(undefined)).toBeNull();
    expect(readPluralFormsHeader('nplurals=0; plural=0;')).toMatchObject({ problem: expect.stringContaining('between 1 and 10') });
    expect(readPluralFormsHeader('nplurals=11; plural=n;')).toMatchObject({ problem: expect.stringContaining('between 1 and 10') });
    expect(readPluralFormsHeader('nplurals=2; plural=(n ==;')).toHaveProperty('problem');
    expect(readPluralFormsHeader('nplurals=2; plural=n;')).toHaveProperty('problem'); // 2, 3, … fall outside the two forms
    expect(readPluralFormsHeader('nplurals=2;')).toHaveProperty('problem');
  });

  it('lists the first whole numbers of each form', () => {
    expect(formulaExamples('n != 1', 2)).toEqual(['1', '0, 2, 3, 4, 5, 6, …']);
    expect(formulaExamples('n ==', 2)).toEqual(['', '']);
  });
});
