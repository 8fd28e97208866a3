// /accounts/: password login and logout for the browser UI (session cookie), and the session's CSRF token.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { msgid } from '../../shared/msgid.js';
import { ntr } from '../../ui/i18n.js';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import { accountThrottle } from '../account-throttle.js';
import { AppError, NotAuthenticatedError, ValidationError, type FieldError } from '../../shared/errors.js';
import { sha256Hex } from '../../shared/hashing.js';
import { loginPage } from '../../ui/pages.js';
import { bodyOf, clientOrigin } from '../context.js';
import { NoContent } from '../schemas/common.js';
import { errorResponses, errorStatuses } from '../schemas/error-responses.js';
import { CsrfTokenSchema, LoginBody, LoginRedirect, SessionSchema } from '../schemas/session.js';
import type { SessionAuth } from '../session-auth.js';
import { safeNext, sendHtml, uiKit } from '../ui-kit.js';
import { secondFactorAnswer } from './accounts-2fa.routes.js';
import { SecondFactorRequiredSchema } from '../schemas/two-factor.js';

/** One answer for an unknown user, a wrong password and an inactive account (Django's wording). */
export const LOGIN_FAILED = msgid('Please enter a correct username and password. Note that both fields may be case-sensitive.');

function noStore(reply: FastifyReply): void {
  reply.header('Cache-Control', 'no-store');
}

function throttledMessage(seconds: number): string {
  return ntr('Too many failed sign-in attempts. Try again in {n} second.', 'Too many failed sign-in attempts. Try again in {n} seconds.', seconds);
}

/** What these routes use of the container. */
export type AccountsDeps = Pick<Container, 'config' | 'secretKey' | 'sessions' | 'components' | 'stats' | 'translations' | 'users' | 'twoFactor'>;

export function accountsRoutes(app: FastifyInstance, c: AccountsDeps, auth: SessionAuth): void {
  const { viewerOf } = uiKit(c);
  const throttle = accountThrottle(app, c, 'sign-in throttle');

  // Exempt from the session CSRF token (a fresh browser has none yet); login CSRF is stopped by the Origin/Referer check.
  // Failed sign-ins are throttled (429) besides the usual error answers of a write.
  const loginErrors = errorResponses([...errorStatuses('POST', '/accounts/login/', false, true), '429']);
  const login = { schema: { response: { ...loginErrors, 200: Type.Union([SessionSchema, SecondFactorRequiredSchema]), 303: LoginRedirect } }, config: { csrfExempt: true, described: { body: LoginBody }, summary: 'Sign in: start a browser session' } };
  app.post('/accounts/login/', login, async (request: FastifyRequest, reply) => {
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
    const plausible = username.length <= 254 && password.length <= 4096;
    const account = plausible ? await c.sessions.findAccount(username) : undefined;
    // An unknown name is counted too (hashed, case-folded), so guessing at names is throttled like guessing passwords.
    const accountKey = account ? `user:${account.id}` : `name:${sha256Hex(username.toLowerCase())}`;
    const keys = [accountKey, `address:${request.ip}`]; // the account first: a success clears its failures
    const refuse = (seconds: number) => {
      reply.header('Retry-After', String(seconds));
      noStore(reply);
      if (next !== null) return sendHtml(reply, 429, loginPage({ viewer: viewerOf(request), next, failed: false, throttled: throttledMessage(seconds) }));
      throw new AppError('throttled', throttledMessage(seconds));
    };
    const attempt = await throttle.attempt(keys);
    if (attempt.retryAfter > 0) return refuse(attempt.retryAfter);
    const user = plausible ? await c.sessions.verifyCredentials(username, password) : null;
    if (!user) {
      const lockouts = attempt.locked.map((key) => ({ scope: key === accountKey ? ('account' as const) : ('address' as const), seconds: throttle.settings.lockoutSeconds }));
      await c.users.recordFailedLogin(account?.id ?? null, clientOrigin(request), lockouts);
      if (next !== null) return failedForm();
      throw ValidationError.field(null, LOGIN_FAILED, 'invalid_login');
    }
    await attempt.succeeded();
    // An account with a second factor gets no session yet: a pending sign-in that /accounts/2fa/verify/ completes.
    if (user.has_2fa === 1) return secondFactorAnswer(c, request, reply, user, next);
    const { token, session } = await c.sessions.create(user.id, auth.cookieToken(request));
    await c.users.recordLogin(user.id, clientOrigin(request), 'password');
    reply.removeHeader('set-cookie'); // a renewal of the old session's cookie must not follow the new one
    auth.setCookie(request, reply, token);
    noStore(reply);
    if (next !== null) return reply.code(303).header('Location', next).send();
    return { username: user.username, full_name: user.full_name, csrf_token: c.sessions.csrfToken(session) };
  });

  // Cookie-authenticated, so the auth plugin has already required the CSRF token.
  app.post('/accounts/logout/', { schema: { response: { 204: NoContent } }, config: { summary: 'Sign out: end the browser session' } }, async (request, reply) => {
    const token = auth.cookieToken(request);
    if (token) await c.sessions.destroy(token);
    auth.clearCookie(request, reply);
    noStore(reply);
    return reply.code(204).send();
  });

  app.get('/accounts/csrf/', { schema: { response: { 200: CsrfTokenSchema } }, config: { summary: 'The CSRF token of the browser session' } }, async (request, reply) => {
    if (!request.session) throw new NotAuthenticatedError();
    noStore(reply);
    return { csrf_token: c.sessions.csrfToken(request.session) };
  });
}
