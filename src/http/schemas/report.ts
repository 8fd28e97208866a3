// Reports (credits and contributor statistics of a period), the credits lists, and the bodies that ask for them.
import { Type } from 'typebox';
import { Nullable, Url } from './common.js';

const Kind = Type.Union([Type.Literal('credits'), Type.Literal('contributor_stats'), Type.Literal('cost_estimate'), Type.Literal('translator_work')], {
  description: 'credits and contributor_stats are generated; the other kinds are refused.',
});

/** A report in a list. */
export const ReportListItemSchema = Type.Object(
  {
    id: Type.Integer(),
    kind: Kind,
    version: Type.Integer({ description: 'The layout version of `data`.' }),
    creator: Nullable(Type.String({ description: 'Username of who asked for it.' })),
    created: Type.String({ format: 'date-time' }),
    scope: Nullable(
      Type.Object(
        { name: Type.String(), project: Type.Optional(Type.String()), category: Type.Optional(Type.String()), component: Type.Optional(Type.String()) },
        { description: 'The project, category or component (its id, as text) and its name; null for a site-wide report.' },
      ),
    ),
    url: Url(),
    json_url: Url('The data as a JSON file.'),
    html_url: Url('The data as an HTML table.'),
    rst_url: Url('The data as reStructuredText.'),
  },
  { title: 'ReportListItem' },
);

export const CreditSchema = Type.Object({ email: Type.String(), username: Type.String(), full_name: Type.String(), change_count: Type.Integer() }, { title: 'Credit' });

/** `[{"<language name>": [credit, …]}, …]`. */
export const CreditsSchema = Type.Array(Type.Record(Type.String({ description: 'Language name.' }), Type.Array(CreditSchema)), { title: 'Credits', description: 'One object per language, by language name.' });

export const ReportSchema = Type.Object(
  {
    ...ReportListItemSchema.properties,
    parameters: Type.Record(Type.String(), Type.Unknown(), { description: 'start, end, language, sort_by, sort_order, own_data (and counting_mode).' }),
    data: Type.Union([CreditsSchema, Type.Array(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])), { description: 'Contributor statistics: one object per author.' })]),
  },
  { title: 'Report' },
);

const Scope = {
  start: Type.String({ format: 'date-time', description: 'Start of the period (ISO 8601).' }),
  end: Type.String({ format: 'date-time', description: 'End of the period (ISO 8601), after start.' }),
  language: Type.Optional(Type.String({ description: 'Only this language code.' })),
  sort_by: Type.Optional(Type.Union([Type.Literal('count'), Type.Literal('date_joined')], { default: 'count' })),
  sort_order: Type.Optional(Type.Union([Type.Literal('descending'), Type.Literal('ascending')], { default: 'descending' })),
  counting_mode: Type.Optional(Type.Union([Type.Literal('unique'), Type.Literal('all')], { default: 'unique', description: 'contributor_stats: count each string once per author, or every change.' })),
};

/** POST on a scoped reports address (the scope is the path). */
export const ScopedReportCreateBody = Type.Object({ kind: Kind, ...Scope }, { title: 'ScopedReportRequest' });

/** POST /api/reports/: at most one scope, or none for the whole site. */
export const ReportCreateBody = Type.Object(
  {
    kind: Kind,
    project: Type.Optional(Type.String({ description: 'Project slug.' })),
    category: Type.Optional(Type.Integer({ minimum: 1, description: 'Category id.' })),
    component: Type.Optional(Type.String({ description: 'Component path: project slug, category slugs and component slug joined by "/".' })),
    ...Scope,
  },
  { title: 'ReportRequest' },
);

export const ReportStartedSchema = Type.Object({ detail: Type.String(), task_url: Url('The finished task; its result names the report.'), url: Url('The report.') }, { title: 'ReportStarted' });

export const CreditsQuery = Type.Object({
  start: Type.String({ description: 'Start of the period (ISO 8601), required.' }),
  end: Type.String({ description: 'End of the period (ISO 8601), required.' }),
  lang: Type.Optional(Type.String({ description: 'Only this language code.' })),
});
