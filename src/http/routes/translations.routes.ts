// /api/translations/: translation detail and removal, its units and statistics.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Container } from '../../container.js';
import { urlsFor } from '../context.js';
import { listLimits, pageRequest, paginate, UNIT_PAGES } from '../pagination.js';
import { CachedJson } from '../cached-json.js';
import { resource } from '../resource.js';
import { NoContent, PageQuery, Paginated, SearchPageQuery, TranslationParams } from '../schemas/common.js';
import { StatisticsSchema } from '../schemas/statistics.js';
import { TranslationSchema } from '../schemas/translation.js';
import { UnitCreateBody, UnitSchema } from '../schemas/unit.js';
import { serializeTranslation, serializeUnit } from '../serializers/serializers.js';
import { setUnitEtag } from '../unit-etag.js';
import type { SearchQuery } from './units.routes.js';
import { componentPathSegment } from '../../domain/component-paths.js';
import type { TranslationRow } from '../../db/schema.js';

/** Pages of up to this many units are kept in memory (about 1 KB each: at most 64 pages of about 1 MB). */
const MAX_CACHED_PAGE_SIZE = 1000;

type T = FastifyRequest<{ Params: { project: string; component: string; language: string } }>;

/** What translation routes use of the container. */
export type TranslationsDeps = Pick<Container, 'config' | 'components' | 'translations' | 'units' | 'unitEdits' | 'stats' | 'database'>;

/** A page of a list of translations (all those the caller may see, or a user's contributions among them). */
export function paginateTranslations(
  c: Pick<Container, 'config' | 'translations'>,
  request: FastifyRequest,
  list: { count: () => Promise<number>; page: (limit: number, offset: number) => Promise<TranslationRow[]> },
) {
  const urls = urlsFor(c, request);
  return paginate(
    request,
    listLimits(c.config.pageSize),
    list.count,
    list.page,
    async (rows) => (await c.translations.expand(rows)).map((t) => serializeTranslation(urls, t, t.authorName)),
  );
}

export function translationsRoutes(app: FastifyInstance, c: TranslationsDeps): void {
  resource(app, '/api/translations/', { name: 'Translation List' }, {
    GET: {
      schema: { response: { 200: Paginated(TranslationSchema) } },
      described: { querystring: PageQuery },
      handler: async (request) => paginateTranslations(c, request, {
          count: () => c.translations.count(request.actor),
          page: (limit, offset) => c.translations.page(request.actor, limit, offset),
        }),
    },
  });

  const unitPages = new CachedJson(c.database, 64);

  const get = async (request: T) => {
    const refs = await c.components.getVisible(request.actor, request.params.project, request.params.component);
    return c.translations.getVisible(request.actor, refs, request.params.language);
  };

  resource(app, '/api/translations/:project/:component/:language/', { name: 'Translation Instance' }, {
    GET: {
      schema: { params: TranslationParams, response: { 200: TranslationSchema } },
      handler: async (request: T) => {
        const t = await get(request);
        return serializeTranslation(urlsFor(c, request), t, await c.stats.authorName(t.translation.last_author_id));
      },
    },
    DELETE: {
      schema: { params: TranslationParams, response: { 204: NoContent } },
      handler: async (request: T, reply) => {
        await c.translations.remove(request.actor, await get(request));
        return reply.code(204).send();
      },
    },
  });

  resource(app, '/api/translations/:project/:component/:language/units/', { name: 'Translation Units' }, {
    GET: {
      schema: { params: TranslationParams, response: { 200: Paginated(UnitSchema) } },
      described: { querystring: SearchPageQuery },
      handler: async (request: T, reply) => {
        const t = await get(request);
        // Built only when the page is not in the cache (a query that does not parse is never cached).
        const page = () => {
          const urls = urlsFor(c, request);
          const refs = { projectSlug: t.project.slug, componentSlug: componentPathSegment(t.component), languageCode: t.language.code };
          const where = c.units.filter(request.query as SearchQuery);
          return paginate(
            request,
            UNIT_PAGES,
            async () => (where ? c.units.countInTranslation(t.translation.id, where) : t.translation.total),
            (limit, offset) => c.units.pageInTranslation(t.translation.id, limit, offset, where),
            (rows) => rows.map((unit) => serializeUnit(urls, { ...refs, unit })),
          );
        };
        if (pageRequest(request, UNIT_PAGES).pageSize > MAX_CACHED_PAGE_SIZE) return page();
        // Clients page through big translations again and again (wlc, CI scripts): a page's JSON is kept until
        // the database changes. Who may see it was checked above.
        return unitPages.send(request, reply, `${t.translation.id}\0${request.url}`, page);
      },
    },
    POST: {
      schema: { params: TranslationParams, response: { 200: UnitSchema } },
      // Checked by UnitEditsService; form bodies arrive in the JSON shape (registerBodyShapes).
      described: { body: UnitCreateBody },
      handler: async (request: T, reply: FastifyReply) => {
        const created = await c.unitEdits.add(request.actor, await get(request), request.body);
        setUnitEtag(reply, created);
        return serializeUnit(urlsFor(c, request), created);
      },
    },
  });

  resource(app, '/api/translations/:project/:component/:language/statistics/', { name: 'Translation Statistics' }, {
    GET: {
      schema: { params: TranslationParams, response: { 200: StatisticsSchema } },
      handler: async (request: T) => {
        const t = await get(request);
        const urls = urlsFor(c, request);
        return c.stats.toObject(await c.stats.ofTranslation(t.translation), {
          name: t.language.name,
          code: t.language.code,
          url: urls.webTranslation(t.project.slug, componentPathSegment(t.component), t.language.code),
          translate_url: urls.webTranslate(t.project.slug, componentPathSegment(t.component), t.language.code),
        }, t.project.translation_review === 1);
      },
    },
  });
}
