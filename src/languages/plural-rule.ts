// The plural rule a translation follows: how many forms, the formula that picks one, and each form's CLDR name.
import { readFileSync } from 'node:fs';
import { pluralCategories } from './plural-categories.js';
import { compilePluralFormula, validatePluralFormula } from './plural-formula.js';

/** Where a translation's rule comes from (the numbers are the API's `plural.source`). */
export const PLURAL_SOURCE = {
  /** The language's gettext rule (formats that say nothing of their own). */
  language: 0,
  /** The file's own gettext `Plural-Forms` header. */
  file: 1,
  /** CLDR's categories of the language (formats keyed by category names). */
  cldr: 6,
  /** A format without plurals: one form. */
  single: 7,
} as const;

export interface PluralRule {
  source: number;
  number: number;
  /** gettext C syntax, e.g. "(n != 1)". */
  formula: string;
  /** CLDR category name of each form, e.g. ['one', 'few', 'many', 'other']. */
  categories: readonly string[];
  /** Example numbers of each form, e.g. "1, 21, 31, …". */
  examples: readonly string[];
}

/** At most this many forms in any rule: more is a broken file, not a language. */
export const MAX_PLURAL_FORMS = 10;

interface CldrPlural {
  categories: string[];
  formula: string;
  examples: string[];
}

let cldrData: Record<string, CldrPlural> | null = null;
function cldr(): Record<string, CldrPlural> {
  // Resolved relative to this module so it works from source under tsx and vitest alike; read on first use.
  cldrData ??= JSON.parse(readFileSync(new URL('./cldr-plurals.generated.json', import.meta.url), 'utf8')) as Record<string, CldrPlural>;
  return cldrData;
}

/** CLDR's cardinal rule for a language code ("pt_PT", then "pt"), or null when CLDR does not know it. */
export function cldrRule(code: string): PluralRule | null {
  const data = cldr();
  let key = code.replace(/@.*$/, '').replace(/-/g, '_');
  for (;;) {
    const found = Object.hasOwn(data, key) ? data[key] : undefined;
    if (found) return { source: PLURAL_SOURCE.cldr, number: found.categories.length, formula: found.formula, categories: found.categories, examples: found.examples };
    const cut = key.lastIndexOf('_');
    if (cut <= 0) return null;
    key = key.slice(0, cut);
  }
}

/** A gettext rule (a count and a formula) for a language; forms are named by the CLDR category they match. */
export function gettextRule(code: string, number: number, formula: string, source: number = PLURAL_SOURCE.language): PluralRule {
  return { source, number, formula, categories: pluralCategories(code, formula, number), examples: formulaExamples(formula, number) };
}

/** The rule of a format without plurals. */
export const SINGLE_FORM_RULE: PluralRule = Object.freeze({ source: PLURAL_SOURCE.single, number: 1, formula: '0', categories: ['other'], examples: ['0, 1, 2, …'] });

/** Why a declared gettext rule cannot be used (null when it can). */
export function pluralFormsProblem(number: number, formula: string): string | null {
  if (!Number.isInteger(number) || number < 1 || number > MAX_PLURAL_FORMS) return `nplurals must be between 1 and ${MAX_PLURAL_FORMS}, got ${number}`;
  return validatePluralFormula(formula, number);
}

const EXAMPLE_LIMIT = 1000;
const EXAMPLES_SHOWN = 6;
const exampleCache = new Map<string, readonly string[]>();

/** The first few whole numbers that pick each form, e.g. ["1, 21, 31, 41, 51, 61, …", …]. */
export function formulaExamples(formula: string, number: number): readonly string[] {
  const key = `${number}\u0000${formula}`;
  const cached = exampleCache.get(key);
  if (cached) return cached;
  const lists: number[][] = Array.from({ length: number }, () => []);
  const more = new Array<boolean>(number).fill(false);
  try {
    const pick = compilePluralFormula(formula);
    for (let n = 0; n <= EXAMPLE_LIMIT; n++) {
      const list = lists[pick(n)];
      if (!list) continue;
      if (list.length < EXAMPLES_SHOWN) list.push(n);
      else more[pick(n)] = true;
    }
  } catch {
    // An unusable formula has no examples to show.
  }
  const result = lists.map((l, i) => (l.length === 0 ? '' : `${l.join(', ')}${more[i] ? ', …' : ''}`));
  if (exampleCache.size > 1000) exampleCache.clear();
  exampleCache.set(key, result);
  return result;
}

/** How a format stores plurals: a gettext count and formula, CLDR category names, or not at all. */
export type PluralKind = 'gettext' | 'cldr' | 'none';

export interface LanguagePlural {
  code: string;
  plural_number: number;
  plural_formula: string;
}

