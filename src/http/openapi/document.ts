// The OpenAPI 3.0.3 document, built from the registered routes and their TypeBox schemas.
import { SESSION_COOKIE } from '../../auth/sessions.js';
import { ErrorSchema } from '../schemas/common.js';
import { ERROR_RESPONSES, errorStatuses } from '../schemas/error-responses.js';
import { toOpenApiSchema, withSiblings, type SchemaObject } from './json-schema.js';
import type { RegisteredRoute } from './route-registry.js';
import { uploadFieldsOf } from './uploads.js';

export const OPENAPI_VERSION = '3.0.3';

const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const VERBS: Record<string, string> = { GET: 'read', POST: 'create', PUT: 'replace', PATCH: 'update', DELETE: 'delete' };

/** The API: /api/, the repository hooks, the exports and the session endpoints; the browser UI's pages are not part of it. */
const API_PREFIXES = ['/api/', '/hooks/', '/exports/'];
const SESSION_ENDPOINTS = new Set([
  'POST /accounts/login/',
  'POST /accounts/logout/',
  'GET /accounts/csrf/',
  'POST /accounts/2fa/verify/',
  'POST /accounts/2fa/verify/webauthn/',
  'GET /accounts/2fa/status/',
  'POST /accounts/2fa/totp/',
  'POST /accounts/2fa/totp/confirm/',
  'POST /accounts/2fa/totp/remove/',
  'POST /accounts/2fa/webauthn/options/',
  'POST /accounts/2fa/webauthn/',
  'POST /accounts/2fa/webauthn/:id/remove/',
  'POST /accounts/2fa/recovery/',
]);
/** The health probes: no authentication, no error answers but the readiness probe's 503. */
const PROBES = new Set(['GET /healthz', 'GET /readyz']);

export function isApiRoute(method: string, url: string): boolean {
  return API_PREFIXES.some((p) => url.startsWith(p)) || SESSION_ENDPOINTS.has(`${method} ${url}`) || PROBES.has(`${method} ${url}`);
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
  if (PROBES.has(`GET ${url}`)) return 'health';
  const parts = url.split('/').filter(Boolean);
  if (parts[0] === 'api') return parts[1] && !parts[1].startsWith(':') ? parts[1] : 'api';
  return parts[0] ?? 'root';
}

/** What each tag (the first path segment under /api/, or the top-level prefix) groups. */
export const TAG_DESCRIPTIONS: Record<string, string> = {
  api: 'The API root: the list address of every resource.',
  health: 'Probes for load balancers and orchestrators: liveness and readiness, without authentication.',
  accounts: 'Browser sessions: sign-in, sign-out and the CSRF token of session writes.',
  addons: 'Add-ons installed on components and projects, their settings and manual runs.',
  categories: 'Categories group the components of a project (nested, with their own statistics).',
  changes: 'The history of changes, filterable by user, action and time.',
  comments: 'Comments on source strings and translations.',
  'component-lists': 'Named lists of components, filled by hand or by matching rules.',
  components: 'Components (one translatable resource each): settings, translations, statistics, lock, links, repository and files.',
  docs: 'The API reference page and its static files.',
  exports: 'Feeds and statistics exports (RSS, JSON, CSV).',
  groups: 'Teams: who may do what on which projects, languages and components.',
  hooks: 'Notification hooks of code hosting services that trigger repository updates.',
  languages: 'The language database and per-language statistics.',
  machinery: 'Machine translation engines: site-wide settings.',
  memory: 'The translation memory: entries, deletion and lookup.',
  metrics: 'Server metrics for monitoring.',
  projects: 'Projects: settings, components, languages, statistics, labels, tokens, categories, add-ons, machinery and files.',
  roles: 'Roles: named permission sets that teams grant.',
  schema: 'This OpenAPI document.',
  screenshots: 'Screenshots with the strings they show.',
  suggestions: 'Suggestions on translations: accept, vote and delete.',
  tasks: 'Background tasks: progress and result.',
  translations: 'Translations (one language of a component): units, statistics, files, changes, repository and automatic translation.',
  units: 'Units (one string each): read, edit, delete, suggestions, comments and glossary matches.',
  users: 'User accounts: profile, statistics, contributions, notifications, audit log and API token.',
};

