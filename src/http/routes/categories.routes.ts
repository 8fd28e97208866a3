// /api/categories/ and /api/projects/<project>/categories/: nested component categories and their statistics.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Container } from '../../container.js';
import type { CategoryInput, CategoryWithProject } from '../../services/catalog/categories.service.js';
import { bodyOf, urlsFor } from '../context.js';
import { createEndpoint, deleteEndpoint, listEndpoint, updateEndpoints } from '../endpoints.js';
import { resource } from '../resource.js';
import { CategoryBody, CategorySchema, CategoryWriteBody } from '../schemas/category.js';
import { IdParams, ProjectParams, documentedRequired } from '../schemas/common.js';
import { StatisticsSchema } from '../schemas/statistics.js';
import type { Urls } from '../urls.js';
import { effectiveSettings, settingsFields } from '../../services/settings/inherited-settings.js';

const Params = IdParams;
type R = FastifyRequest<{ Params: { id: string } }>;
type P = FastifyRequest<{ Params: { project: string } }>;

/** The reference's field order (settings triplets aside). */
export function serializeCategory(urls: Urls, r: CategoryWithProject) {
  const api = urls.category(r.category.id);
  const effective = effectiveSettings([r.project, ...(r.ancestors ?? []), r.category]);
  return {
    id: r.category.id,
    name: r.category.name,
    slug: r.category.slug,
    project: urls.project(r.project.slug),
    category: r.category.category_id === null ? null : urls.category(r.category.category_id),
    url: api,
    statistics_url: `${api}statistics/`,
    check_flags: r.category.check_flags,
    effective_check_flags: effective.check_flags,
    ...settingsFields(r.category, effective),
    announcements_url: `${api}announcements/`,
    reports_url: `${api}reports/`,
  };
}

/** What these routes use of the container. */
export type CategoriesDeps = Pick<Container, 'categories' | 'config' | 'projects' | 'stats'>;

export function categoriesRoutes(app: FastifyInstance, c: CategoriesDeps): void {
  resource(app, '/api/categories/', { name: 'Category List' }, {
    GET: listEndpoint(c, { item: CategorySchema }, (request, urls) => ({
      count: () => c.categories.count(request.actor),
      page: (limit, offset) => c.categories.page(request.actor, limit, offset),
      serialize: (rows) => rows.map((r) => serializeCategory(urls, r)),
    })),
    POST: createEndpoint(
      { body: CategoryBody, response: { 201: CategorySchema } },
      async (request) => {
        const created = await c.categories.create(request.actor, bodyOf<CategoryInput>(request));
        return serializeCategory(urlsFor(c, request), created);
      },
      { body: documentedRequired(CategoryWriteBody, ['name', 'slug', 'project']) },
    ),
  });

  resource(app, '/api/categories/:id/', { name: 'Category Instance' }, {
    GET: {
      schema: { params: Params, response: { 200: CategorySchema } },
      handler: async (request: R) => serializeCategory(urlsFor(c, request), await c.categories.getVisible(request.actor, request.params.id)),
    },
    ...updateEndpoints(
      { params: Params, body: CategoryBody, response: { 200: CategorySchema } },
      async (request: R) => {
        const current = await c.categories.getVisible(request.actor, request.params.id);
        return serializeCategory(urlsFor(c, request), await c.categories.update(request.actor, current, bodyOf<CategoryInput>(request)));
      },
      { put: { body: CategoryWriteBody }, patch: { body: CategoryWriteBody } },
    ),
    DELETE: deleteEndpoint(Params, async (request: R) => c.categories.remove(request.actor, await c.categories.getVisible(request.actor, request.params.id), { query: request.query, body: request.body })),
  });

  resource(app, '/api/categories/:id/statistics/', { name: 'Category Statistics' }, {
    GET: {
      schema: { params: Params, response: { 200: StatisticsSchema } },
      handler: async (request: R) => {
        const { category, project } = await c.categories.getVisible(request.actor, request.params.id);
        const { ids, chain } = await c.categories.subtreeAndAncestry(category.id);
        const urls = urlsFor(c, request);
        const web = urls.webCategory(project.slug, chain.map((x) => x.slug));
        return c.stats.toObject(await c.stats.ofCategory(request.actor, ids), { name: category.name, url: web }, project.translation_review === 1);
      },
    },
  });

  resource(app, '/api/projects/:project/categories/', { name: 'Project Categories' }, {
    GET: listEndpoint(c, { item: CategorySchema, params: ProjectParams }, async (request: P, urls) => {
      const project = await c.projects.getVisible(request.actor, request.params.project);
      return {
        count: () => c.categories.count(request.actor, project.id),
        page: (limit, offset) => c.categories.page(request.actor, limit, offset, project.id),
        serialize: (rows) => rows.map((r) => serializeCategory(urls, r)),
      };
    }),
  });
}
