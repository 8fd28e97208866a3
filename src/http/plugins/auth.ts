// Authenticates every request from its Authorization header (Token or Bearer), else its session cookie, into request.actor.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccessControl } from '../../auth/access.js';
import { ANONYMOUS, type Actor } from '../../auth/actor.js';
import type { Database } from '../../db/database.js';
import type { UsersService } from '../../services/accounts/users.service.js';
import { AuthenticationFailedError } from '../../shared/errors.js';
import { requireAuthenticatedForWrites } from '../resource.js';
import type { SessionAuth } from '../session-auth.js';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor;
  }
}

export function registerAuth(app: FastifyInstance, users: UsersService, sessions: SessionAuth, access: AccessControl, database: Pick<Database, 'db' | 'refreshStamp'>): void {
  const db = database.db;
  app.decorateRequest('actor', null as unknown as Actor);
  sessions.decorate(app);
  /** The actor from the read caches alone; undefined when something must be read first (or a session cookie is present). */
  const cachedActor = (request: FastifyRequest): Actor | undefined => {
    const token = tokenOf(request.headers.authorization);
    if (token !== null) {
      const actor = users.cachedTokenActor(token);
      return actor && access.cachedLoad(actor);
    }
    if (sessions.cookieToken(request)) return undefined;
    request.session = null;
    return access.cachedLoad(ANONYMOUS);
  };
  const authenticate = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const token = tokenOf(request.headers.authorization);
    if (token !== null) {
      request.actor = await users.authenticateToken(token);
    } else {
      await sessions.authenticate(request, reply); // token-authenticated requests never need a CSRF token
    }
    request.actor = await access.load(db, request.actor); // team memberships once per request, checks stay synchronous
  };
  // Callback style: on a read-cache hit the request goes on without a promise.
  const identify = (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void => {
    // A throw here (a malformed header, an inactive user) reaches the error handler: Fastify catches hooks' throws.
    const actor = cachedActor(request);
    if (actor) {
      request.actor = actor;
      refuseAnonymousWrites(request);
      return done();
    }
    authenticate(request, reply)
      .then(() => refuseAnonymousWrites(request))
      .then(() => done(), done);
  };
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    request.actor = ANONYMOUS;
    // Cached reads (read-cache.ts) answer this request from what the database holds now, not from before it arrived.
    const refreshed = database.refreshStamp();
    if (!refreshed) return identify(request, reply, done);
    refreshed.then(() => identify(request, reply, done), done);
  });
}

function refuseAnonymousWrites(request: FastifyRequest): void {
  if (request.url.startsWith('/api/')) requireAuthenticatedForWrites(request);
}

/** The key of a `Token <key>` or `Bearer <key>` header (either case); null for no header or a blank one (anonymous). */
function tokenOf(header: string | undefined): string | null {
  const parts = (header ?? '').trim().split(/\s+/);
  if (parts[0] === '') return null;
  if (!/^(token|bearer)$/i.test(parts[0]!)) throw new AuthenticationFailedError('Unsupported authentication scheme. Use Token or Bearer.');
  if (parts.length === 1) throw new AuthenticationFailedError('Invalid token header. No credentials provided.');
  if (parts.length > 2) throw new AuthenticationFailedError('Invalid token header. Token string should not contain spaces.');
  return parts[1]!;
}