/**
 * The rule a file of `kind` follows in `language`: gettext formats take the file's own valid
 * `Plural-Forms` (else the language's gettext rule), category-keyed formats take CLDR's categories of
 * the language (its gettext rule when CLDR does not know it), formats without plurals have one form.
 * A gettext-style file without a header of its own (Qt, XLIFF plural groups) whose plurals all hold
 * CLDR's number of forms for the language (`held`) was written with CLDR's rule, as Transifex writes
 * them: that rule is its own, so no form it holds is hidden.
 */
export function ruleFor(kind: PluralKind, language: LanguagePlural, declared?: { number: number; formula: string }, held?: number | null): PluralRule {
  if (kind === 'none') return SINGLE_FORM_RULE;
  if (kind === 'cldr') return cldrRule(language.code) ?? gettextRule(language.code, language.plural_number, language.plural_formula);
  if (declared && pluralFormsProblem(declared.number, declared.formula) === null) return gettextRule(language.code, declared.number, declared.formula, PLURAL_SOURCE.file);
  if (held && held !== language.plural_number) {
    const cldr = cldrRule(language.code);
    if (cldr && cldr.number === held) return cldr;
  }
  return gettextRule(language.code, language.plural_number, language.plural_formula);
}

/** The rule of a parsed file (see ruleFor); only a headerless gettext-style file needs the forms it holds counted. */
export function ruleOfStore(
  kind: PluralKind,
  language: LanguagePlural,
  store?: { pluralForms?: { number: number; formula: string } | undefined; units: Iterable<{ source: readonly string[]; target: readonly string[] }> },
): PluralRule {
  const held = kind === 'gettext' && store && !store.pluralForms ? heldPluralForms(store.units) : null;
  return ruleFor(kind, language, store?.pluralForms, held);
}

/** The number of forms every translated plural of a file holds, or null when they differ or there are none. */
function heldPluralForms(units: Iterable<{ source: readonly string[]; target: readonly string[] }>): number | null {
  let held: number | null = null;
  for (const u of units) {
    if (u.source.length < 2 || !u.target.some((t) => t !== '')) continue;
    if (held !== null && held !== u.target.length) return null;
    held = u.target.length;
  }
  return held;
}

/** The stored columns of a translation's rule. */
export interface StoredPlural {
  plural_source: number;
  plural_number: number;
  plural_formula: string;
  plural_categories: string;
}

/** The columns that store `rule` on a translation. */
export function storedPlural(rule: PluralRule): StoredPlural {
  return { plural_source: rule.source, plural_number: rule.number, plural_formula: rule.formula, plural_categories: JSON.stringify(rule.categories) };
}

/** A translation's rule from its stored columns (rows never scanned since the columns exist name their forms from the formula). */
export function ruleOfTranslation(row: StoredPlural, languageCode: string): PluralRule {
  let categories: readonly string[] | null = null;
  try {
    const parsed: unknown = row.plural_categories ? JSON.parse(row.plural_categories) : null;
    if (Array.isArray(parsed) && parsed.length === row.plural_number && parsed.every((c) => typeof c === 'string')) categories = parsed as string[];
  } catch {
    categories = null;
  }
  if (row.plural_source === PLURAL_SOURCE.cldr) {
    const cldrOwn = cldrRule(languageCode);
    if (cldrOwn && cldrOwn.number === row.plural_number) return cldrOwn;
  }
  if (row.plural_source === PLURAL_SOURCE.single && row.plural_number === 1) return SINGLE_FORM_RULE;
  return {
    source: row.plural_source,
    number: row.plural_number,
    formula: row.plural_formula,
    categories: categories ?? pluralCategories(languageCode, row.plural_formula, row.plural_number),
    examples: formulaExamples(row.plural_formula, row.plural_number),
  };
}

/**
 * Reads a PO `Plural-Forms` header value: null when there is none (or only gettext's template
 * placeholder "nplurals=INTEGER; plural=EXPRESSION;"), else the declared rule or why it is unusable.
 */
export function readPluralFormsHeader(value: string | undefined): { number: number; formula: string } | { problem: string } | null {
  if (value === undefined || value.trim() === '' || /nplurals\s*=\s*INTEGER/.test(value)) return null;
  const count = /nplurals\s*=\s*(\d+)/.exec(value);
  const formula = /(?:^|[\s;])plural\s*=\s*([^;]*)/.exec(value);
  if (!count || !formula || formula[1]!.trim() === '') return { problem: 'it needs both nplurals=N and plural=EXPRESSION' };
  const number = Number(count[1]);
  const problem = pluralFormsProblem(number, formula[1]!.trim());
  return problem ? { problem } : { number, formula: formula[1]!.trim() };
}
