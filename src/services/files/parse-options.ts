// Parse options for a translation file: its language, the CLDR names of its plural forms, the document template.
import type { ParsedStore, ParseOptions, TranslationFormat } from '../../formats/format.js';
import { pluralKindOf } from '../../formats/plural-kind.js';
import { ruleFor, ruleOfStore, type LanguagePlural, type PluralRule } from '../../languages/plural-rule.js';

export type { LanguagePlural };

/**
 * What a format needs to read a file of `language`: category-keyed formats get the CLDR categories of
 * the language, gettext formats the language's own forms (a PO file's header may declare others).
 */
export function parseOptionsFor(format: Pick<TranslationFormat, 'id'>, language: LanguagePlural | null, filename: string, template?: ParsedStore): ParseOptions {
  const options: ParseOptions = { filename };
  if (language) {
    options.language = language.code;
    options.pluralCategories = ruleFor(pluralKindOf(format.id), language).categories;
  }
  if (template) options.template = template;
  return options;
}

/** The plural rule of a parsed file of `format` in `language` (see ruleFor). */
export function pluralRuleOf(format: Pick<TranslationFormat, 'id'>, language: LanguagePlural, store?: Pick<ParsedStore, 'pluralForms' | 'units'>): PluralRule {
  return ruleOfStore(pluralKindOf(format.id), language, store);
}
