// /accounts/2fa/: the second step of a sign-in (code or security key) and the signed-in user's second factors, as JSON and as web pages.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { msgid } from '../../shared/msgid.js';
import { ntr, tr } from '../../ui/i18n.js';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Container } from '../../container.js';
import type { UserRow } from '../../db/schema.js';
import type { RelyingParty } from '../../auth/second-factor.js';
import { accountThrottle } from '../account-throttle.js';
import { LOGIN_EXPIRED, PENDING_LOGIN_SECONDS } from '../../services/security/two-factor.service.js';
import { AppError, NotAuthenticatedError, NotFoundError, PermissionDeniedError } from '../../shared/errors.js';
import { recoveryCodesPage, secondFactorPage, twoFactorSettingsPage } from '../../ui/two-factor-pages.js';
import { bodyOf, clientOrigin } from '../context.js';
import { NoContent } from '../schemas/common.js';
import { errorResponses, errorStatuses } from '../schemas/error-responses.js';
import { SessionSchema } from '../schemas/session.js';
import {
  CodeBody,
  PendingTokenBody,
  RecoveryCodesSchema,
  SecondFactorStatusSchema,
  TotpEnrolmentSchema,
  VerifyBody,
  WebauthnOptionsSchema,
  WebauthnRegisterBody,
  WebauthnRegisteredSchema,
} from '../schemas/two-factor.js';
import { CSRF_FAILED, readCookie, type SessionAuth } from '../session-auth.js';
import { errorText, safeNext, sendHtml, statusOfError, str, uiKit } from '../ui-kit.js';
import { requestBaseUrl } from '../urls.js';

/** The cookie that names a sign-in waiting for its second factor (only under /accounts/2fa/). */
export const PENDING_COOKIE = 'parla_2fa';
const VERIFY_URL = '/accounts/2fa/verify/';
const WEBAUTHN_OPTIONS_URL = '/accounts/2fa/verify/webauthn/';

/** What these routes use of the container. */
export type TwoFactorDeps = Pick<Container, 'config' | 'secretKey' | 'sessions' | 'twoFactor' | 'components' | 'stats' | 'translations' | 'users'>;

function noStore(reply: FastifyReply): void {
  reply.header('Cache-Control', 'no-store');
}

function secure(c: Pick<Container, 'config'>, request: FastifyRequest): boolean {
  return request.protocol === 'https' || c.config.siteUrl?.startsWith('https:') === true;
}

function pendingCookie(c: Pick<Container, 'config'>, request: FastifyRequest, value: string, maxAge: number): string {
  return `${PENDING_COOKIE}=${value}; Max-Age=${maxAge}; Path=/accounts/2fa/; HttpOnly; SameSite=Lax${secure(c, request) ? '; Secure' : ''}`;
}

/** The relying party of security keys: the configured site (PARLA_SITE_URL), else the host the request came to. */
export function relyingParty(c: Pick<Container, 'config'>, request: FastifyRequest): RelyingParty {
  const origin = c.config.siteUrl ? new URL(c.config.siteUrl).origin : requestBaseUrl(request);
  return { id: new URL(origin).hostname, origin, name: 'Parla' };
}

/**
 * The answer of a sign-in whose password proved right for an account with a second factor: no session,
 * a pending sign-in (cookie, and its token for JSON clients) and where to go on.
 */
export async function secondFactorAnswer(c: Pick<Container, 'config' | 'twoFactor'>, request: FastifyRequest, reply: FastifyReply, user: UserRow, next: string | null) {
  const token = await c.twoFactor.beginLogin(user.id);
  reply.header('Set-Cookie', pendingCookie(c, request, token, PENDING_LOGIN_SECONDS));
  noStore(reply);
  if (next !== null) return reply.code(303).header('Location', `${VERIFY_URL}?next=${encodeURIComponent(next)}`).send();
  return {
    second_factor_required: true as const,
    methods: await c.twoFactor.methods(user.id),
    token,
    expires_in: PENDING_LOGIN_SECONDS,
    verify_url: VERIFY_URL,
    webauthn_options_url: WEBAUTHN_OPTIONS_URL,
  };
}

function throttledMessage(seconds: number): string {
  return ntr('Too many failed attempts. Try again in {n} second.', 'Too many failed attempts. Try again in {n} seconds.', seconds);
}

