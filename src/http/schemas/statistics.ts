// The statistics object (statisticsObject): counts and percentages of a translation, component, project, language or category.
import { Type, type TSchema } from 'typebox';
import { Nullable, Url } from './common.js';

const COUNTS = ['total', 'total_words', 'total_chars', 'translated', 'translated_words', 'translated_chars', 'fuzzy', 'fuzzy_words', 'fuzzy_chars', 'failing', 'approved', 'approved_words', 'approved_chars', 'readonly', 'readonly_words', 'readonly_chars', 'suggestions', 'comments', 'recent_changes'];
const PERCENTS = ['translated_percent', 'translated_words_percent', 'translated_chars_percent', 'fuzzy_percent', 'fuzzy_words_percent', 'fuzzy_chars_percent', 'failing_percent', 'approved_percent', 'approved_words_percent', 'approved_chars_percent', 'readonly_percent', 'readonly_words_percent', 'readonly_chars_percent', 'readonly_char_percent'];

const properties: Record<string, TSchema> = {
  ...Object.fromEntries(COUNTS.map((k) => [k, Type.Integer()])),
  ...Object.fromEntries(PERCENTS.map((k) => [k, Type.Number()])),
  name: Type.String(),
  last_change: Nullable(Type.String({ format: 'date-time' })),
  last_author: Nullable(Type.String()),
  code: Type.Optional(Type.String({ description: 'The language code, on per-language statistics.' })),
  url: Type.Optional(Url()),
  translate_url: Type.Optional(Url()),
  url_translate: Type.Optional(Url()),
};

export const StatisticsSchema = Type.Object(properties, { title: 'Statistics' });

/** GET /api/projects/<p>/languages/: statistics per language with the older per-language fields. */
export const ProjectLanguageStatisticsSchema = Type.Object(
  { ...properties, language: Type.String(), words_percent: Type.Number() },
  { title: 'ProjectLanguageStatistics' },
);
