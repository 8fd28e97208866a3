// The exports outside /api/: RSS feeds of recent changes and the legacy statistics export.
import { Type, type TSchema } from 'typebox';
import { Nullable, Url } from './common.js';

export const RssFeed = Type.String({ format: 'binary', contentMediaType: 'application/rss+xml', description: 'An RSS 2.0 feed of the recent changes.' });
/** The data exports page of a project. */
export const DataPageBody = Type.String({ format: 'binary', contentMediaType: 'text/html', description: 'An HTML page of the addresses of the project\'s feeds, statistics, repositories, files and hooks.' });

const int = () => Type.Integer();
const pct = () => Type.Number();
const counts = (names: string[]): Record<string, TSchema> => Object.fromEntries(names.map((n) => [n, int()]));
const percents = (names: string[]): Record<string, TSchema> => Object.fromEntries(names.map((n) => [n, pct()]));

/** One language of a component: GET /exports/stats/<project>/<component>/. */
export const ComponentStatsItemSchema = Type.Object(
  {
    name: Type.String({ description: 'The language name.' }),
    code: Type.String(),
    ...counts(['total', 'translated', 'total_words', 'translated_words', 'total_chars', 'translated_chars', 'failing', 'fuzzy', 'recent_changes', 'readonly', 'approved', 'suggestions', 'comments']),
    ...percents(['translated_percent', 'translated_words_percent', 'translated_chars_percent', 'failing_percent', 'fuzzy_percent', 'readonly_percent', 'approved_percent']),
    url_translate: Url(),
    url: Url(),
    translate_url: Url(),
    last_change: Nullable(Type.String({ format: 'date-time' })),
    last_author: Nullable(Type.String()),
  },
  { title: 'ComponentStatsExportItem' },
);

/** One language of a project: GET /exports/stats/<project>/. */
export const ProjectStatsItemSchema = Type.Object(
  {
    language: Type.String({ description: 'The language name (older spelling of name).' }),
    name: Type.String(),
    code: Type.String(),
    ...counts(['total', 'translated', 'total_words', 'translated_words', 'total_chars', 'translated_chars', 'failing', 'fuzzy', 'readonly', 'approved', 'suggestions', 'comments']),
    ...percents(['translated_percent', 'words_percent', 'translated_words_percent', 'translated_chars_percent', 'failing_percent', 'fuzzy_percent', 'readonly_percent', 'approved_percent']),
    url: Url(),
  },
  { title: 'ProjectStatsExportItem' },
);

const STATS_FORMS = 'JSON by default; format=csv answers text/csv (a header row and one row per language), jsonp=<callback> answers JavaScript.';

export const StatsExport = <T extends TSchema>(item: T) => Type.Array(item, { description: `One item per language. ${STATS_FORMS}` });

/** Documented only: the export reads them itself. */
export const StatsExportQuery = Type.Object({
  format: Type.Optional(Type.String({ description: 'csv for a CSV file; JSON otherwise.' })),
  indent: Type.Optional(Type.Integer({ minimum: 0, maximum: 9, description: 'JSON indentation; 2 by default.' })),
  jsonp: Type.Optional(Type.String({ maxLength: 100, description: 'A JavaScript callback name: the JSON is wrapped in a call to it.' })),
});