function operationId(method: string, path: string): string {
  const words = path
    .replace(/[{}]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...words].join('_');
}

/** Named schemas (those with a title) become components.schemas entries, referenced wherever they occur. */
class SharedSchemas {
  readonly schemas: Record<string, SchemaObject> = {};
  private readonly text = new Map<string, string>();

  convert(schema: unknown): SchemaObject {
    return toOpenApiSchema(schema, { named: (title, converted) => this.ref(title, converted) });
  }

  private ref(title: string, converted: SchemaObject): SchemaObject {
    const json = JSON.stringify(converted);
    // Two different schemas with one title keep both: the second gets a numbered name.
    let name = title;
    for (let n = 2; this.text.has(name) && this.text.get(name) !== json; n++) name = `${title}${n}`;
    if (!this.text.has(name)) {
      this.text.set(name, json);
      this.schemas[name] = converted;
    }
    return { $ref: `#/components/schemas/${name}` };
  }
}

type Schemas = { params?: SchemaObject; querystring?: SchemaObject; body?: SchemaObject; response?: Record<string, SchemaObject> };

const schemasOf = (route: RegisteredRoute) => (route.schema ?? {}) as Schemas;

const SUCCESS_DESCRIPTIONS: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted for background processing',
  '204': 'No content',
  '303': 'Redirect (form sign-in)',
  '304': 'Not modified',
  '503': 'Not ready: the checks that failed say why',
};

const isNoContent = (schema: SchemaObject | undefined) => !schema || schema.type === 'null';

function successResponses(route: RegisteredRoute, shared: SharedSchemas): Record<string, unknown> {
  const declared = Object.entries(schemasOf(route).response ?? {}).filter(([status]) => !(status in ERROR_RESPONSES));
  const out: Record<string, unknown> = {};
  for (const [status, schema] of declared) {
    const description = (typeof schema.description === 'string' && !isNoContent(schema) ? schema.description : undefined) ?? SUCCESS_DESCRIPTIONS[status] ?? 'OK';
    if (isNoContent(schema) || status === '304' || status === '303') out[status] = { description };
    else if (schema.format === 'binary') out[status] = { description, content: { [typeof schema.contentMediaType === 'string' ? schema.contentMediaType : '*/*']: { schema: { type: 'string', format: 'binary' } } } };
    else out[status] = { description, content: { 'application/json': { schema: shared.convert(schema) } } };
  }
  return out;
}

/** The success answers of a route that declares none: a file for raw-format reads, an object otherwise. */
function undeclaredSuccess(route: RegisteredRoute): Record<string, unknown> {
  if (route.rawFormat && route.method === 'GET') return { '200': { description: 'The file, in the format asked for.', content: { '*/*': { schema: { type: 'string', format: 'binary' } } } } };
  return { '200': { description: 'OK', content: { 'application/json': { schema: { type: 'object' } } } } };
}

/** The success answer's field schemas, which give the read-only fields of a request body their types. */
function answerProperties(route: RegisteredRoute): Record<string, unknown> {
  for (const [status, schema] of Object.entries(schemasOf(route).response ?? {})) {
    if (status.startsWith('2') && schema.properties) return schema.properties as Record<string, unknown>;
  }
  return {};
}

function parametersOf(route: RegisteredRoute, pathParams: string[], shared: SharedSchemas): unknown[] {
  const schema = schemasOf(route);
  const paramProps = (schema.params?.properties ?? {}) as Record<string, unknown>;
  const out: unknown[] = pathParams.map((name) => ({ name, in: 'path', required: true, schema: paramProps[name] ? shared.convert(paramProps[name]) : { type: 'string' } }));
  const seen = new Set<string>();
  for (const query of [schema.querystring, route.described?.querystring as SchemaObject | undefined]) {
    if (!query?.properties) continue;
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, prop] of Object.entries(query.properties as Record<string, unknown>)) {
      if (seen.has(name)) continue;
      seen.add(name);
      const converted = shared.convert(prop);
      const description = converted.description;
      delete converted.description;
      out.push({ name, in: 'query', required: required.has(name), ...(description ? { description } : {}), schema: converted });
    }
  }
  return out;
}