/** A code as typed (a string), or a JSON number whose leading zeros went missing. */
function codeOf(value: unknown): string {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 1_000_000 ? String(value).padStart(6, '0') : str(value);
}

/** Web forms post url-encoded bodies and get pages and redirects; everything else is a JSON client. */
function isForm(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');
}

export function twoFactorRoutes(app: FastifyInstance, c: TwoFactorDeps, auth: SessionAuth): void {
  const { viewerOf } = uiKit(c);
  // Second-factor guesses are counted apart from passwords, with the same limits.
  const throttle = accountThrottle(app, c, 'second-factor throttle');

  const pendingToken = (request: FastifyRequest): string => str(bodyOf<Record<string, unknown>>(request).token) || readCookie(request, PENDING_COOKIE) || '';
  const sessionWriteErrors = (url: string) => errorResponses(errorStatuses('POST', url, false, true));
  // Exempt from the session CSRF token (there is no session yet); cross-site posts are stopped by the Origin/Referer check.
  const verifyErrors = errorResponses([...errorStatuses('POST', VERIFY_URL, false, true), '429']);

  // ---------------------------------------------------------------- the second step of a sign-in
  app.get(VERIFY_URL, async (request, reply) => {
    const next = safeNext((request.query as Record<string, unknown>).next);
    const user = await c.twoFactor.pendingUser(readCookie(request, PENDING_COOKIE) ?? '');
    if (!user) return reply.code(303).header('Location', `/accounts/login/?next=${encodeURIComponent(next)}`).header('Cache-Control', 'no-store').send();
    return sendHtml(reply, 200, secondFactorPage({ viewer: viewerOf(request), next, methods: await c.twoFactor.methods(user.id) }));
  });

  const verify = {
    schema: { response: { ...verifyErrors, 200: SessionSchema, 303: { type: 'null', description: 'Redirect (form): to `next` once signed in.' } } },
    config: { csrfExempt: true, described: { body: VerifyBody }, summary: 'Sign in, second step: a code or a security key for a pending sign-in' },
  };
  app.post(VERIFY_URL, verify, async (request: FastifyRequest, reply) => {
    auth.checkSameOrigin(request);
    const body = bodyOf<Record<string, unknown>>(request);
    const next = typeof body.next === 'string' ? safeNext(body.next) : null;
    const token = pendingToken(request);
    const user = await c.twoFactor.pendingUser(token);
    if (!user) {
      if (next !== null) return reply.code(303).header('Location', `/accounts/login/?next=${encodeURIComponent(next)}`).header('Cache-Control', 'no-store').send();
      throw new NotAuthenticatedError(LOGIN_EXPIRED);
    }
    const page = async (status: number, error: string) => sendHtml(reply, status, secondFactorPage({ viewer: viewerOf(request), next: next ?? '/', methods: await c.twoFactor.methods(user.id), error }));
    const keys = [`2fa-user:${user.id}`, `2fa-address:${request.ip}`];
    const attempt = await throttle.attempt(keys);
    if (attempt.retryAfter > 0) {
      reply.header('Retry-After', String(attempt.retryAfter));
      noStore(reply);
      if (next !== null) return page(429, throttledMessage(attempt.retryAfter));
      throw new AppError('throttled', throttledMessage(attempt.retryAfter));
    }
    const webauthn = body.webauthn && typeof body.webauthn === 'object' ? (body.webauthn as AuthenticationResponseJSON) : undefined;
    let done;
    try {
      done = await c.twoFactor.completeLogin(token, { code: codeOf(body.code), webauthn }, relyingParty(c, request));
    } catch (e) {
      if (!(e instanceof AppError) || e.code !== 'invalid') throw e;
      const lockouts = attempt.locked.map((key) => ({ scope: key === keys[0] ? ('account' as const) : ('address' as const), seconds: throttle.settings.lockoutSeconds }));
      await c.twoFactor.recordFailure(user.id, request.ip, webauthn ? 'webauthn' : 'code', lockouts);
      if (next !== null) return page(400, errorText(e));
      throw e;
    }
    await attempt.succeeded();
    const { token: sessionToken, session } = await c.sessions.create(done.user.id, auth.cookieToken(request));
    await c.users.recordLogin(done.user.id, clientOrigin(request), 'second-factor');
    reply.removeHeader('set-cookie'); // a renewal of an old session's cookie must not follow the new one
    auth.setCookie(request, reply, sessionToken);
    reply.header('Set-Cookie', pendingCookie(c, request, '', 0));
    noStore(reply);
    if (next !== null) return reply.code(303).header('Location', next).send();
    return { username: done.user.username, full_name: done.user.full_name, csrf_token: c.sessions.csrfToken(session) };
  });

  const verifyOptions = {
    schema: { response: { ...verifyErrors, 200: WebauthnOptionsSchema } },
    config: { csrfExempt: true, described: { body: PendingTokenBody }, summary: 'Sign in, second step: the security key challenge of a pending sign-in' },
  };
  app.post(WEBAUTHN_OPTIONS_URL, verifyOptions, async (request, reply) => {
    auth.checkSameOrigin(request);
    noStore(reply);
    return c.twoFactor.loginWebauthnOptions(pendingToken(request), relyingParty(c, request));
  });

  // ---------------------------------------------------------------- the signed-in user's second factors

  /** Second factors are managed in a browser session (with its CSRF token, from a header or the form), not with API tokens. */
  const sessionUser = (request: FastifyRequest): UserRow => {
    const user = request.actor.user;
    if (!user || !request.actor.authenticated) throw new NotAuthenticatedError();
    if (!request.session) throw new PermissionDeniedError(tr('Two-factor authentication is managed in a browser session.'));
    return user;
  };
  const writer = (request: FastifyRequest): UserRow => {
    const user = sessionUser(request);
    const header = request.headers['x-csrftoken'] ?? request.headers['x-csrf-token'];
    const supplied = str(bodyOf<Record<string, unknown>>(request).csrfmiddlewaretoken) || (typeof header === 'string' ? header : '');
    if (!c.sessions.checkCsrf(request.session!, supplied || undefined)) throw new PermissionDeniedError(CSRF_FAILED);
    return user;
  };

  const settingsPage = async (request: FastifyRequest, reply: FastifyReply, status: number, messages: { error?: string; notice?: string } = {}) => {
    const user = sessionUser(request);
    const [state, enrolment] = await Promise.all([c.twoFactor.status(user), c.twoFactor.pendingTotp(user)]);
    return sendHtml(reply, status, twoFactorSettingsPage({ viewer: viewerOf(request), status: state, enrolment: enrolment && { secret: enrolment.secret, qrSvg: enrolment.qr_svg }, ...messages }));
  };

  const NOTICES: Record<string, string> = {
    removed: msgid('The second factor was removed.'),
    started: msgid('Scan the code and confirm it.'),
    enrolled: msgid('Two-factor authentication is on.'),
  };
  app.get('/accounts/2fa/', async (request, reply) => {
    if (!request.session) return reply.code(303).header('Location', '/accounts/login/?next=%2Faccounts%2F2fa%2F').header('Cache-Control', 'no-store').send();
    return settingsPage(request, reply, 200, { notice: NOTICES[str((request.query as Record<string, unknown>).done)] });
  });

  app.get('/accounts/2fa/status/', { schema: { response: { ...errorResponses(['401', '403']), 200: SecondFactorStatusSchema } }, config: { summary: 'Two-factor authentication: the signed-in user’s second factors' } }, async (request, reply) => {
    noStore(reply);
    return c.twoFactor.status(sessionUser(request));
  });

  /**
   * A management write: JSON in and out, or a form whose answer is a page or a redirect (errors shown on
   * the settings page).
   */
  const manage =
    (handler: (request: FastifyRequest, user: UserRow, reply: FastifyReply) => Promise<{ json: unknown; form: () => Promise<FastifyReply> | FastifyReply }>) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      noStore(reply);
      if (!isForm(request)) {
        const out = await handler(request, writer(request), reply);
        return out.json === null ? reply.code(204).send() : out.json;
      }
      try {
        const out = await handler(request, writer(request), reply);
        return await out.form();
      } catch (e) {
        if (!(e instanceof AppError) || !request.session) throw e;
        return settingsPage(request, reply, statusOfError(e), { error: errorText(e) });
      }
    };
  const back = (reply: FastifyReply, done: string) => reply.code(303).header('Location', `/accounts/2fa/?done=${done}`).send();
  const writeConfig = (summary: string, body?: unknown) => ({ csrfExempt: true, summary, ...(body ? { described: { body } } : {}) });

  app.post(
    '/accounts/2fa/totp/',
    { schema: { response: { ...sessionWriteErrors('/accounts/2fa/totp/'), 200: TotpEnrolmentSchema } }, config: writeConfig('Two-factor authentication: start setting up an authenticator app') },
    manage(async (_request, user, reply) => {
      const enrolment = await c.twoFactor.startTotp(user);
      return { json: enrolment, form: () => back(reply, 'started') };
    }),
  );

  app.post(
    '/accounts/2fa/totp/confirm/',
    { schema: { response: { ...sessionWriteErrors('/accounts/2fa/totp/confirm/'), 200: RecoveryCodesSchema } }, config: writeConfig('Two-factor authentication: confirm the authenticator app with a code', CodeBody) },
    manage(async (request, user, reply) => {
      const out = await c.twoFactor.confirmTotp(request.actor, user, codeOf(bodyOf<Record<string, unknown>>(request).code));
      return {
        json: out,
        form: () => (out.recovery_codes ? sendHtml(reply, 200, recoveryCodesPage({ viewer: viewerOf(request), codes: out.recovery_codes, notice: NOTICES.enrolled })) : back(reply, 'enrolled')),
      };
    }),
  );

  app.post(
    '/accounts/2fa/totp/remove/',
    { schema: { response: { ...sessionWriteErrors('/accounts/2fa/totp/remove/'), 204: NoContent } }, config: writeConfig('Two-factor authentication: remove the authenticator app') },
    manage(async (request, user, reply) => {
      await c.twoFactor.removeTotp(request.actor, user);
      return { json: null, form: () => back(reply, 'removed') };
    }),
  );

  app.post(
    '/accounts/2fa/webauthn/options/',
    { schema: { response: { ...sessionWriteErrors('/accounts/2fa/webauthn/options/'), 200: WebauthnOptionsSchema } }, config: writeConfig('Two-factor authentication: the options of a security key registration') },
    manage(async (request, user) => {
      const options = await c.twoFactor.webauthnRegistrationOptions(user, relyingParty(c, request));
      return { json: options, form: () => Promise.reject(new NotFoundError()) };
    }),
  );

  app.post(
    '/accounts/2fa/webauthn/',
    { schema: { response: { ...sessionWriteErrors('/accounts/2fa/webauthn/'), 200: WebauthnRegisteredSchema } }, config: writeConfig('Two-factor authentication: register a security key', WebauthnRegisterBody) },
    manage(async (request, user) => {
      const body = bodyOf<Record<string, unknown>>(request);
      const credential = body.credential && typeof body.credential === 'object' ? (body.credential as RegistrationResponseJSON) : ({} as RegistrationResponseJSON);
      const out = await c.twoFactor.registerWebauthn(request.actor, user, relyingParty(c, request), str(body.name), credential);
      return { json: out, form: () => Promise.reject(new NotFoundError()) };
    }),
  );

  app.post<{ Params: { id: string } }>(
    '/accounts/2fa/webauthn/:id/remove/',
    { schema: { response: { ...sessionWriteErrors('/accounts/2fa/webauthn/:id/remove/'), 204: NoContent } }, config: writeConfig('Two-factor authentication: remove a security key') },
    manage(async (request, user, reply) => {
      const id = (request.params as { id: string }).id;
      if (!/^\d{1,9}$/.test(id)) throw new NotFoundError(tr('No such security key.'));
      await c.twoFactor.removeWebauthn(request.actor, user, Number(id));
      return { json: null, form: () => back(reply, 'removed') };
    }),
  );

  app.post(
    '/accounts/2fa/recovery/',
    { schema: { response: { ...sessionWriteErrors('/accounts/2fa/recovery/'), 200: RecoveryCodesSchema } }, config: writeConfig('Two-factor authentication: new recovery codes (the old ones end)') },
    manage(async (request, user, reply) => {
      const codes = await c.twoFactor.regenerateRecoveryCodes(request.actor, user);
      return { json: { recovery_codes: codes }, form: () => sendHtml(reply, 200, recoveryCodesPage({ viewer: viewerOf(request), codes })) };
    }),
  );
}
