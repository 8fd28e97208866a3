// CORS for the API (PARLA_CORS_ORIGINS): browsers on the listed origins may call /api/; nothing else gets CORS headers.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import cors, { type FastifyCorsOptions } from '@fastify/cors';

type CorsDecision = Omit<FastifyCorsOptions, 'delegator'>;

/** No CORS headers, and no preflight answer: the request goes on as if the plugin were not there. */
const OFF: CorsDecision = { origin: false };

/**
 * Registers CORS when origins are configured (an empty list registers nothing: no headers at all).
 * Listed origins are echoed back with credentials allowed (cookies, Authorization); with "*", any other
 * origin is answered `Access-Control-Allow-Origin: *` without credentials, as browsers require.
 */
export async function registerCors(app: FastifyInstance, origins: string[]): Promise<void> {
  if (origins.length === 0) return;
  const listed = new Set(origins.filter((o) => o !== '*'));
  const anyOrigin = origins.includes('*');
  const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
  const exposedHeaders = ['Link', 'Retry-After', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];
  const decide = (request: FastifyRequest): CorsDecision => {
    const origin = request.headers.origin;
    if (!origin || !request.url.startsWith('/api/')) return OFF;
    // Only a real preflight (it names the method to come) is answered here; any other OPTIONS request
    // (the API's own description of an address) goes on to its route with the CORS headers added.
    const preflight = request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
    if (listed.has(origin.toLowerCase())) return { origin, credentials: true, preflight, methods, exposedHeaders, maxAge: 600 };
    if (anyOrigin) return { origin: '*', credentials: false, preflight, methods, exposedHeaders, maxAge: 600 };
    return OFF;
  };
  await app.register(cors, {
    hook: 'onRequest',
    delegator: (request, callback) => callback(null, decide(request)),
  });
}
