// The OpenAPI 3.0.3 document, built from the registered routes and their TypeBox schemas.
import { SESSION_COOKIE } from '../../auth/sessions.js';
import { toOpenApiSchema, type SchemaObject } from './json-schema.js';
import type { RegisteredRoute } from './route-registry.js';
import { uploadFieldsOf } from './uploads.js';

export const OPENAPI_VERSION = '3.0.3';

const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const VERBS: Record<string, string> = { GET: 'read', POST: 'create', PUT: 'replace', PATCH: 'update', DELETE: 'delete' };

/** Error responses every operation may give, by status; bodies share the Error schema. */
const ERRORS: Record<string, { name: string; description: string }> = {
  '400': { name: 'BadRequest', description: 'Invalid request: `errors` lists the fields (`attr`) and what is wrong with them.' },
  '401': { name: 'Unauthorized', description: 'Authentication is required or the credentials are wrong.' },
  '403': { name: 'Forbidden', description: 'The caller may not do this (or the CSRF token of a session write is missing).' },
  '404': { name: 'NotFound', description: 'No such object, or the caller may not see it.' },
  '406': { name: 'NotAcceptable', description: 'The Accept header names neither JSON nor HTML, or ?format= is unknown.' },
  '413': { name: 'PayloadTooLarge', description: 'The request body or an uploaded file is too large.' },
  '415': { name: 'UnsupportedMediaType', description: 'The request body has a content type the server does not parse.' },
  '423': { name: 'Locked', description: 'The component or its repository is locked.' },
  '429': { name: 'Throttled', description: 'Too many requests: see Retry-After and the X-RateLimit-* headers.' },
  '502': { name: 'UpstreamError', description: 'A machine translation service failed.' },
};

/** The API: /api/, the repository hooks, the exports and the session endpoints; the browser UI's pages are not part of it. */
const API_PREFIXES = ['/api/', '/hooks/', '/exports/'];
const SESSION_ENDPOINTS = new Set(['POST /accounts/login/', 'POST /accounts/logout/', 'GET /accounts/csrf/']);

export function isApiRoute(method: string, url: string): boolean {
  return API_PREFIXES.some((p) => url.startsWith(p)) || SESSION_ENDPOINTS.has(`${method} ${url}`);
}

export interface DocumentInfo {
  title: string;
  version: string;
  description?: string;
}

type Operation = Record<string, unknown>;

/** Fastify's /a/:b/file.:ext → OpenAPI's /a/{b}/file.{ext}; regular-expression suffixes and wildcards included. */
export function openApiPath(url: string): { path: string; params: string[] } {
  const params: string[] = [];
  const path = url
    .replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, (_m, name: string) => {
      params.push(name);
      return `{${name}}`;
    })
    .replace(/\*$/, () => {
      params.push('wildcard');
      return '{wildcard}';
    });
  return { path, params };
}

function tagOf(url: string): string {
  const parts = url.split('/').filter(Boolean);
  if (parts[0] === 'api') return parts[1] && !parts[1].startsWith(':') ? parts[1] : 'api';
  return parts[0] ?? 'root';
}

function operationId(method: string, path: string): string {
  const words = path
    .replace(/[{}]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...words].join('_');
}

function successResponses(route: RegisteredRoute): Record<string, unknown> {
  const json = (description: string) => ({ description, content: { 'application/json': { schema: { type: 'object' } } } });
  if (route.rawFormat && route.method === 'GET') return { '200': { description: 'The file, in the format asked for.', content: { '*/*': { schema: { type: 'string', format: 'binary' } } } } };
  switch (route.method) {
    case 'GET':
      return { '200': json('OK') };
    case 'POST':
      // Creations answer 201 with Location, actions 200, queued work 202; the route schema does not say which.
      return { '200': json('Done'), '201': json('Created'), '202': json('Accepted for background processing') };
    case 'DELETE':
      return { '204': { description: 'Deleted' }, '200': json('Done') };
    default:
      return { '200': json('Updated') };
  }
}

function errorStatuses(route: RegisteredRoute, hasInput: boolean): string[] {
  const write = route.method !== 'GET';
  const api = route.url.startsWith('/api/');
  const out = ['401', '403', '404'];
  if (hasInput || write) out.unshift('400');
  if (api && !route.rawFormat) out.push('406');
  if (write) out.push('413', '415');
  if (write && /^\/api\/(projects|components|translations|units|screenshots)\//.test(route.url)) out.push('423');
  if (api) out.push('429');
  if (/machinery|autotranslate/.test(route.url)) out.push('502');
  return out.sort();
}

function parametersOf(route: RegisteredRoute, pathParams: string[]): unknown[] {
  const schema = (route.schema ?? {}) as { params?: SchemaObject; querystring?: SchemaObject };
  const paramProps = (schema.params?.properties ?? {}) as Record<string, unknown>;
  const out: unknown[] = pathParams.map((name) => ({ name, in: 'path', required: true, schema: paramProps[name] ? toOpenApiSchema(paramProps[name]) : { type: 'string' } }));
  const query = schema.querystring;
  if (query?.properties) {
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, prop] of Object.entries(query.properties as Record<string, unknown>)) {
      const converted = toOpenApiSchema(prop);
      const description = converted.description;
      delete converted.description;
      out.push({ name, in: 'query', required: required.has(name), ...(description ? { description } : {}), schema: converted });
    }
  }
  return out;
}

