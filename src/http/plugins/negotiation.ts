// Content negotiation: ?format=json|api overrides Accept; "api" and browsers get the browsable HTML page. Every response is marked nosniff.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, NotFoundError } from '../../shared/errors.js';
import { BROWSABLE_CSP, BrowsableForms, renderBrowsableApi } from '../browsable-api.js';
import type { RouteRegistry } from '../openapi/route-registry.js';

declare module 'fastify' {
  interface FastifyRequest {
    wantsHtml: boolean;
  }
}

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

/** Decides between JSON and HTML; null means the client accepts neither. */
export function negotiate(accept: string | undefined): 'json' | 'html' | null {
  if (!accept) return 'json';
  const ranges = parseAccept(accept);
  if (ranges.length === 0) return 'json';
  const json = quality(ranges, 'application/json');
  const html = quality(ranges, 'text/html');
  if (json === 0 && html === 0) return null;
  return html > json ? 'html' : 'json';
}

/** Clients send the same few Accept headers over and over: their decisions are kept (bounded). */
const decisions = new Map<string, 'json' | 'html' | null>();
function negotiateCached(accept: string | undefined): 'json' | 'html' | null {
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

/** `routes` lets the browsable page offer forms for the writes an address allows. */
export function registerNegotiation(app: FastifyInstance, routes?: RouteRegistry): void {
  const forms = routes ? new BrowsableForms(routes) : null;
  app.decorateRequest('wantsHtml', false);
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
      return done(new NotFoundError(`Format "${format}" is not supported.`));
    }
    const choice = negotiateCached(request.headers.accept);
    if (choice === null) return done(new AppError('not_acceptable', 'Could not satisfy the request Accept header.'));
    request.wantsHtml = choice === 'html';
    done();
  });
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: Error | null, payload?: unknown) => void) => {
    const allow = request.routeOptions.config?.allow;
    if (allow) reply.header('Allow', allow);
    // On every response, so that no body (JSON with user text, the browsable page, a download) is sniffed into HTML.
    reply.header('X-Content-Type-Options', 'nosniff');
    if (!request.wantsHtml) return done(null, payload);
    // Cached bodies (read caches) come as bytes, the rest as text.
    const json = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    const type = String(reply.getHeader('content-type') ?? '');
    if (json === null || !type.startsWith('application/json')) return done(null, payload);
    reply.header('content-type', 'text/html; charset=utf-8');
    reply.header('Content-Security-Policy', BROWSABLE_CSP);
    // Writes are offered to signed-in callers (anonymous ones get 401) on pages of objects that exist.
    const offerForm = forms && allow && request.actor?.authenticated && reply.statusCode < 400;
    const current = request.method === 'GET' && reply.statusCode === 200 ? json : null;
    const form = offerForm ? forms.formFor(request.routeOptions.url ?? '', allow, current) : null;
    done(null, renderBrowsableApi({ method: request.method, url: request.url, status: reply.statusCode, allow: allow ?? '', json, form }));
  });
}
