// /accounts/: password login and logout for the browser UI (session cookie), and the session's CSRF token.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Container } from '../../container.js';
import { NotAuthenticatedError, ValidationError, type FieldError } from '../../shared/errors.js';
import { bodyOf } from '../context.js';
import type { SessionAuth } from '../session-auth.js';
import { safeNext } from '../ui-kit.js';

/** One answer for an unknown user, a wrong password and an inactive account (Django's wording). */
export const LOGIN_FAILED = 'Please enter a correct username and password. Note that both fields may be case-sensitive.';

function noStore(reply: FastifyReply): void {
  reply.header('Cache-Control', 'no-store');
}

export function accountsRoutes(app: FastifyInstance, c: Container, auth: SessionAuth): void {
  // Exempt from the session CSRF token (a fresh browser has none yet); login CSRF is stopped by the Origin/Referer check.
  app.post('/accounts/login/', { config: { csrfExempt: true } }, async (request: FastifyRequest, reply) => {
    auth.checkSameOrigin(request);
    const body = bodyOf<Record<string, unknown>>(request);
    // The web UI's sign-in form sends `next`: it gets redirects (back to the form on failure) instead of JSON.
    const next = typeof body.next === 'string' ? safeNext(body.next) : null;
    const username = typeof body.username === 'string' ? body.username.trim() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    const errors: FieldError[] = [];
    if (!username) errors.push({ code: 'required', detail: 'This field is required.', attr: 'username' });
    if (!password) errors.push({ code: 'required', detail: 'This field is required.', attr: 'password' });
    const failedForm = () => reply.code(303).header('Location', `/accounts/login/?failed=1&next=${encodeURIComponent(next!)}`).send();
    if (errors.length) {
      if (next !== null) return failedForm();
      throw new ValidationError(errors);
    }
    const user = username.length <= 254 && password.length <= 4096 ? await c.sessions.verifyCredentials(username, password) : null;
    if (!user) {
      if (next !== null) return failedForm();
      throw ValidationError.field(null, LOGIN_FAILED, 'invalid_login');
    }
    const { token, session } = await c.sessions.create(user.id, auth.cookieToken(request));
    reply.removeHeader('set-cookie'); // a renewal of the old session's cookie must not follow the new one
    auth.setCookie(request, reply, token);
    noStore(reply);
    if (next !== null) return reply.code(303).header('Location', next).send();
    return { username: user.username, full_name: user.full_name, csrf_token: c.sessions.csrfToken(session) };
  });

  // Cookie-authenticated, so the auth plugin has already required the CSRF token.
  app.post('/accounts/logout/', async (request, reply) => {
    const token = auth.cookieToken(request);
    if (token) await c.sessions.destroy(token);
    auth.clearCookie(request, reply);
    noStore(reply);
    return reply.code(204).send();
  });

  app.get('/accounts/csrf/', async (request, reply) => {
    if (!request.session) throw new NotAuthenticatedError();
    noStore(reply);
    return { csrf_token: c.sessions.csrfToken(request.session) };
  });
}
