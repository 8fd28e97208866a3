// Authenticates every request from its Authorization header (Token or Bearer), else its session cookie, into request.actor.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccessControl } from '../../auth/access.js';
import { ANONYMOUS, type Actor } from '../../auth/actor.js';
import type { Database } from '../../db/database.js';
import type { UsersService } from '../../services/users.service.js';
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
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    // Cached reads (read-cache.ts) answer this request from what the database holds now, not from before it arrived.
    database.refreshStamp();
    request.actor = ANONYMOUS;
    const header = request.headers.authorization;
    if (header) {
      const m = /^(Token|Bearer)\s+(\S+)\s*$/i.exec(header);
      if (!m) throw new AuthenticationFailedError('Invalid token header. Expected "Token <key>".');
      request.actor = await users.authenticateToken(m[2]);
    } else {
      await sessions.authenticate(request, reply); // token-authenticated requests never need a CSRF token
    }
    request.actor = await access.load(db, request.actor); // team memberships once per request, checks stay synchronous
    if (request.url.startsWith('/api/')) requireAuthenticatedForWrites(request);
  });
}
