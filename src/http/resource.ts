// Registers one API address with its methods: Allow header, 405 for the others, OPTIONS metadata.
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteShorthandOptions } from 'fastify';
import { AppError, NotAuthenticatedError } from '../shared/errors.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const ORDER: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface Endpoint {
  schema?: FastifySchema;
  handler: (request: FastifyRequest<any>, reply: FastifyReply) => Promise<unknown>;
  /** Raw-file endpoints interpret ?format= as a file conversion, not as a renderer. */
  rawFormat?: boolean;
  bodyLimit?: number;
}

export interface ResourceInfo {
  name: string;
  description?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    allow?: string;
    rawFormat?: boolean;
    /** resource()'s name and description, read by the OpenAPI document. */
    resourceName?: string;
    resourceDescription?: string;
  }
}

export function allowHeader(methods: Method[]): string {
  const present = ORDER.filter((m) => methods.includes(m));
  const out: string[] = [...present];
  if (present.includes('GET')) out.push('HEAD');
  out.push('OPTIONS');
  return out.join(', ');
}

export function isSafeMethod(method: string): boolean {
  return SAFE.has(method);
}

export function resource(app: FastifyInstance, url: string, info: ResourceInfo, endpoints: Partial<Record<Method, Endpoint>>): void {
  const methods = ORDER.filter((m) => endpoints[m]);
  const allow = allowHeader(methods);
  const rawFormat = methods.some((m) => endpoints[m]?.rawFormat);
  for (const method of methods) {
    const ep = endpoints[method]!;
    const options: RouteShorthandOptions = { schema: ep.schema, config: { allow, rawFormat: ep.rawFormat, resourceName: info.name, resourceDescription: info.description }, bodyLimit: ep.bodyLimit };
    app.route({ method, url, ...options, handler: ep.handler });
  }
  for (const method of ORDER.filter((m) => !endpoints[m])) {
    app.route({
      method,
      url,
      config: { allow, rawFormat },
      handler: async (request) => {
        if (!request.actor.authenticated) throw new NotAuthenticatedError();
        throw new AppError('method_not_allowed', `Method "${method}" not allowed.`);
      },
    });
  }
  app.route({
    method: 'OPTIONS',
    url,
    config: { allow, rawFormat },
    handler: async () => ({
      name: info.name,
      description: info.description ?? '',
      renders: ['application/json', 'text/html'],
      parses: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
    }),
  });
}

/** Anonymous callers may only read: writes answer 401 before the object is even looked up. */
export function requireAuthenticatedForWrites(request: FastifyRequest): void {
  if (!isSafeMethod(request.method) && !request.actor.authenticated) throw new NotAuthenticatedError();
}
