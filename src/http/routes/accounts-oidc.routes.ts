// /accounts/oidc/: single sign-on with an OpenID Connect provider — the redirect to the provider and its callback, which starts the browser session as password sign-in does.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tr } from '../../ui/i18n.js';
import { Type, type Static } from 'typebox';
import type { Container } from '../../container.js';
import { SsoRefusedError } from '../../services/sso/single-sign-on.service.js';
import { signInFailedPage } from '../../ui/sign-in-failed.js';
import { errorPage } from '../../ui/layout.js';
import { readCookie, type SessionAuth } from '../session-auth.js';
import { safeNext, sendHtml, uiKit } from '../ui-kit.js';
import { requestBaseUrl } from '../urls.js';
import { secondFactorAnswer } from './accounts-2fa.routes.js';

/** Holds the state of the sign-in under way until the provider sends the browser back. */
const STATE_COOKIE = 'parla_oidc_state';
const STATE_COOKIE_PATH = '/accounts/oidc/';
const CALLBACK_PATH = '/accounts/oidc/callback/';
/** Seconds the browser has to come back from the provider (the server keeps the request as long). */
const STATE_MAX_AGE = 600;

const OidcLoginQuery = Type.Object(
  { next: Type.Optional(Type.String({ maxLength: 2000, description: 'The local path to go to once signed in.' })) },
  { additionalProperties: true },
);

/** What a provider sends back (RFC 6749 section 4.1.2, RFC 9207); providers add parameters of their own. */
const OidcCallbackQuery = Type.Object(
  {
    code: Type.Optional(Type.String({ maxLength: 4096 })),
    state: Type.Optional(Type.String({ maxLength: 512 })),
    iss: Type.Optional(Type.String({ maxLength: 2048 })),
    error: Type.Optional(Type.String({ maxLength: 256 })),
    error_description: Type.Optional(Type.String({ maxLength: 4096 })),
  },
  { additionalProperties: true },
);

export type AccountsOidcDeps = Pick<Container, 'config' | 'sessions' | 'sso' | 'twoFactor' | 'components' | 'stats' | 'translations'>;

export function accountsOidcRoutes(app: FastifyInstance, c: AccountsOidcDeps, auth: SessionAuth): void {
  const { viewerOf } = uiKit(c);
  const provider = c.sso.providerName;

  const secure = (request: FastifyRequest) => request.protocol === 'https' || c.config.siteUrl?.startsWith('https:') === true;
  const stateCookie = (request: FastifyRequest, value: string, maxAge: number) =>
    `${STATE_COOKIE}=${value}; Max-Age=${maxAge}; Path=${STATE_COOKIE_PATH}; HttpOnly; SameSite=Lax${secure(request) ? '; Secure' : ''}`;
  const redirectUri = (request: FastifyRequest) => `${c.config.siteUrl ?? requestBaseUrl(request)}${CALLBACK_PATH}`;
  const notConfigured = (request: FastifyRequest, reply: FastifyReply) =>
    sendHtml(reply, 404, errorPage(viewerOf(request), request.url, 404, tr('Single sign-on is not configured on this site.')));

  app.get<{ Querystring: Static<typeof OidcLoginQuery> }>(
    '/accounts/oidc/login/',
    { schema: { querystring: OidcLoginQuery }, config: { summary: 'Single sign-on: go to the provider to sign in' } },
    async (request, reply) => {
      if (!provider) return notConfigured(request, reply);
      const next = safeNext(request.query.next);
      try {
        const { url, state } = await c.sso.start(redirectUri(request), next);
        return reply.code(303).header('Set-Cookie', stateCookie(request, state, STATE_MAX_AGE)).header('Cache-Control', 'no-store').header('Location', url).send();
      } catch (e) {
        if (!(e instanceof SsoRefusedError)) throw e;
        request.log.warn({ reason: e.reason }, e.message);
        return sendHtml(reply, e.status, signInFailedPage({ viewer: viewerOf(request), provider, message: e.message, next }));
      }
    },
  );

  app.get<{ Querystring: Static<typeof OidcCallbackQuery> }>(
    CALLBACK_PATH,
    { schema: { querystring: OidcCallbackQuery }, config: { summary: 'Single sign-on: the provider sends the browser back here' } },
    async (request, reply) => {
      if (!provider) return notConfigured(request, reply);
      const cookieState = readCookie(request, STATE_COOKIE);
      const rawQuery = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      const userAgent = (request.headers['user-agent'] ?? '').slice(0, 500);
      try {
        const { user, next } = await c.sso.finish(
          { redirectUri: redirectUri(request), query: rawQuery, state: request.query.state ?? null, cookieState },
          { address: request.ip, userAgent },
        );
        // An account with a second factor here asks for it as after a password: the provider's word alone starts no session.
        if (user.has_2fa === 1) {
          reply.header('Set-Cookie', stateCookie(request, '', 0));
          return await secondFactorAnswer(c, request, reply, user, safeNext(next));
        }
        const { token } = await c.sessions.create(user.id, auth.cookieToken(request));
        reply.removeHeader('set-cookie'); // a renewal of the old session's cookie must not follow the new one
        auth.setCookie(request, reply, token);
        reply.header('Set-Cookie', stateCookie(request, '', 0));
        return reply.code(303).header('Cache-Control', 'no-store').header('Location', safeNext(next)).send();
      } catch (e) {
        if (!(e instanceof SsoRefusedError)) throw e;
        request.log.info({ reason: e.reason }, `single sign-on refused: ${e.message}`);
        reply.header('Set-Cookie', stateCookie(request, '', 0));
        return sendHtml(reply, e.status, signInFailedPage({ viewer: viewerOf(request), provider, message: e.message, next: '/' }));
      }
    },
  );
}
