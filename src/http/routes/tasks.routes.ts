// /api/tasks/<uuid>/: progress and result of a background task the caller may see, and its cancellation.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import { deleteEndpoint } from '../endpoints.js';
import { resource } from '../resource.js';
import { NotAuthenticatedError } from '../../shared/errors.js';
import { TaskSchema } from '../schemas/task.js';

const Params = Type.Object({ id: Type.String({ description: 'The task id (a UUID).' }) });
type R = FastifyRequest<{ Params: { id: string } }>;

/** What these routes use of the container. */
export type TasksDeps = Pick<Container, 'taskControl'>;

export function tasksRoutes(app: FastifyInstance, c: TasksDeps): void {
  resource(app, '/api/tasks/:id/', { name: 'Task Instance' }, {
    GET: {
      schema: { params: Params, response: { 200: TaskSchema } },
      handler: async (request: R) => {
        // Signed-in callers only, as the reference: then visible to its starter, to superusers, and to whoever may see its project.
        if (!request.actor.authenticated) throw new NotAuthenticatedError();
        const task = await c.taskControl.getVisible(request.actor, request.params.id);
        const finished = task.status === 'done' || task.status === 'failed';
        return { completed: finished, progress: task.progress, result: task.result === null ? null : JSON.parse(task.result), log: task.log };
      },
    },
    // Cancels a task that has not ended (component.edit on its project): 204.
    DELETE: deleteEndpoint(Params, (request: R) => c.taskControl.cancel(request.actor, request.params.id)),
  });
}
