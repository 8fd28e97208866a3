// CLDR plural category names (one, few, other, ...) for each form of a gettext plural formula.
import { compilePluralFormula } from './plural-formula.js';

const CATEGORY_ORDER = ['zero', 'one', 'two', 'few', 'many', 'other'];
const SAMPLES = 1000;
const cache = new Map<string, readonly string[]>();

function fallbackNames(number: number): string[] {
  if (number === 1) return ['other'];
  if (number === 2) return ['one', 'other'];
  // Unknown rule: keep CLDR names in their canonical order, "other" last.
  return [...CATEGORY_ORDER.slice(0, number - 1).filter((c) => c !== 'other'), 'other'].slice(-number);
}

/**
 * Names each plural form of `formula` (gettext C syntax) with the CLDR category that selects the
 * same numbers in `language`, so formats that key plurals by category (Android <plurals>, i18next
 * `_one`, stringsdict, ICU) map them to form indexes. Forms CLDR does not know get the unused
 * names in canonical order; the last form is always "other" when CLDR has it.
 */
export function pluralCategories(language: string, formula: string, number: number): readonly string[] {
  const cacheKey = `${language}\u0000${formula}\u0000${number}`;
  const cached = cache.get(cacheKey);
  if (cached) return cached;
  let result: string[];
  try {
    const pick = compilePluralFormula(formula);
    const rules = new Intl.PluralRules(language.replace(/_/g, '-').replace(/@.*$/, ''));
    const votes: Map<string, number>[] = Array.from({ length: number }, () => new Map());
    for (let n = 0; n < SAMPLES; n++) {
      const form = pick(n);
      if (form < 0 || form >= number) continue;
      const category = rules.select(n);
      votes[form]!.set(category, (votes[form]!.get(category) ?? 0) + 1);
    }
    const used = new Set<string>();
    // The last form takes "other" when it is what its numbers are, however many earlier forms also vote for it
    // (GNOME's Hebrew rule splits CLDR's "other" into 20, 30, … and the rest: the rest stays "other").
    const last = votes[number - 1];
    if (last?.has('other')) used.add('other');
    result = votes.map((v, i) => {
      if (i === number - 1 && last?.has('other')) return 'other';
      const best = [...v.entries()].sort((a, b) => b[1] - a[1]).find(([c]) => !used.has(c));
      if (!best) return '';
      used.add(best[0]);
      return best[0];
    });
    // A form CLDR has no name of its own for takes the name of the larger numbers first.
    const free = [...CATEGORY_ORDER].reverse().filter((c) => !used.has(c));
    result = result.map((c) => c || free.shift() || 'other');
  } catch {
    result = fallbackNames(number);
  }
  if (result.length !== number || new Set(result).size !== number) result = fallbackNames(number);
  cache.set(cacheKey, result);
  return result;
}
