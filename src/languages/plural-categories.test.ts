import { describe, expect, it } from 'vitest';
import { pluralCategories } from './plural-categories.js';

describe('pluralCategories', () => {
  it('names Czech, Arabic, English and Japanese forms by CLDR category', () => {
    expect(pluralCategories('cs', '(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2', 3)).toEqual(['one', 'few', 'other']);
    expect(pluralCategories('ar', 'n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5', 6)).toEqual(['zero', 'one', 'two', 'few', 'many', 'other']);
    expect(pluralCategories('en', 'n != 1', 2)).toEqual(['one', 'other']);
    expect(pluralCategories('ja', '0', 1)).toEqual(['other']);
  });
  it('keeps "other" for the last form when an earlier form splits it off', () => {
    expect(pluralCategories('he', '(n==1 ? 0 : n==2 ? 1 : n>10 && n%10==0 ? 2 : 3)', 4)).toEqual(['one', 'two', 'many', 'other']);
  });
  it('falls back to canonical names for an unknown language', () => {
    expect(pluralCategories('xx-unknown-zz', 'n != 1', 2)).toEqual(['one', 'other']);
  });
});
