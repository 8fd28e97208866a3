// /api/tasks/<uuid>/: progress and result of a background task the caller may see.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import { NotFoundError } from '../../shared/errors.js';
import { resource } from '../resource.js';
import { TaskSchema } from '../schemas/task.js';

const Params = Type.Object({ id: Type.String({ description: 'The task id (a UUID).' }) });

/** What these routes use of the container. */
export type TasksDeps = Pick<Container, 'projects' | 'tasks'>;

export function tasksRoutes(app: FastifyInstance, c: TasksDeps): void {
  resource(app, '/api/tasks/:id/', { name: 'Task Instance' }, {
    GET: {
      schema: { params: Params, response: { 200: TaskSchema } },
      handler: async (request: FastifyRequest<{ Params: { id: string } }>) => {
        if (!/^[0-9a-f-]{36}$/i.test(request.params.id)) throw new NotFoundError();
        const task = await c.tasks.get(request.params.id);
        if (!task) throw new NotFoundError();
        const actor = request.actor;
        // A task is visible to its starter, to superusers, and to whoever may see its project.
        let visible = actor.isSuperuser || (actor.user !== null && task.user_id === actor.user.id);
        if (!visible && task.project_id !== null) visible = await c.projects.canViewById(actor, task.project_id);
        if (!visible) throw new NotFoundError();
        const finished = task.status === 'done' || task.status === 'failed';
        return { completed: finished, progress: task.progress, result: task.result === null ? null : JSON.parse(task.result), log: task.log };
      },
    },
  });
}