/** A body schema in 3.0 form, its read-only fields typed like the same fields of the answer. */
function bodySchema(route: RegisteredRoute, body: SchemaObject, shared: SharedSchemas): SchemaObject {
  const schema = shared.convert(body);
  const props = schema.properties as Record<string, SchemaObject> | undefined;
  if (!props) return schema;
  const answer = answerProperties(route);
  for (const [name, prop] of Object.entries(props)) {
    if (prop.readOnly !== true || Object.keys(prop).length > 1) continue;
    props[name] = answer[name] ? withSiblings(shared.convert(answer[name]), { readOnly: true }) : prop;
  }
  return schema;
}

function requestBodyOf(route: RegisteredRoute, shared: SharedSchemas): unknown | undefined {
  const body = (route.described?.body ?? schemasOf(route).body) as SchemaObject | undefined;
  const uploads = uploadFieldsOf(route.method, route.url);
  // An operation that reads no body (GET, DELETE, and writes such as a token rotation or a sign-out) documents none.
  if (!body && !uploads) return undefined;
  const schema = body ? bodySchema(route, body, shared) : { type: 'object', additionalProperties: true };
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

function operationOf(route: RegisteredRoute, pathParams: string[], shared: SharedSchemas): Operation {
  const name = route.resourceName ?? route.url;
  const params = parametersOf(route, pathParams, shared);
  const requestBody = requestBodyOf(route, shared);
  const responses: Record<string, unknown> = successResponses(route, shared);
  if (!Object.keys(responses).length) Object.assign(responses, undeclaredSuccess(route));
  // The error statuses the route declares (resource() adds them) or, for routes outside resource(), the usual ones.
  const declared = Object.keys(schemasOf(route).response ?? {}).filter((s) => s in ERROR_RESPONSES);
  const probe = PROBES.has(`${route.method} ${route.url}`);
  const errors = declared.length || probe ? declared : errorStatuses(route.method, route.url, route.rawFormat, params.length > 0 || requestBody !== undefined);
  for (const status of errors.sort()) responses[status] = { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` };
  const op: Operation = {
    operationId: operationId(route.method, openApiPath(route.url).path),
    summary: route.summary ?? `${name}: ${VERBS[route.method] ?? route.method.toLowerCase()}`,
    tags: [tagOf(route.url)],
  };
  if (route.description) op.description = route.description;
  if (probe) op.security = [];
  if (params.length) op.parameters = params;
  if (requestBody) op.requestBody = requestBody;
  op.responses = responses;
  return op;
}

export function buildOpenApiDocument(routes: readonly RegisteredRoute[], info: DocumentInfo): Record<string, unknown> {
  const paths: Record<string, Record<string, Operation>> = {};
  const sorted = [...routes].sort((a, b) => (a.url === b.url ? METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method) : a.url < b.url ? -1 : 1));
  const usedIds = new Set<string>();
  const shared = new SharedSchemas();
  shared.convert(ErrorSchema);
  for (const route of sorted) {
    if (!METHOD_ORDER.includes(route.method) || !isApiRoute(route.method, route.url)) continue;
    const { path, params } = openApiPath(route.url);
    const op = operationOf(route, params, shared);
    // Paths that differ only in punctuation (a trailing slash) would share an id; ids must be unique.
    let id = op.operationId as string;
    for (let n = 2; usedIds.has(id); n++) id = `${op.operationId}_${n}`;
    usedIds.add(id);
    op.operationId = id;
    (paths[path] ??= {})[route.method.toLowerCase()] = op;
  }
  const tags = [...new Set(sorted.filter((r) => isApiRoute(r.method, r.url)).map((r) => tagOf(r.url)))].sort().map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? `Operations under ${name}.` }));
  const responses = Object.fromEntries(
    Object.values(ERROR_RESPONSES).map(({ name, description }) => [name, { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } }]),
  );
  return {
    openapi: OPENAPI_VERSION,
    info: { title: info.title, version: info.version, ...(info.description ? { description: info.description } : {}) },
    tags,
    paths,
    components: {
      schemas: shared.schemas,
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
