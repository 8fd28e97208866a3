// A project's lock state and its metrics (GET /api/projects/<project>/lock/ and /metrics/).
import { Type, type TSchema } from 'typebox';
import { body } from './common.js';
import { PROJECT_METRICS } from '../../services/insights/project-metrics.service.js';

export const ProjectLockSchema = Type.Object({ locked: Type.Boolean({ description: 'Whether every component of the project is locked (false for a project without components).' }) }, { title: 'ProjectLock' });

/** POST /api/projects/<project>/lock/: `lock` is required (the route says so with the usual message). */
export const ProjectLockBody = body({ lock: Type.Optional(Type.Boolean({ description: 'true locks every component of the project, false unlocks them.' })) });

const metricFields: Record<string, TSchema> = Object.fromEntries(PROJECT_METRICS.map((m) => [m.name, Type.Number({ description: `${m.help}.` })]));

/** One translation's metrics. */
export const TranslationMetricsSchema = Type.Object({ name: Type.String({ description: 'The language name.' }), ...metricFields }, { title: 'TranslationMetrics' });

export const ProjectMetricsSchema = Type.Record(Type.String({ description: 'The component path inside the project (category slugs and the component slug joined by "/").' }), Type.Record(Type.String({ description: 'The language code.' }), TranslationMetricsSchema), {
  title: 'ProjectMetrics',
  description: 'component path → language code → metrics of that translation.',
});

/** Documented only: the route reads ?format= itself. */
export const ProjectMetricsQuery = Type.Object({
  format: Type.Optional(
    Type.Union([Type.Literal('json'), Type.Literal('api'), Type.Literal('csv'), Type.Literal('openmetrics')], {
      description: 'json, api (the browsable page), csv (one row per translation) or openmetrics (text); the Accept header chooses otherwise.',
    }),
  ),
});
