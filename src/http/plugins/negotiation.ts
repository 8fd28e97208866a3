// Content negotiation of /api/: ?format= (json | api | csv, json-flat on statistics) overrides Accept; a URL format
// suffix (/api/projects.json) is ?format= spelled in the path. "api" and browsers get the browsable HTML page, CSV
// flattens the results of a list. Every response is marked nosniff.
import type { FastifyInstance, FastifyReply, FastifyRequest, RawRequestDefaultExpression } from 'fastify';
import { AppError, NotFoundError } from '../../shared/errors.js';
import { BROWSABLE_CSP, BrowsableForms, renderBrowsableApi } from '../browsable-api.js';
import type { RouteRegistry } from '../openapi/route-registry.js';
import { renderCsv } from '../renderers/csv.js';

/** How an answer's JSON is turned into the body: as it is, as CSV, or only the `results` of a list. */
export type Rendering = 'json' | 'csv' | 'json-flat';

declare module 'fastify' {
  interface FastifyRequest {
    wantsHtml: boolean;
    renderAs: Rendering;
  }
}

export const CSV_TYPE = 'text/csv; charset=utf-8';

/** The statistics addresses (and a user's contributions), which also render `?format=json-flat`: the `results` of a list as a bare array. */
export const FLAT_JSON_ROUTES: ReadonlySet<string> = new Set([
  '/api/projects/:project/statistics/',
  '/api/projects/:project/languages/',
  '/api/components/:project/:component/statistics/',
  '/api/translations/:project/:component/:language/statistics/',
  '/api/languages/:code/statistics/',
  '/api/categories/:id/statistics/',
  '/api/users/:username/statistics/',
  '/api/users/:username/contributions/',
]);

interface MediaRange {
  type: string;
  q: number;
}

function parseAccept(header: string): MediaRange[] {
  return header
    .split(',')
    .map((part) => {
      const [type, ...params] = part.trim().split(';');
      let q = 1;
      for (const p of params) {
        const [k, v] = p.trim().split('=');
        if (k === 'q') q = Number(v);
      }
      return { type: type.trim().toLowerCase(), q: Number.isFinite(q) ? q : 0 };
    })
    .filter((r) => r.type);
}

function quality(ranges: MediaRange[], type: string): number {
  const [main] = type.split('/');
  let best = 0;
  for (const r of ranges) {
    if (r.q > 0 && (r.type === type || r.type === `${main}/*` || r.type === '*/*')) best = Math.max(best, r.q + (r.type === type ? 0.0001 : 0));
  }
  return best;
}

export type Negotiated = 'json' | 'html' | 'csv';

/**
 * Decides between JSON, HTML and CSV; null means the client accepts none of them. JSON wins ties, and CSV is only
 * chosen when the client names it (text/csv), never through a wildcard such as text/*.
 */
export function negotiate(accept: string | undefined): Negotiated | null {
  if (!accept) return 'json';
  const ranges = parseAccept(accept);
  if (ranges.length === 0) return 'json';
  const json = quality(ranges, 'application/json');
  const html = quality(ranges, 'text/html');
  const csv = ranges.reduce((best, r) => (r.type === 'text/csv' && r.q > 0 ? Math.max(best, r.q + 0.0001) : best), 0);
  if (json === 0 && html === 0 && csv === 0) return null;
  if (csv > json && csv > html) return 'csv';
  return html > json ? 'html' : 'json';
}

/** Clients send the same few Accept headers over and over: their decisions are kept (bounded). */
const decisions = new Map<string, Negotiated | null>();
function negotiateCached(accept: string | undefined): Negotiated | null {
  if (!accept) return 'json';
  let choice = decisions.get(accept);
  if (choice === undefined) {
    choice = negotiate(accept);
    if (decisions.size >= 100) decisions.clear();
    if (accept.length <= 1000) decisions.set(accept, choice);
  }
  return choice;
}

/** Whether the Accept header names `type` itself (not through a wildcard) with a non-zero quality. */
export function explicitlyAccepts(accept: string | undefined, type: string): boolean {
  return !!accept && parseAccept(accept).some((r) => r.type === type && r.q > 0);
}

/** Whether the answer's JSON is turned into something else (the browsable page, CSV, a flat list) before it is sent. */
export function transformsJson(request: FastifyRequest): boolean {
  return request.wantsHtml || request.renderAs !== 'json';
}

// ------------------------------------------------------------------ URL format suffixes

const SUFFIX = Symbol('parla.formatSuffix');
type SuffixedRequest = RawRequestDefaultExpression & { [SUFFIX]?: string };

/** The format a URL suffix named (`/api/projects.json` → "json"), undefined when the address had none. */
export function formatSuffix(request: FastifyRequest): string | undefined {
  return (request.raw as SuffixedRequest)[SUFFIX];
}

