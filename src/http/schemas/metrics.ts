// The metrics object of GET /api/metrics/ (as JSON; the same numbers are the gauges of its OpenMetrics text).
import { Type, type TSchema } from 'typebox';

/** What each number counts: the field descriptions here and the `# HELP` lines of the OpenMetrics text. */
export const METRIC_HELP: Record<string, string> = {
  units: 'Number of strings in all translations',
  units_translated: 'Number of translated strings in all translations',
  users: 'Number of users',
  changes: 'Number of recorded changes',
  projects: 'Number of projects',
  components: 'Number of components',
  translations: 'Number of translations',
  languages: 'Number of languages with at least one translation',
  checks: 'Number of failing quality checks',
  configuration_errors: 'Number of components with a repository or configuration error',
  suggestions: 'Number of pending suggestions',
  celery_queues: 'Number of tasks waiting in each task queue',
};

const counts: Record<string, TSchema> = Object.fromEntries(
  Object.entries(METRIC_HELP)
    .filter(([name]) => name !== 'celery_queues')
    .map(([name, help]) => [name, Type.Integer({ minimum: 0, description: `${help}.` })]),
);

export const MetricsSchema = Type.Object(
  {
    ...counts,
    celery_queues: Type.Record(Type.String(), Type.Integer({ minimum: 0 }), { description: `${METRIC_HELP.celery_queues}, by queue name.` }),
    name: Type.String({ description: 'The site name.' }),
    version: Type.String({ description: 'The server version.' }),
  },
  { title: 'Metrics' },
);

/** Documented only: the route reads ?format= itself (it chooses OpenMetrics text too). */
export const MetricsQuery = Type.Object({
  format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('api'), Type.Literal('openmetrics')], { description: 'json, api (the browsable page) or openmetrics (text); the Accept header chooses otherwise.' })),
});
