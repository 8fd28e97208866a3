// The unsubscribe links of notification mails: a page with a button, and the POST (also RFC 8058 one-click) that turns the subscriptions off.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tr } from '../../ui/i18n.js';
import type { Container } from '../../container.js';
import { LinkError } from '../../services/accounts/account-links.js';
import { messagePage } from '../../ui/account-pages.js';
import { unsubscribePage } from '../../ui/unsubscribe-page.js';
import { sendHtml, uiKit } from '../ui-kit.js';

export type UnsubscribeDeps = Pick<Container, 'unsubscribe' | 'components' | 'sessions' | 'stats' | 'translations'>;

type TokenRequest = FastifyRequest<{ Params: { token: string } }>;

export function unsubscribeRoutes(app: FastifyInstance, c: UnsubscribeDeps): void {
  const { viewerOf, pageRoute, formConfig } = uiKit(c);
  const invalid = (request: FastifyRequest, reply: FastifyReply, e: LinkError) =>
    sendHtml(reply, 400, messagePage({ viewer: viewerOf(request), title: tr('Link not valid'), status: 'error', message: tr('{message} Nothing was changed.', { message: e.message }) }));

  app.get<{ Params: { token: string } }>('/accounts/unsubscribe/:token/', pageRoute(async (request: TokenRequest, reply) => {
    try {
      return unsubscribePage({ viewer: viewerOf(request), action: request.url, entries: await c.unsubscribe.entries(request.params.token) });
    } catch (e) {
      if (e instanceof LinkError) return invalid(request, reply, e);
      throw e;
    }
  }));

  // No sign-in and no Origin check: mail clients post here themselves (List-Unsubscribe-Post), and the signed token is the authority.
  app.post<{ Params: { token: string } }>('/accounts/unsubscribe/:token/', formConfig, pageRoute(async (request: TokenRequest, reply) => {
    try {
      await c.unsubscribe.unsubscribe(request.params.token);
    } catch (e) {
      if (e instanceof LinkError) return invalid(request, reply, e);
      throw e;
    }
    return messagePage({ viewer: viewerOf(request), title: tr('Unsubscribed'), message: tr('You will not receive these notifications any more.') });
  }));
}