// The last path segment with `.<format>` and an optional slash; the stem may itself hold dots.
const SUFFIXED = /^(\/api\/(?:[^?#]*\/)?)([^/?#]*)\.([a-z0-9]+)(\/?)$/;

/**
 * Fastify's rewriteUrl: `/api/<path>.<format>` is routed as `/api/<path>/?format=<format>`, the suffix replacing
 * any format in the query. Addresses that name a file themselves are left alone (the API reference's assets,
 * `…/file.<conversion>`), and so is a suffixed segment followed by a slash unless the address without the suffix is
 * a fixed one (`/api/projects.json/`): `/api/users/jane.doe/` stays a user named jane.doe.
 */
export function rewriteFormatSuffix(this: FastifyInstance, raw: RawRequestDefaultExpression): string {
  const url = raw.url ?? '/';
  if (!url.startsWith('/api/') || url.startsWith('/api/docs/assets/')) return url;
  const q = url.indexOf('?');
  const pathname = q === -1 ? url : url.slice(0, q);
  const match = SUFFIXED.exec(pathname);
  if (!match) return url;
  const [, prefix, stem, format, slash] = match;
  if (stem === 'file') return url;
  const target = `${prefix}${stem}${stem === '' ? '' : '/'}`;
  if (slash && !this.hasRoute({ url: target, method: 'GET' })) return url;
  const params = new URLSearchParams(q === -1 ? '' : url.slice(q + 1));
  params.delete('format');
  const rest = params.toString();
  (raw as SuffixedRequest)[SUFFIX] = format;
  return `${target}?format=${format}${rest ? `&${rest}` : ''}`;
}

// ------------------------------------------------------------------ hooks

/** The JSON text of a payload (answers come as text, cached ones as bytes); null for anything else (streams). */
function jsonText(payload: unknown): string | null {
  return typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
}

/** `routes` lets the browsable page offer forms for the writes an address allows. */
export function registerNegotiation(app: FastifyInstance, routes?: RouteRegistry): void {
  const forms = routes ? new BrowsableForms(routes) : null;
  app.decorateRequest('wantsHtml', false);
  app.decorateRequest('renderAs', 'json');
  // Callback-style hooks: every request passes through them, and a promise per hook is measurable on small reads.
  app.addHook('preHandler', (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    // Added to what is there (CORS adds Origin); the compression plugin adds Accept-Encoding later.
    const vary = reply.getHeader('Vary');
    reply.header('Vary', vary === undefined ? 'Accept' : `${String(vary)}, Accept`);
    if (!request.url.startsWith('/api/') || request.routeOptions.config?.rawFormat) return done();
    const format = (request.query as Record<string, unknown> | undefined)?.format;
    if (typeof format === 'string' && format !== '') {
      if (format === 'json') return done();
      if (format === 'api') {
        request.wantsHtml = true;
        return done();
      }
      if (format === 'csv') {
        request.renderAs = 'csv';
        return done();
      }
      if (format === 'json-flat' && FLAT_JSON_ROUTES.has(request.routeOptions.url ?? '')) {
        request.renderAs = 'json-flat';
        return done();
      }
      return done(new NotFoundError(`Format "${format}" is not supported.`));
    }
    const choice = negotiateCached(request.headers.accept);
    if (choice === null) return done(new AppError('not_acceptable', 'Could not satisfy the request Accept header.'));
    request.wantsHtml = choice === 'html';
    if (choice === 'csv') request.renderAs = 'csv';
    done();
  });
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: Error | null, payload?: unknown) => void) => {
    const allow = request.routeOptions.config?.allow;
    if (allow) reply.header('Allow', allow);
    // On every response, so that no body (JSON with user text, the browsable page, a download) is sniffed into HTML.
    reply.header('X-Content-Type-Options', 'nosniff');
    if (!transformsJson(request)) return done(null, payload);
    // Cached bodies (read caches) come as bytes, the rest as text.
    const json = jsonText(payload);
    const type = String(reply.getHeader('content-type') ?? '');
    if (json === null || !type.startsWith('application/json')) return done(null, payload);
    if (request.renderAs !== 'json') {
      // Errors keep their JSON body: a client that asked for CSV still reads why it got none.
      if (reply.statusCode >= 400 || json === '') return done(null, payload);
      let data: unknown;
      try {
        data = JSON.parse(json);
      } catch {
        return done(null, payload);
      }
      if (request.renderAs === 'csv') {
        reply.header('content-type', CSV_TYPE);
        return done(null, renderCsv(data));
      }
      const results = data !== null && typeof data === 'object' && !Array.isArray(data) && Array.isArray((data as { results?: unknown }).results) ? (data as { results: unknown }).results : data;
      return done(null, JSON.stringify(results));
    }
    reply.header('content-type', 'text/html; charset=utf-8');
    reply.header('Content-Security-Policy', BROWSABLE_CSP);
    // Writes are offered to signed-in callers (anonymous ones get 401) on pages of objects that exist.
    const offerForm = forms && allow && request.actor?.authenticated && reply.statusCode < 400;
    const current = request.method === 'GET' && reply.statusCode === 200 ? json : null;
    const form = offerForm ? forms.formFor(request.routeOptions.url ?? '', allow, current) : null;
    done(null, renderBrowsableApi({ method: request.method, url: request.url, status: reply.statusCode, allow: allow ?? '', json, form }));
  });
}
