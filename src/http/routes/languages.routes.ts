// /api/languages/: the language database, its editing by administrators, and per-language statistics.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import type { LanguageInput } from '../../services/languages/languages.service.js';
import { bodyOf, urlsFor } from '../context.js';
import { createEndpoint, deleteEndpoint, listEndpoint, updateEndpoints } from '../endpoints.js';
import { resource } from '../resource.js';
import { documentedRequired } from '../schemas/common.js';
import { LanguageBody, LanguageSchema, LanguageWriteBody } from '../schemas/language.js';
import { StatisticsSchema } from '../schemas/statistics.js';
import { serializeLanguage } from '../serializers/serializers.js';

const Params = Type.Object({ code: Type.String() });
type L = FastifyRequest<{ Params: { code: string } }>;

/** What these routes use of the container. */
export type LanguagesDeps = Pick<Container, 'config' | 'languages' | 'stats'>;

export function languagesRoutes(app: FastifyInstance, c: LanguagesDeps): void {
  resource(app, '/api/languages/', { name: 'Language List' }, {
    GET: listEndpoint(c, { item: LanguageSchema }, (request, urls) => ({
      count: () => c.languages.count(request.actor),
      page: (limit, offset) => c.languages.page(request.actor, limit, offset),
      serialize: (rows) => rows.map((l) => serializeLanguage(urls, l)),
    })),
    POST: createEndpoint(
      { body: LanguageBody, response: { 201: LanguageSchema } },
      async (request) => {
        const row = await c.languages.create(request.actor, bodyOf<LanguageInput>(request));
        return serializeLanguage(urlsFor(c, request), row);
      },
      { body: documentedRequired(LanguageWriteBody, ['code', 'name', 'plural']) },
    ),
  });

  resource(app, '/api/languages/:code/', { name: 'Language Instance' }, {
    GET: {
      schema: { params: Params, response: { 200: LanguageSchema } },
      handler: async (request: L) => serializeLanguage(urlsFor(c, request), await c.languages.getVisible(request.actor, request.params.code)),
    },
    ...updateEndpoints(
      { params: Params, body: LanguageBody, response: { 200: LanguageSchema } },
      async (request: L, partial) => {
        const lang = await c.languages.getVisible(request.actor, request.params.code);
        return serializeLanguage(urlsFor(c, request), await c.languages.update(request.actor, lang, bodyOf<LanguageInput>(request), partial));
      },
      // PATCH completes a partial plural from the language's own; PUT and POST need a whole one.
      { put: { body: documentedRequired(LanguageWriteBody, ['name', 'plural']) } },
    ),
    DELETE: deleteEndpoint(Params, async (request: L) => c.languages.remove(request.actor, await c.languages.getVisible(request.actor, request.params.code))),
  });

  resource(app, '/api/languages/:code/statistics/', { name: 'Language Statistics' }, {
    GET: {
      schema: { params: Params, response: { 200: StatisticsSchema } },
      handler: async (request: L) => {
        const lang = await c.languages.getVisible(request.actor, request.params.code);
        const urls = urlsFor(c, request);
        return c.stats.toObject(await c.stats.ofLanguage(request.actor, lang), { name: lang.name, code: lang.code, url: urls.webLanguage(lang.code) });
      },
    },
  });
}
