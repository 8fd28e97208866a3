// /api/projects/<project>/lock/ (every component locked or unlocked at once) and /api/projects/<project>/metrics/.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Container } from '../../container.js';
import { metricsByComponent, PROJECT_METRICS, type MetricsEntry } from '../../services/insights/project-metrics.service.js';
import { AppError, NotFoundError, ValidationError } from '../../shared/errors.js';
import { bodyOf } from '../context.js';
import { explicitlyAccepts, negotiate } from '../plugins/negotiation.js';
import { resource } from '../resource.js';
import { ProjectParams, documentedRequired } from '../schemas/common.js';
import { ProjectLockBody, ProjectLockSchema, ProjectMetricsQuery, ProjectMetricsSchema } from '../schemas/project-insights.js';
import { OPENMETRICS_TYPE } from './metrics.routes.js';

type P = FastifyRequest<{ Params: { project: string } }>;

/** What these routes use of the container. */
export type ProjectInsightsDeps = Pick<Container, 'projects' | 'projectLock' | 'projectMetrics'>;

type Format = 'json' | 'html' | 'csv' | 'openmetrics';

/** ?format= wins (json, api, csv, openmetrics; anything else is a 404 as elsewhere), then the Accept header. */
function chooseFormat(request: FastifyRequest): Format {
  const format = (request.query as Record<string, unknown> | undefined)?.format;
  if (typeof format === 'string' && format !== '') {
    if (format === 'json' || format === 'csv' || format === 'openmetrics') return format;
    if (format === 'api') return 'html';
    throw new NotFoundError(`Format "${format}" is not supported.`);
  }
  const accept = request.headers.accept;
  if (explicitlyAccepts(accept, 'application/openmetrics-text')) return 'openmetrics';
  if (explicitlyAccepts(accept, 'text/csv')) return 'csv';
  const choice = negotiate(accept);
  if (choice === null) throw new AppError('not_acceptable', 'Could not satisfy the request Accept header.');
  return choice === 'html' ? 'html' : 'json';
}

const escapeLabel = (value: string) => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const csvField = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** One row per translation and metric (component, language, name, metric, value); no rows, no header. */
export function projectMetricsCsv(entries: readonly MetricsEntry[]): string {
  if (entries.length === 0) return '';
  const lines = ['component,language,name,metric,value'];
  for (const e of entries) {
    for (const m of PROJECT_METRICS) lines.push([e.component, e.language, String(e.values.name), m.name, String(e.values[m.name])].map(csvField).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Every metric a gauge named parla_<metric> with HELP and TYPE, one sample per translation labelled with its
 * component and language; parla_translation_info carries the language name, parla_last_update_timestamp when
 * the translation's statistics last changed.
 */
export function projectMetricsOpenMetrics(entries: readonly MetricsEntry[]): string {
  const labels = (e: MetricsEntry) => `component="${escapeLabel(e.component)}",language="${escapeLabel(e.language)}"`;
  const lines: string[] = ['# HELP parla_translation_info Translation of a component into a language.', '# TYPE parla_translation_info gauge'];
  for (const e of entries) lines.push(`parla_translation_info{${labels(e)},name="${escapeLabel(String(e.values.name))}"} 1`);
  for (const m of PROJECT_METRICS) {
    lines.push(`# HELP parla_${m.name} ${m.help}.`, `# TYPE parla_${m.name} gauge`);
    for (const e of entries) lines.push(`parla_${m.name}{${labels(e)}} ${e.values[m.name]}`);
  }
  lines.push('# HELP parla_last_update_timestamp Unix timestamp of last statistics update.', '# TYPE parla_last_update_timestamp gauge');
  for (const e of entries) lines.push(`parla_last_update_timestamp{${labels(e)}} ${e.updated}`);
  lines.push('# EOF');
  return `${lines.join('\n')}\n`;
}

export function projectInsightsRoutes(app: FastifyInstance, c: ProjectInsightsDeps): void {
  resource(app, '/api/projects/:project/lock/', { name: 'Project Lock', description: 'A project is locked when all of its components are; locking it locks every component.' }, {
    GET: {
      schema: { params: ProjectParams, response: { 200: ProjectLockSchema } },
      handler: async (request: P) => ({ locked: await c.projectLock.isLocked(await c.projects.getVisible(request.actor, request.params.project)) }),
    },
    POST: {
      schema: { params: ProjectParams, body: ProjectLockBody, response: { 200: ProjectLockSchema } },
      described: { body: documentedRequired(ProjectLockBody, ['lock']) },
      handler: async (request: P) => {
        const project = await c.projects.getVisible(request.actor, request.params.project);
        const lock = bodyOf<{ lock?: boolean }>(request).lock;
        if (lock === undefined) throw ValidationError.field('lock', 'This field is required.', 'required');
        return { locked: await c.projectLock.setLock(request.actor, project, lock) };
      },
    },
  });

  resource(app, '/api/projects/:project/metrics/', { name: 'Project Metrics', description: 'Statistics of every translation of the project, as JSON, CSV or OpenMetrics text.' }, {
    GET: {
      // The route reads ?format= itself: csv and openmetrics are its own renderings.
      rawFormat: true,
      schema: { params: ProjectParams, response: { 200: ProjectMetricsSchema } },
      described: { querystring: ProjectMetricsQuery },
      handler: async (request: P, reply: FastifyReply) => {
        const format = chooseFormat(request);
        reply.header('Vary', 'Accept');
        const project = await c.projects.getVisible(request.actor, request.params.project);
        const entries = await c.projectMetrics.ofProject(request.actor, project);
        if (format === 'openmetrics') return reply.type(OPENMETRICS_TYPE).send(projectMetricsOpenMetrics(entries));
        if (format === 'csv') return reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${project.slug}-metrics.csv"`).send(projectMetricsCsv(entries));
        request.wantsHtml = format === 'html';
        return metricsByComponent(entries);
      },
    },
  });
}
