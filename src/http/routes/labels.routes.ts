// /api/projects/<project>/labels/: a project's labels, and one label by id.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import { labelRef, type LabelInput } from '../../services/units/labels.service.js';
import { bodyOf } from '../context.js';
import { listLimits, paginate } from '../pagination.js';
import { resource } from '../resource.js';
import { NoContent, PageQuery, Paginated, ProjectParams, documentedRequired } from '../schemas/common.js';
import { LabelBody, LabelSchema, LabelWriteBody } from '../schemas/label.js';

const Params = Type.Object({ project: Type.String(), label_id: Type.String() });
type L = FastifyRequest<{ Params: { project: string } }>;
type R = FastifyRequest<{ Params: { project: string; label_id: string } }>;

/** What these routes use of the container. */
export type LabelsDeps = Pick<Container, 'config' | 'labels' | 'projects'>;

export function labelsRoutes(app: FastifyInstance, c: LabelsDeps): void {
  resource(app, '/api/projects/:project/labels/', { name: 'Project Labels' }, {
    GET: {
      schema: { params: ProjectParams, response: { 200: Paginated(LabelSchema) } },
      described: { querystring: PageQuery },
      handler: async (request: L) => {
        const project = await c.projects.getVisible(request.actor, request.params.project);
        return paginate(
          request,
          listLimits(c.config.pageSize),
          () => c.labels.count(project),
          (limit, offset) => c.labels.page(project, limit, offset),
          (rows) => rows.map(labelRef),
        );
      },
    },
    POST: {
      schema: { params: ProjectParams, body: LabelBody, response: { 201: LabelSchema } },
      described: { body: documentedRequired(LabelWriteBody, ['name', 'color']) },
      handler: async (request: L, reply) => {
        const project = await c.projects.getVisible(request.actor, request.params.project);
        return reply.code(201).send(labelRef(await c.labels.create(request.actor, project, bodyOf<LabelInput>(request))));
      },
    },
  });

  const update = (partial: boolean) => ({
    schema: { params: Params, body: LabelBody, response: { 200: LabelSchema } },
    described: { body: partial ? LabelWriteBody : documentedRequired(LabelWriteBody, ['name', 'color']) },
    handler: async (request: R) => {
      const project = await c.projects.getVisible(request.actor, request.params.project);
      return labelRef(await c.labels.update(request.actor, project, request.params.label_id, bodyOf<LabelInput>(request), partial));
    },
  });
  resource(app, '/api/projects/:project/labels/:label_id/', { name: 'Project Label' }, {
    GET: {
      schema: { params: Params, response: { 200: LabelSchema } },
      handler: async (request: R) => {
        const project = await c.projects.getVisible(request.actor, request.params.project);
        return labelRef(await c.labels.get(project, request.params.label_id));
      },
    },
    PUT: update(false),
    PATCH: update(true),
    DELETE: {
      schema: { params: Params, response: { 204: NoContent } },
      handler: async (request: R, reply) => {
        const project = await c.projects.getVisible(request.actor, request.params.project);
        await c.labels.remove(request.actor, project, request.params.label_id);
        return reply.code(204).send();
      },
    },
  });
}
