// /api/addons/ and the component/project add-on lists.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import type { AddonView, AddonWrite } from '../../services/addons/addons.service.js';
import { bodyOf, urlsFor } from '../context.js';
import { listLimits, paginate } from '../pagination.js';
import { resource } from '../resource.js';
import { AddonBody, AddonInstall, AddonPatch, AddonReplace, AddonSchema } from '../schemas/addon.js';
import { ComponentParams, NoContent, PageQuery, Paginated, ProjectParams } from '../schemas/common.js';
import { TaskStartedSchema } from '../schemas/task.js';
import type { Urls } from '../urls.js';

const Params = Type.Object({ id: Type.String() });
type I = FastifyRequest<{ Params: { id: string } }>;
type C = FastifyRequest<{ Params: { project: string; component: string } }>;
type P = FastifyRequest<{ Params: { project: string } }>;

export function addonUrl(urls: Urls, id: number): string {
  return `${urls.root()}addons/${id}/`;
}

/** The reference's field order: component, project, name, id, configuration, url. */
export function serializeAddon(urls: Urls, a: AddonView) {
  return {
    component: a.componentSlug && a.componentProjectSlug ? urls.component(a.componentProjectSlug, a.componentSlug) : null,
    project: a.projectSlug ? urls.project(a.projectSlug) : null,
    name: a.row.name,
    id: a.row.id,
    configuration: a.configuration,
    url: addonUrl(urls, a.row.id),
  };
}

/** Paginates an already loaded list (add-ons are few per object). */
function pageOf(request: FastifyRequest, c: Pick<Container, 'config'>, rows: AddonView[]) {
  const urls = urlsFor(c, request);
  return paginate(
    request,
    listLimits(c.config.pageSize),
    async () => rows.length,
    async (limit, offset) => rows.slice(offset, offset + limit),
    (page) => page.map((a) => serializeAddon(urls, a)),
  );
}

/** What these routes use of the container. */
export type AddonsDeps = Pick<Container, 'addons' | 'components' | 'config' | 'projects'>;

export function addonsRoutes(app: FastifyInstance, c: AddonsDeps): void {
  resource(app, '/api/addons/', { name: 'Addon List' }, {
    GET: {
      schema: { response: { 200: Paginated(AddonSchema) } },
      described: { querystring: PageQuery },
      handler: async (request) => pageOf(request, c, await c.addons.listManageable(request.actor)),
    },
  });

  const update = (partial: boolean) => ({
    schema: { params: Params, body: AddonBody, response: { 200: AddonSchema } },
    described: { body: partial ? AddonPatch : AddonReplace },
    handler: async (request: I) => serializeAddon(urlsFor(c, request), await c.addons.update(request.actor, request.params.id, bodyOf<AddonWrite>(request), partial)),
  });
  resource(app, '/api/addons/:id/', { name: 'Addon Instance' }, {
    GET: {
      schema: { params: Params, response: { 200: AddonSchema } },
      handler: async (request: I) => serializeAddon(urlsFor(c, request), await c.addons.get(request.actor, request.params.id)),
    },
    PUT: update(false),
    PATCH: update(true),
    DELETE: {
      schema: { params: Params, response: { 204: NoContent } },
      handler: async (request: I, reply) => {
        await c.addons.remove(request.actor, request.params.id);
        return reply.code(204).send();
      },
    },
  });

  resource(app, '/api/addons/:id/trigger/', { name: 'Addon Trigger' }, {
    POST: {
      schema: { params: Params, response: { 202: TaskStartedSchema } },
      handler: async (request: I, reply) => {
        const task = await c.addons.trigger(request.actor, request.params.id);
        return reply.code(202).send({ task_url: urlsFor(c, request).task(task) });
      },
    },
  });

  resource(app, '/api/components/:project/:component/addons/', { name: 'Component Addons' }, {
    GET: {
      schema: { params: ComponentParams, response: { 200: Paginated(AddonSchema) } },
      described: { querystring: PageQuery },
      handler: async (request: C) => {
        const refs = await c.components.getVisible(request.actor, request.params.project, request.params.component);
        return pageOf(request, c, await c.addons.listForComponent(refs.component.id));
      },
    },
    POST: {
      schema: { params: ComponentParams, body: AddonBody, response: { 201: AddonSchema } },
      described: { body: AddonInstall },
      handler: async (request: C, reply) => {
        const refs = await c.components.getVisible(request.actor, request.params.project, request.params.component);
        const created = await c.addons.installOnComponent(request.actor, refs, bodyOf<AddonWrite>(request));
        return reply.code(201).send(serializeAddon(urlsFor(c, request), created));
      },
    },
  });

  resource(app, '/api/projects/:project/addons/', { name: 'Project Addons' }, {
    GET: {
      schema: { params: ProjectParams, response: { 200: Paginated(AddonSchema) } },
      described: { querystring: PageQuery },
      handler: async (request: P) => {
        const project = await c.projects.getVisible(request.actor, request.params.project);
        return pageOf(request, c, await c.addons.listForProject(project.id));
      },
    },
    POST: {
      schema: { params: ProjectParams, body: AddonBody, response: { 201: AddonSchema } },
      described: { body: AddonInstall },
      handler: async (request: P, reply) => {
        const project = await c.projects.getVisible(request.actor, request.params.project);
        const created = await c.addons.installOnProject(request.actor, project, bodyOf<AddonWrite>(request));
        return reply.code(201).send(serializeAddon(urlsFor(c, request), created));
      },
    },
  });
}
