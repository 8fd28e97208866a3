// Registers one API address with its methods: Allow header, 405 for the others, OPTIONS metadata.
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteShorthandOptions } from 'fastify';
import type { TSchema } from 'typebox';
import { AppError, NotAuthenticatedError } from '../shared/errors.js';
import { errorResponses, errorStatuses } from './schemas/error-responses.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const ORDER: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Request shapes a handler or its service checks itself (with its own messages): documented, never validated by Fastify. */
export interface Described {
  querystring?: TSchema;
  body?: TSchema;
}

export interface Endpoint {
  /**
   * params, querystring and body are validated; `response` declares the body of each success status (the error
   * statuses are added here) and only documents it: app.ts serializes every answer with JSON.stringify.
   */
  schema?: FastifySchema;
  described?: Described;
  /** One line for the OpenAPI document; "<resource name>: <verb>" when absent. */
  summary?: string;
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
    described?: Described;
    summary?: string;
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
    const hasInput = url.includes(':') || !!(ep.schema?.body || ep.schema?.querystring || ep.described?.body || ep.described?.querystring);
    const response = { ...errorResponses(errorStatuses(method, url, ep.rawFormat === true, hasInput)), ...(ep.schema?.response as object | undefined) };
    const schema: FastifySchema = { ...ep.schema, response };
    const config = { allow, rawFormat: ep.rawFormat, resourceName: info.name, resourceDescription: info.description, described: ep.described, summary: ep.summary };
    const options: RouteShorthandOptions = { schema, config, bodyLimit: ep.bodyLimit };
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
      renders: ['application/json', 'text/html', 'text/csv'],
      parses: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
    }),
  });
}

/** Anonymous callers may only read: writes answer 401 before the object is even looked up. */
export function requireAuthenticatedForWrites(request: FastifyRequest): void {
  if (!isSafeMethod(request.method) && !request.actor.authenticated) throw new NotAuthenticatedError();
}
