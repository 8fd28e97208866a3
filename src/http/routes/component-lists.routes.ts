// /api/component-lists/: component lists, their member components and auto_assign rules.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import type { ComponentList, ComponentListInput } from '../../services/catalog/component-lists.service.js';
import { bodyOf, urlsFor } from '../context.js';
import { deleteEndpoint, listEndpoint, updateEndpoints } from '../endpoints.js';
import { resource } from '../resource.js';
import { documentedRequired } from '../schemas/common.js';
import { ComponentSchema } from '../schemas/component.js';
import { ComponentListBody, ComponentListMemberBody, ComponentListMemberWriteBody, ComponentListSchema, ComponentListWriteBody } from '../schemas/component-list.js';
import { serializeComponent } from '../serializers/serializers.js';
import type { Urls } from '../urls.js';

const Params = Type.Object({ slug: Type.String() });
const MemberParams = Type.Object({ slug: Type.String(), component_slug: Type.String({ description: 'The component slug; a categorized one may be named by its path (cat%2Fapp).' }) });
type R = FastifyRequest<{ Params: { slug: string } }>;
type M = FastifyRequest<{ Params: { slug: string; component_slug: string } }>;

/** The reference's field order. */
export function serializeComponentList(urls: Urls, l: ComponentList) {
  return {
    name: l.name,
    slug: l.slug,
    id: l.id,
    show_dashboard: !!l.show_dashboard,
    components: l.components.map((c) => urls.component(c.project, c.component)),
    auto_assign: l.auto_assign.map((r) => ({ project_match: r.project_match, component_match: r.component_match })),
    url: urls.componentList(l.slug),
  };
}

/** What these routes use of the container. */
export type ComponentListsDeps = Pick<Container, 'componentLists' | 'components' | 'config'>;

export function componentListsRoutes(app: FastifyInstance, c: ComponentListsDeps): void {
  const lists = c.componentLists;

  resource(app, '/api/component-lists/', { name: 'Component List List' }, {
    GET: listEndpoint(c, { item: ComponentListSchema }, (request, urls) => ({
      count: () => lists.count(request.actor),
      page: (limit, offset) => lists.page(request.actor, limit, offset),
      serialize: (rows) => rows.map((l) => serializeComponentList(urls, l)),
    })),
    POST: {
      schema: { body: ComponentListBody, response: { 201: ComponentListSchema } },
      described: { body: documentedRequired(ComponentListWriteBody, ['name', 'slug']) },
      handler: async (request, reply) => {
        const created = await lists.create(request.actor, bodyOf<ComponentListInput>(request));
        return reply.code(201).send(serializeComponentList(urlsFor(c, request), created));
      },
    },
  });

  resource(app, '/api/component-lists/:slug/', { name: 'Component List Instance' }, {
    GET: { schema: { params: Params, response: { 200: ComponentListSchema } }, handler: async (request: R) => serializeComponentList(urlsFor(c, request), await lists.get(request.actor, request.params.slug)) },
    ...updateEndpoints(
      { params: Params, body: ComponentListBody, response: { 200: ComponentListSchema } },
      async (request: R, partial) => serializeComponentList(urlsFor(c, request), await lists.update(request.actor, request.params.slug, bodyOf<ComponentListInput>(request), partial)),
      { put: { body: documentedRequired(ComponentListWriteBody, ['name', 'slug']) }, patch: { body: ComponentListWriteBody } },
    ),
    DELETE: deleteEndpoint(Params, (request: R) => lists.remove(request.actor, request.params.slug)),
  });

  resource(app, '/api/component-lists/:slug/components/', { name: 'Component List Components' }, {
    GET: listEndpoint(c, { item: ComponentSchema, params: Params }, async (request: R, urls) => {
      const list = await lists.get(request.actor, request.params.slug);
      return {
        count: () => lists.membersCount(request.actor, list),
        page: (limit, offset) => lists.membersPage(request.actor, list, limit, offset),
        serialize: async (rows) => (await c.components.expand(rows)).map((r) => serializeComponent(urls, r)),
      };
    }),
    POST: {
      schema: { params: Params, body: ComponentListMemberBody, response: { 200: ComponentListSchema } },
      described: { body: ComponentListMemberWriteBody },
      handler: async (request: R) => serializeComponentList(urlsFor(c, request), await lists.addComponent(request.actor, request.params.slug, bodyOf<Record<string, unknown>>(request))),
    },
  });

  const removeMember = deleteEndpoint(MemberParams, (request: M) => lists.removeComponent(request.actor, request.params.slug, request.params.component_slug));
  // The spec writes the address without a trailing slash, the reference's router with one: both are served.
  resource(app, '/api/component-lists/:slug/components/:component_slug/', { name: 'Component List Component' }, { DELETE: removeMember });
  resource(app, '/api/component-lists/:slug/components/:component_slug', { name: 'Component List Component' }, { DELETE: removeMember });
}
