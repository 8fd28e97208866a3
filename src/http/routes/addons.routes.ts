// /api/addons/ and the component/project add-on lists.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import type { AddonView, AddonWrite } from '../../services/addons/addons.service.js';
import { bodyOf, urlsFor } from '../context.js';
import { deleteEndpoint, listEndpoint, loadedList, updateEndpoints } from '../endpoints.js';
import { resource } from '../resource.js';
import { AddonBody, AddonInstall, AddonPatch, AddonReplace, AddonSchema } from '../schemas/addon.js';
import { ComponentParams, ProjectParams } from '../schemas/common.js';
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

/** An already loaded list (add-ons are few per object), paged in memory. */
const addonList = (urls: Urls, rows: AddonView[]) => loadedList(rows, (page) => page.map((a) => serializeAddon(urls, a)));

/** What these routes use of the container. */
export type AddonsDeps = Pick<Container, 'addons' | 'components' | 'config' | 'projects'>;

export function addonsRoutes(app: FastifyInstance, c: AddonsDeps): void {
  resource(app, '/api/addons/', { name: 'Addon List' }, {
    GET: listEndpoint(c, { item: AddonSchema }, async (request, urls) => addonList(urls, await c.addons.listManageable(request.actor))),
  });

  resource(app, '/api/addons/:id/', { name: 'Addon Instance' }, {
    GET: {
      schema: { params: Params, response: { 200: AddonSchema } },
      handler: async (request: I) => serializeAddon(urlsFor(c, request), await c.addons.get(request.actor, request.params.id)),
    },
    ...updateEndpoints(
      { params: Params, body: AddonBody, response: { 200: AddonSchema } },
      async (request: I, partial) => serializeAddon(urlsFor(c, request), await c.addons.update(request.actor, request.params.id, bodyOf<AddonWrite>(request), partial)),
      { put: { body: AddonReplace }, patch: { body: AddonPatch } },
    ),
    DELETE: deleteEndpoint(Params, (request: I) => c.addons.remove(request.actor, request.params.id)),
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
    GET: listEndpoint(c, { item: AddonSchema, params: ComponentParams }, async (request: C, urls) => {
      const refs = await c.components.getVisible(request.actor, request.params.project, request.params.component);
      return addonList(urls, await c.addons.listForComponent(refs.component.id));
    }),
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
    GET: listEndpoint(c, { item: AddonSchema, params: ProjectParams }, async (request: P, urls) => {
      const project = await c.projects.getVisible(request.actor, request.params.project);
      return addonList(urls, await c.addons.listForProject(project.id));
    }),
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
