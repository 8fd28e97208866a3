// /api/metrics/: server metrics for signed-in users, as JSON, the browsable page or OpenMetrics text.
import fs from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Container } from '../../container.js';
import { AppError, NotAuthenticatedError, NotFoundError } from '../../shared/errors.js';
import { negotiate } from '../plugins/negotiation.js';
import { resource } from '../resource.js';
import { METRIC_HELP, MetricsQuery, MetricsSchema } from '../schemas/metrics.js';

export const OPENMETRICS_TYPE = 'application/openmetrics-text; version=1.0.0; charset=utf-8';
const SITE_NAME = 'Parla';

const VERSION: string = (() => {
  try {
    return (JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version?: string }).version ?? '';
  } catch {
    return '';
  }
})();

type Format = 'json' | 'html' | 'csv' | 'openmetrics';

function acceptsOpenMetrics(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(',').some((part) => {
    const [type, ...params] = part.trim().split(';');
    if (type!.trim().toLowerCase() !== 'application/openmetrics-text') return false;
    const q = params.map((p) => p.trim().split('=')).find(([k]) => k === 'q');
    return !q || Number(q[1]) > 0;
  });
}

/** ?format= wins (json, api, csv, openmetrics; anything else is 404 as elsewhere), then the Accept header. */
function chooseFormat(request: FastifyRequest): Format {
  const format = (request.query as Record<string, unknown> | undefined)?.format;
  if (typeof format === 'string' && format !== '') {
    if (format === 'json') return 'json';
    if (format === 'api') return 'html';
    if (format === 'openmetrics') return 'openmetrics';
    if (format === 'csv') return 'csv';
    throw new NotFoundError(`Format "${format}" is not supported.`);
  }
  if (acceptsOpenMetrics(request.headers.accept)) return 'openmetrics';
  const choice = negotiate(request.headers.accept);
  if (choice === null) throw new AppError('not_acceptable', 'Could not satisfy the request Accept header.');
  return choice;
}

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}

/** OpenMetrics text: every number a gauge with HELP and TYPE, queues as labelled samples, the version as an info-style gauge. */
export function renderOpenMetrics(data: Record<string, unknown>): string {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (typeof value === 'number') {
      lines.push(`# HELP ${key} ${METRIC_HELP[key] ?? key}`, `# TYPE ${key} gauge`, `${key} ${value}`);
    } else if (value && typeof value === 'object') {
      lines.push(`# HELP ${key} ${METRIC_HELP[key] ?? key}`, `# TYPE ${key} gauge`);
      for (const [label, n] of Object.entries(value as Record<string, number>)) lines.push(`${key}{queue="${escapeLabel(label)}"} ${n}`);
    }
  }
  if (typeof data.version === 'string') {
    lines.push('# HELP parla_info Parla version', '# TYPE parla_info gauge', `parla_info{version="${escapeLabel(data.version)}"} 1`);
  }
  lines.push('# EOF');
  return `${lines.join('\n')}\n`;
}

/** What these routes use of the container. */
export type MetricsDeps = Pick<Container, 'stats' | 'tasks'>;

export function metricsRoutes(app: FastifyInstance, c: MetricsDeps): void {
  resource(app, '/api/metrics/', { name: 'Metrics', description: 'Metrics view for monitoring.' }, {
    GET: {
      // The route reads ?format= itself: "openmetrics" is a renderer only here.
      rawFormat: true,
      schema: { response: { 200: MetricsSchema } },
      described: { querystring: MetricsQuery },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        if (!request.actor.authenticated) throw new NotAuthenticatedError();
        const format = chooseFormat(request);
        reply.header('Vary', 'Accept');
        const data = { ...(await c.stats.metrics()), celery_queues: await c.tasks.lengths(), name: SITE_NAME, version: VERSION };
        if (format === 'openmetrics') return reply.type(OPENMETRICS_TYPE).send(renderOpenMetrics(data));
        request.wantsHtml = format === 'html';
        if (format === 'csv') request.renderAs = 'csv';
        return data;
      },
    },
  });
}
