// GET (and HEAD) /healthz and /readyz: the probes of load balancers, Docker and orchestrators; no authentication, no rate limit.
import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container.js';
import { LivenessSchema, ReadinessSchema, UnreadinessSchema } from '../schemas/health.js';

/** What these routes use of the container. */
export type HealthDeps = Pick<Container, 'health'>;

export const PROBE_PATHS = ['/healthz', '/readyz'];

/** Probes and metrics scrapes arrive every few seconds: their request lines are logged at debug, not at info. */
const QUIET_PATHS = [...PROBE_PATHS, '/metrics'];

/** Whether a request URL is a probe or a metrics scrape. */
export function isProbeUrl(url: string): boolean {
  const pathname = url.split('?', 1)[0]!;
  return QUIET_PATHS.includes(pathname);
}

export function healthRoutes(app: FastifyInstance, container: HealthDeps): void {
  app.route({
    method: 'GET',
    url: '/healthz',
    schema: { response: { 200: LivenessSchema } },
    config: { resourceName: 'Health', summary: 'Liveness: the process answers (nothing else is checked).' },
    handler: async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { status: 'ok' };
    },
  });
  app.route({
    method: 'GET',
    url: '/readyz',
    schema: { response: { 200: ReadinessSchema, 503: UnreadinessSchema } },
    config: { resourceName: 'Health', summary: 'Readiness: database, migrations, data dir, Redis and task queue; 503 names the checks that failed.' },
    handler: async (_request, reply) => {
      const readiness = await container.health.readiness();
      reply.header('Cache-Control', 'no-store');
      reply.code(readiness.status === 'ok' ? 200 : 503);
      return readiness;
    },
  });
}
