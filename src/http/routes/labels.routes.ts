// /api/projects/<project>/labels/: a project's labels, and one label by id.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import { labelRef, type LabelInput } from '../../services/units/labels.service.js';
import { bodyOf } from '../context.js';
import { deleteEndpoint, listEndpoint, updateEndpoints } from '../endpoints.js';
import { resource } from '../resource.js';
import { ProjectParams, documentedRequired } from '../schemas/common.js';
import { LabelBody, LabelSchema, LabelWriteBody } from '../schemas/label.js';

const Params = Type.Object({ project: Type.String(), label_id: Type.String() });
type L = FastifyRequest<{ Params: { project: string } }>;
type R = FastifyRequest<{ Params: { project: string; label_id: string } }>;

/** What these routes use of the container. */
export type LabelsDeps = Pick<Container, 'config' | 'labels' | 'projects'>;

export function labelsRoutes(app: FastifyInstance, c: LabelsDeps): void {
  resource(app, '/api/projects/:project/labels/', { name: 'Project Labels' }, {
    GET: listEndpoint(c, { item: LabelSchema, params: ProjectParams }, async (request: L) => {
      const project = await c.projects.getVisible(request.actor, request.params.project);
      return { count: () => c.labels.count(project), page: (limit, offset) => c.labels.page(project, limit, offset), serialize: (rows) => rows.map(labelRef) };
    }),
    POST: {
      schema: { params: ProjectParams, body: LabelBody, response: { 201: LabelSchema } },
      described: { body: documentedRequired(LabelWriteBody, ['name', 'color']) },
      handler: async (request: L, reply) => {
        const project = await c.projects.getVisible(request.actor, request.params.project);
        return reply.code(201).send(labelRef(await c.labels.create(request.actor, project, bodyOf<LabelInput>(request))));
      },
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
    ...updateEndpoints(
      { params: Params, body: LabelBody, response: { 200: LabelSchema } },
      async (request: R, partial) => {
        const project = await c.projects.getVisible(request.actor, request.params.project);
        return labelRef(await c.labels.update(request.actor, project, request.params.label_id, bodyOf<LabelInput>(request), partial));
      },
      { put: { body: documentedRequired(LabelWriteBody, ['name', 'color']) }, patch: { body: LabelWriteBody } },
    ),
    DELETE: deleteEndpoint(Params, async (request: R) => c.labels.remove(request.actor, await c.projects.getVisible(request.actor, request.params.project), request.params.label_id)),
  });
}
