// Load shedding: while the event loop lags (PARLA_MAX_EVENT_LOOP_DELAY_MS), requests are answered 503 with Retry-After.
import type { FastifyInstance } from 'fastify';
import underPressure from '@fastify/under-pressure';
import { errorBody } from './errors.js';

/** Seconds a client is asked to wait before trying again. */
export const PRESSURE_RETRY_AFTER = 10;

/**
 * A process whose event loop lags answers every request late; refusing new ones quickly lets it catch up
 * and lets a load balancer send them elsewhere. /healthz is exempt: the process is alive, and a liveness
 * probe failing under load would get it restarted, which makes the overload worse. /readyz (and every
 * other address) is refused, so readiness checks take the busy process out of rotation until it recovers.
 */
export async function registerPressure(app: FastifyInstance, maxEventLoopDelay: number): Promise<void> {
  if (maxEventLoopDelay <= 0) return;
  await app.register(underPressure, {
    maxEventLoopDelay,
    retryAfter: PRESSURE_RETRY_AFTER,
    pressureHandler: (request, reply) => {
      if (request.url === '/healthz' || request.url.startsWith('/healthz?')) return; // goes on to its route
      reply.code(503).header('Retry-After', String(PRESSURE_RETRY_AFTER)).type('application/json; charset=utf-8');
      // The library sends what the handler returns, and ends the request there (its types say void).
      return errorBody(503, 'overloaded', 'The server is overloaded; try again later.') as unknown as void;
    },
  });
}
