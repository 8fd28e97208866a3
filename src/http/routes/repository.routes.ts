// Repository status and operations at project, component and translation level.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Container } from '../../container.js';
import { urlsFor } from '../context.js';
import { resource } from '../resource.js';
import { ComponentParams, ProjectParams, TranslationParams } from '../schemas/common.js';
import {
  ProjectOperationBody,
  ProjectOperationQueuedSchema,
  ProjectOperationResultSchema,
  ProjectOperationWriteBody,
  ProjectRepositoryStatusSchema,
  RepositoryOperationBody,
  RepositoryOperationResultSchema,
  RepositoryOperationWriteBody,
  RepositoryStatusSchema,
} from '../schemas/repository.js';
import { componentPathSegment } from '../../domain/component-paths.js';

type Op = { operation?: string };

/** What these routes use of the container. */
export type RepositoryDeps = Pick<Container, 'components' | 'config' | 'projects' | 'projectRepository' | 'repository' | 'translations'>;

export function repositoryRoutes(app: FastifyInstance, c: RepositoryDeps): void {
  const component = async (request: FastifyRequest<{ Params: { project: string; component: string; language?: string } }>) => {
    const refs = await c.components.getVisible(request.actor, request.params.project, request.params.component);
    // The translation level acts on the component's repository, but only for a translation that exists (404 otherwise).
    const translationId = request.params.language === undefined ? undefined : (await c.translations.getVisible(request.actor, refs, request.params.language)).translation.id;
    return { ...refs, translationId };
  };

  const componentStatus = async (request: FastifyRequest<{ Params: { project: string; component: string } }>) => {
    const refs = await component(request);
    c.repository.requireStatusAccess(request.actor, refs.project);
    // At translation level the pending edits are those of the translation.
    const status = await c.repository.status(refs, refs.translationId);
    const urls = urlsFor(c, request);
    return { ...status, url: `${urls.component(refs.project.slug, componentPathSegment(refs.component))}repository/` };
  };

  for (const [url, name, params] of [
    ['/api/components/:project/:component/repository/', 'Component Repository', ComponentParams],
    ['/api/translations/:project/:component/:language/repository/', 'Translation Repository', TranslationParams],
  ] as const) {
    resource(app, url, { name }, {
      GET: { schema: { params, response: { 200: RepositoryStatusSchema } }, handler: componentStatus },
      POST: {
        schema: { params, body: RepositoryOperationBody, response: { 200: RepositoryOperationResultSchema } },
        described: { body: RepositoryOperationWriteBody },
        handler: async (request: FastifyRequest<{ Params: { project: string; component: string }; Body: Op }>) => {
          const refs = await component(request);
          return c.repository.operation(request.actor, refs, request.body?.operation);
        },
      },
    });
  }

  resource(app, '/api/projects/:project/repository/', { name: 'Project Repository' }, {
    GET: {
      schema: { params: ProjectParams, response: { 200: ProjectRepositoryStatusSchema } },
      handler: async (request: FastifyRequest<{ Params: { project: string } }>) => {
        const project = await c.projects.getVisible(request.actor, request.params.project);
        return { ...(await c.projectRepository.status(request.actor, project)), url: `${urlsFor(c, request).project(project.slug)}repository/` };
      },
    },
    POST: {
      schema: { params: ProjectParams, body: ProjectOperationBody, response: { 200: ProjectOperationResultSchema, 202: ProjectOperationQueuedSchema, 423: ProjectOperationQueuedSchema } },
      described: { body: ProjectOperationWriteBody },
      handler: async (request: FastifyRequest<{ Params: { project: string }; Body: Op & { background?: boolean } }>, reply: FastifyReply) => {
        const project = await c.projects.getVisible(request.actor, request.params.project);
        const outcome = await c.projectRepository.operate(request.actor, project, request.body?.operation, request.body?.background === true);
        const { included_components, skipped_components, permission_blockers } = outcome;
        const scope = { included_components, skipped_components, permission_blockers };
        if (outcome.kind === 'done') return { result: outcome.result, ...(outcome.detail === undefined ? {} : { detail: outcome.detail }), ...scope };
        const task_url = urlsFor(c, request).task(outcome.taskId);
        if (outcome.kind === 'queued') return reply.code(202).send({ detail: 'Repository operation has been queued.', task_url, ...scope });
        return reply.code(423).send({ detail: 'Another repository operation is already in progress.', task_url, ...scope });
      },
    },
  });
}
