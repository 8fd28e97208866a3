// The session cookie on the HTTP side: reading and writing it, authenticating by it, and CSRF checks for its writes.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { userActor } from '../auth/actor.js';
import { SESSION_COOKIE, type SessionsService } from '../auth/sessions.js';
import type { SessionRow } from '../db/schema.js';
import { PermissionDeniedError } from '../shared/errors.js';
import { isSafeMethod } from './resource.js';
import { requestBaseUrl } from './urls.js';

export const CSRF_FAILED = 'CSRF Failed: CSRF token missing or incorrect.';

declare module 'fastify' {
  interface FastifyRequest {
    /** The browser session that authenticated this request, if a cookie (not a token) did. */
    session: SessionRow | null;
    /** The signed-in user's interface language when the authentication read it already ('' for none), else null. */
    interfaceLanguage: string | null;
  }
  interface FastifyContextConfig {
    /** Routes that check their own cross-site protection (login: Origin/Referer) instead of the session's CSRF token. */
    csrfExempt?: boolean;
  }
}

/** The value of the first cookie called `name` in the Cookie header. */
export function readCookie(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  return null;
}

export class SessionAuth {
  private readonly siteOrigin: string | null;

  constructor(
    readonly sessions: SessionsService,
    siteUrl: string | null,
  ) {
    this.siteOrigin = siteUrl ? new URL(siteUrl).origin : null;
  }

  decorate(app: FastifyInstance): void {
    app.decorateRequest('session', null);
    app.decorateRequest('interfaceLanguage', null);
  }

  cookieToken(request: FastifyRequest): string | null {
    return readCookie(request, SESSION_COOKIE);
  }

  /** Without an Authorization header: a valid session cookie authenticates, and its unsafe requests need the CSRF token. */
  async authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    request.session = null;
    const token = this.cookieToken(request);
    if (!token) return;
    const active = await this.sessions.authenticate(token);
    if (!active) return;
    request.session = active.session;
    request.actor = { ...userActor(active.user), browserSession: true };
    request.interfaceLanguage = active.interfaceLanguage;
    if (active.renewed) this.setCookie(request, reply, token);
    if (isSafeMethod(request.method) || request.routeOptions.config?.csrfExempt) return;
    const header = request.headers['x-csrftoken'] ?? request.headers['x-csrf-token'];
    if (!this.sessions.checkCsrf(active.session, typeof header === 'string' ? header : undefined)) throw new PermissionDeniedError(CSRF_FAILED);
  }

  /** Secure when the request came over https (as Fastify sees it) or the site is configured as https. */
  private secure(request: FastifyRequest): boolean {
    return request.protocol === 'https' || this.siteOrigin?.startsWith('https:') === true;
  }

  private attributes(request: FastifyRequest): string {
    return `Path=/; HttpOnly; SameSite=Lax${this.secure(request) ? '; Secure' : ''}`;
  }

  setCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
    const maxAge = this.sessions.maxAge;
    const expires = new Date(Date.now() + maxAge * 1000).toUTCString();
    reply.header('Set-Cookie', `${SESSION_COOKIE}=${token}; Max-Age=${maxAge}; Expires=${expires}; ${this.attributes(request)}`);
  }

  clearCookie(request: FastifyRequest, reply: FastifyReply): void {
    reply.header('Set-Cookie', `${SESSION_COOKIE}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; ${this.attributes(request)}`);
  }

  /**
   * Login CSRF protection: a browser's Origin (or, without one, Referer) must be this site. Clients that send
   * neither (scripts, curl) are not browsers acting for another site and pass.
   */
  checkSameOrigin(request: FastifyRequest): void {
    const trusted = new Set([requestBaseUrl(request)]);
    if (this.siteOrigin) trusted.add(this.siteOrigin);
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (!trusted.has(origin)) throw new PermissionDeniedError(`CSRF Failed: Origin checking failed - ${origin} does not match any trusted origins.`);
      return;
    }
    const referer = request.headers.referer;
    if (referer === undefined) return;
    let refererOrigin: string | null = null;
    try {
      refererOrigin = new URL(referer).origin;
    } catch {
      refererOrigin = null;
    }
    if (!refererOrigin || !trusted.has(refererOrigin)) throw new PermissionDeniedError('CSRF Failed: Referer checking failed - does not match any trusted origins.');
  }
}
