// Machine translation settings: the reference's /api/projects/<p>/machinery_settings/ (services by id), and Parla's own
// endpoints, one setting per address, per project (project.edit) and site-wide (machinery.edit).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import type { ProjectRow } from '../../db/schema.js';
import type { MachinerySettingInfo } from '../../services/memory/machinery.service.js';
import { bodyOf, urlsFor } from '../context.js';
import { resource } from '../resource.js';
import { NoContent } from '../schemas/common.js';
import {
  MachineryCreateBody,
  MachineryCreateWriteBody,
  MachinerySettingListSchema,
  MachinerySettingSchema,
  MachineryUpdateBody,
  MachineryUpdateWriteBody,
  ServiceConfigBody,
  ServiceConfigWriteBody,
  ServiceMapSchema,
  ServiceMapWriteBody,
  ServiceMessageSchema,
} from '../schemas/machinery.js';

const ProjectParams = Type.Object({ project: Type.String() });
const ProjectEngineParams = Type.Object({ project: Type.String(), engine: Type.String() });
const EngineParams = Type.Object({ engine: Type.String() });

type Params = { project?: string; engine?: string };
type Req = FastifyRequest<{ Params: Params }>;

/** What these routes use of the container. */
export type MachineryDeps = Pick<Container, 'config' | 'machinery' | 'projects'>;

export function machineryRoutes(app: FastifyInstance, c: MachineryDeps): void {
  /** The project of a project-level address (404 when invisible), null for site-wide addresses. */
  const scopeOf = async (request: Req): Promise<ProjectRow | null> =>
    request.params.project === undefined ? null : c.projects.getVisible(request.actor, request.params.project);

  const withUrl = (request: Req, project: ProjectRow | null, info: MachinerySettingInfo) => {
    const urls = urlsFor(c, request);
    const base = project ? `${urls.project(project.slug)}machinery/` : `${urls.root()}machinery/`;
    return { ...info, url: `${base}${encodeURIComponent(info.engine)}/` };
  };

  type P = FastifyRequest<{ Params: { project: string } }>;
  const project = (request: P) => c.projects.getVisible(request.actor, request.params.project);
  const ServiceBody = { body: ServiceConfigBody };
  resource(app, '/api/projects/:project/machinery_settings/', { name: 'Project Machinery Settings', description: 'The machine translation services of a project, as the reference names and shapes them.' }, {
    GET: {
      summary: 'List the machinery services of a project',
      schema: { params: ProjectParams, response: { 200: ServiceMapSchema } },
      handler: async (request: P) => c.machinery.serviceMap(request.actor, await project(request)),
    },
    POST: {
      summary: 'Install a machinery service',
      schema: { params: ProjectParams, ...ServiceBody, response: { 201: ServiceMessageSchema } },
      described: { body: ServiceConfigWriteBody },
      handler: async (request: P, reply) => reply.code(201).send({ message: await c.machinery.installService(request.actor, await project(request), bodyOf(request)) }),
    },
    PUT: {
      summary: 'Replace every machinery service',
      schema: { params: ProjectParams, body: Type.Unknown(), response: { 201: ServiceMessageSchema } },
      described: { body: ServiceMapWriteBody },
      handler: async (request: P, reply) => reply.code(201).send({ message: await c.machinery.replaceServices(request.actor, await project(request), request.body ?? {}) }),
    },
    PATCH: {
      summary: 'Change or remove one machinery service',
      schema: { params: ProjectParams, ...ServiceBody, response: { 200: ServiceMessageSchema } },
      described: { body: ServiceConfigWriteBody },
      handler: async (request: P) => ({ message: await c.machinery.changeService(request.actor, await project(request), bodyOf(request)) }),
    },
  });

  for (const prefix of ['/api/projects/:project/machinery/', '/api/machinery/']) {
    const site = prefix === '/api/machinery/';
    resource(app, prefix, { name: site ? 'Site-wide Machinery Settings' : 'Project Machinery Settings' }, {
      GET: {
        // Every setting of the scope on one page, and every engine Parla has (configured here or not).
        schema: { ...(site ? {} : { params: ProjectParams }), response: { 200: MachinerySettingListSchema } },
        handler: async (request: Req) => {
          const project = await scopeOf(request);
          const results = (await c.machinery.list(request.actor, project)).map((info) => withUrl(request, project, info));
          const configured = new Set(results.map((r) => r.engine));
          const engines = c.machinery.engines().map((e) => ({
            id: e.id,
            name: e.name,
            aliases: [...e.aliases],
            configured: configured.has(e.id),
            works_unconfigured: e.worksUnconfigured,
            fields: e.fields.map((f) => ({ name: f.name, type: f.type, label: f.label, required: Boolean(f.required), secret: Boolean(f.secret), default: f.default, min: f.min, max: f.max })),
          }));
          return { count: results.length, next: null, previous: null, results, engines };
        },
      },
      POST: {
        schema: { ...(site ? {} : { params: ProjectParams }), body: MachineryCreateBody, response: { 201: MachinerySettingSchema } },
        described: { body: MachineryCreateWriteBody },
        handler: async (request: Req, reply) => {
          const project = await scopeOf(request);
          const created = withUrl(request, project, await c.machinery.create(request.actor, project, bodyOf<{ engine?: unknown; configuration?: unknown }>(request)));
          return reply.code(201).header('Location', created.url).send(created);
        },
      },
    });
    resource(app, `${prefix}:engine/`, { name: site ? 'Site-wide Machinery Setting' : 'Project Machinery Setting' }, {
      GET: {
        schema: { params: site ? EngineParams : ProjectEngineParams, response: { 200: MachinerySettingSchema } },
        handler: async (request: Req) => {
          const project = await scopeOf(request);
          return withUrl(request, project, await c.machinery.get(request.actor, project, request.params.engine!));
        },
      },
      PATCH: {
        schema: { params: site ? EngineParams : ProjectEngineParams, body: MachineryUpdateBody, response: { 200: MachinerySettingSchema } },
        described: { body: MachineryUpdateWriteBody },
        handler: async (request: Req) => {
          const project = await scopeOf(request);
          return withUrl(request, project, await c.machinery.update(request.actor, project, request.params.engine!, bodyOf<{ engine?: unknown; configuration?: unknown }>(request)));
        },
      },
      DELETE: {
        schema: { params: site ? EngineParams : ProjectEngineParams, response: { 204: NoContent } },
        handler: async (request: Req, reply) => {
          const project = await scopeOf(request);
          await c.machinery.remove(request.actor, project, request.params.engine!);
          return reply.code(204).send();
        },
      },
    });
  }
}
