// Parse options for a translation file: its language, the CLDR names of its plural forms, the document template.
import type { ParsedStore, ParseOptions } from '../formats/format.js';
import { pluralCategories } from '../languages/plural-categories.js';

export interface LanguagePlural {
  code: string;
  plural_number: number;
  plural_formula: string;
}

export function parseOptionsFor(language: LanguagePlural | null, filename: string, template?: ParsedStore): ParseOptions {
  const options: ParseOptions = { filename };
  if (language) {
    options.language = language.code;
    options.pluralCategories = pluralCategories(language.code, language.plural_formula, language.plural_number);
  }
  if (template) options.template = template;
  return options;
}