function requestBodyOf(route: RegisteredRoute): unknown | undefined {
  const body = (route.schema as { body?: SchemaObject } | undefined)?.body;
  const uploads = uploadFieldsOf(route.method, route.url);
  if (!body && !uploads && (route.method === 'GET' || route.method === 'DELETE')) return undefined;
  const schema = body ? toOpenApiSchema(body) : { type: 'object', additionalProperties: true };
  const content: Record<string, unknown> = {};
  if (uploads) {
    // Files travel next to the other fields of the same form.
    const props = { ...((schema.properties as Record<string, unknown>) ?? {}) };
    for (const field of uploads) props[field] = { type: 'string', format: 'binary' };
    content['multipart/form-data'] = { schema: { ...schema, properties: props } };
  }
  content['application/json'] = { schema };
  if (!uploads && route.method !== 'DELETE') content['application/x-www-form-urlencoded'] = { schema };
  const required = Array.isArray(body?.required) && body.required.length > 0;
  return { required, content };
}

function operationOf(route: RegisteredRoute, pathParams: string[]): Operation {
  const name = route.resourceName ?? route.url;
  const params = parametersOf(route, pathParams);
  const requestBody = requestBodyOf(route);
  const responses: Record<string, unknown> = { ...successResponses(route) };
  for (const status of errorStatuses(route, params.length > 0 || requestBody !== undefined)) responses[status] = { $ref: `#/components/responses/${ERRORS[status].name}` };
  const op: Operation = {
    operationId: operationId(route.method, openApiPath(route.url).path),
    summary: `${name}: ${VERBS[route.method] ?? route.method.toLowerCase()}`,
    tags: [tagOf(route.url)],
  };
  if (route.description) op.description = route.description;
  if (params.length) op.parameters = params;
  if (requestBody) op.requestBody = requestBody;
  op.responses = responses;
  return op;
}

export function buildOpenApiDocument(routes: readonly RegisteredRoute[], info: DocumentInfo): Record<string, unknown> {
  const paths: Record<string, Record<string, Operation>> = {};
  const sorted = [...routes].sort((a, b) => (a.url === b.url ? METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method) : a.url < b.url ? -1 : 1));
  const usedIds = new Set<string>();
  for (const route of sorted) {
    if (!METHOD_ORDER.includes(route.method) || !isApiRoute(route.method, route.url)) continue;
    const { path, params } = openApiPath(route.url);
    const op = operationOf(route, params);
    // Paths that differ only in punctuation (a trailing slash) would share an id; ids must be unique.
    let id = op.operationId as string;
    for (let n = 2; usedIds.has(id); n++) id = `${op.operationId}_${n}`;
    usedIds.add(id);
    op.operationId = id;
    (paths[path] ??= {})[route.method.toLowerCase()] = op;
  }
  const tags = [...new Set(sorted.filter((r) => isApiRoute(r.method, r.url)).map((r) => tagOf(r.url)))].sort().map((name) => ({ name }));
  const responses = Object.fromEntries(
    Object.values(ERRORS).map(({ name, description }) => [name, { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } }]),
  );
  return {
    openapi: OPENAPI_VERSION,
    info: { title: info.title, version: info.version, ...(info.description ? { description: info.description } : {}) },
    tags,
    paths,
    components: {
      schemas: {
        Error: {
          type: 'object',
          required: ['type', 'detail', 'errors'],
          properties: {
            type: { type: 'string', enum: ['validation_error', 'client_error', 'server_error'] },
            detail: { type: 'string', description: 'One-line summary.' },
            errors: {
              type: 'array',
              items: {
                type: 'object',
                required: ['code', 'detail', 'attr'],
                properties: {
                  code: { type: 'string', example: 'required' },
                  detail: { type: 'string' },
                  attr: { type: 'string', nullable: true, description: 'The field, dotted for nested fields; null when the error is not about one field.' },
                },
              },
            },
          },
        },
      },
      responses,
      securitySchemes: {
        tokenAuth: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'An API token: `Authorization: Token <token>` (user tokens start with plu_, project tokens with plp_).',
        },
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'The browser session from POST /accounts/login/. Writes also need its CSRF token in the X-CSRFToken header (GET /accounts/csrf/).',
        },
      },
    },
    // An empty requirement: anonymous callers may read what is public.
    security: [{ tokenAuth: [] }, { sessionCookie: [] }, {}],
  };
}
