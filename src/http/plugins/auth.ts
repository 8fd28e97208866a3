// Authenticates every request from its Authorization header (Token or Bearer) into request.actor.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ANONYMOUS, type Actor } from '../../auth/actor.js';
import type { UsersService } from '../../services/users.service.js';
import { AuthenticationFailedError } from '../../shared/errors.js';
import { requireAuthenticatedForWrites } from '../resource.js';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor;
  }
}

export function registerAuth(app: FastifyInstance, users: UsersService): void {
  app.decorateRequest('actor', null as unknown as Actor);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    request.actor = ANONYMOUS;
    const header = request.headers.authorization;
    if (header) {
      const m = /^(Token|Bearer)\s+(\S+)\s*$/i.exec(header);
      if (!m) throw new AuthenticationFailedError('Invalid token header. Expected "Token <key>".');
      request.actor = await users.authenticateToken(m[2]);
    }
    if (request.url.startsWith('/api/')) requireAuthenticatedForWrites(request);
  });
}
