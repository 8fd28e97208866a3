// The language of each web UI request: the profile's interface language, else Accept-Language, else English; handlers run in it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { runInLanguage, SOURCE_CATALOG, type MessageCatalog } from '../../ui/i18n.js';
import { uiCatalogs } from '../../ui/i18n-catalogs.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The message catalog the request's pages and messages are written in. */
    uiCatalog: MessageCatalog;
  }
}

/** Addresses that are no UI pages: forge hooks, assets, probes and metrics answer in English. */
const NOT_UI = /^\/(hooks|ui\/static|healthz|readyz|metrics)(\/|$|\?)/;
const API = /^\/api(\/|$|\?)/;

/** The API answers in English, except its browsable HTML pages (asked for by browsers, with text/html). */
function isUi(request: FastifyRequest): boolean {
  if (NOT_UI.test(request.url)) return false;
  return !API.test(request.url) || /text\/html/.test(request.headers.accept ?? '');
}

export interface UiLanguageOptions {
  /** The interface language a user chose ('' for none), for requests whose authentication did not read it. */
  profileLanguage: (userId: number) => Promise<string>;
}

/** Registers the hooks; after authentication, since the signed-in user's profile comes first. */
export function registerUiLanguage(app: FastifyInstance, options: UiLanguageOptions): void {
  app.decorateRequest('uiCatalog', null as unknown as MessageCatalog);

  app.addHook('onRequest', (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    request.uiCatalog = SOURCE_CATALOG;
    if (!isUi(request)) return done();
    const accept = request.headers['accept-language'];
    const userId = request.actor?.user?.id;
    if (userId === undefined || request.interfaceLanguage !== null) {
      request.uiCatalog = uiCatalogs().choose(userId === undefined ? null : request.interfaceLanguage, accept);
      return done();
    }
    options.profileLanguage(userId).then(
      (language) => {
        request.uiCatalog = uiCatalogs().choose(language, accept);
        done();
      },
      (error: Error) => done(error),
    );
  });

  // Callback style: the rest of the request (later hooks and the handler, after the body is parsed) runs inside the language.
  app.addHook('preHandler', (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    runInLanguage(request.uiCatalog ?? SOURCE_CATALOG, done);
  });

  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: Error | null, payload?: unknown) => void) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') && isUi(request)) {
      reply.header('Content-Language', (request.uiCatalog ?? SOURCE_CATALOG).code);
      const vary = String(reply.getHeader('vary') ?? '');
      if (!/(^|,)\s*accept-language\s*(,|$)/i.test(vary)) reply.header('Vary', vary ? `${vary}, Accept-Language` : 'Accept-Language');
    }
    done(null, payload);
  });
}
