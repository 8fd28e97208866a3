// The translation object (serializeTranslation) and the plural rule it carries.
import { Type } from 'typebox';
import { Nullable, Url } from './common.js';
import { ComponentSchema } from './component.js';
import { LanguageSchema } from './language.js';

export const PluralRuleSchema = Type.Object({
  source: Type.Integer(),
  number: Type.Integer(),
  formula: Type.String(),
  categories: Type.Array(Type.String(), { description: 'The CLDR name of each plural form.' }),
  examples: Type.Array(Type.String(), { description: 'Example numbers of each form, e.g. "1, 21, 31, …".' }),
});

export const TranslationSchema = Type.Object(
  {
    language: LanguageSchema,
    component: Type.Optional(ComponentSchema),
    language_code: Type.String(),
    id: Type.Integer(),
    filename: Type.String(),
    revision: Type.String(),
    web_url: Url(),
    share_url: Url(),
    translate_url: Url(),
    url: Url(),
    is_template: Type.Boolean(),
    is_source: Type.Boolean(),
    plural: PluralRuleSchema,
    total: Type.Integer(),
    total_words: Type.Integer(),
    translated: Type.Integer(),
    translated_words: Type.Integer(),
    translated_percent: Type.Number(),
    fuzzy: Type.Integer(),
    fuzzy_words: Type.Integer(),
    fuzzy_percent: Type.Number(),
    failing_checks: Type.Integer(),
    failing_checks_words: Type.Integer(),
    failing_checks_percent: Type.Number(),
    have_suggestion: Type.Integer(),
    have_comment: Type.Integer(),
    last_change: Nullable(Type.String({ format: 'date-time' })),
    last_author: Nullable(Type.String()),
    repository_url: Url(),
    file_url: Url(),
    statistics_url: Url(),
    changes_list_url: Url(),
    units_list_url: Url(),
    announcements_url: Url(),
  },
  { title: 'Translation' },
);
