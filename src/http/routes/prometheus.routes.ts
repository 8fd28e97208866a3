// GET /metrics: Prometheus metrics for operators (behind PARLA_METRICS_TOKEN), and the hook that times every request.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Container } from '../../container.js';
import { METRICS_CONTENT_TYPE, metricsAuthorized, metricsText, recordRequest } from '../../shared/metrics.js';

/** What these routes use of the container. */
export type PrometheusDeps = Pick<Container, 'config'>;

const METRICS_PATH = '/metrics';

/**
 * Registered before authentication (app.ts): the scrape's `Authorization: Bearer <token>` is the metrics token, not an
 * API token, so it is checked and taken off the request here, and authentication sees an anonymous request.
 */
export function prometheusRoutes(app: FastifyInstance, container: PrometheusDeps): void {
  // The route pattern, never the raw URL: one series per route, however many ids are requested.
  app.addHook('onResponse', (request, reply, done) => {
    recordRequest(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  const token = container.config.metricsToken;
  // Without a token there is no endpoint at all: metrics name routes, tasks and load, which are not for everyone.
  if (!token) return;
  const authorized = new WeakSet<FastifyRequest>();
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.routeOptions.url === METRICS_PATH) {
      if (metricsAuthorized(request.headers.authorization, token)) authorized.add(request);
      delete request.headers.authorization;
    }
    done();
  });
  app.route({
    method: 'GET',
    url: METRICS_PATH,
    config: { resourceName: 'Health', summary: 'Prometheus metrics (text format), with `Authorization: Bearer <PARLA_METRICS_TOKEN>`.' },
    handler: async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      if (!authorized.has(request)) {
        reply.code(401).header('WWW-Authenticate', 'Bearer');
        return { detail: 'Authentication credentials were not provided.' };
      }
      reply.type(METRICS_CONTENT_TYPE);
      return metricsText();
    },
  });
}
