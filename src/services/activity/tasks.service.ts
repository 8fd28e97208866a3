// Background tasks as the API shows them: who may see one, and cancelling one.
import type { Db } from '../../db/database.js';
import type { TaskRow } from '../../db/schema.js';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl, ComponentLike } from '../../auth/access.js';
import { projectAccessById } from '../../db/projects.repository.js';
import { componentAccessById } from '../../db/components.repository.js';
import { countTasks, failUnfinishedTask, recentTasks, taskById } from '../../db/tasks.repository.js';
import { unlinkTaskFromComponents } from '../../db/task-control.repository.js';
import { NotFoundError, PermissionDeniedError } from '../../shared/errors.js';

export const TASK_CANCELLED = 'The task was cancelled.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class TasksService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
  ) {}

  /** The project the task works on (through its component when it names one, then with that component). */
  private async projectOf(task: TaskRow): Promise<{ id: number; access_control: number; component?: ComponentLike } | undefined> {
    if (task.component_id !== null) {
      const c = await componentAccessById(this.db, task.component_id);
      if (c) return { id: c.project_id, access_control: c.access_control, component: { id: c.id, restricted: c.restricted } };
    }
    return task.project_id === null ? undefined : projectAccessById(this.db, task.project_id);
  }

  /**
   * The task `id` when the caller may see it: its starter, superusers, and whoever may see its project
   * (and its component, when that is restricted).
   * 404 otherwise, and for ids that are no UUID.
   */
  async getVisible(actor: Actor, id: string): Promise<TaskRow> {
    if (!UUID.test(id)) throw new NotFoundError();
    const task = await taskById(this.db, id);
    if (!task) throw new NotFoundError();
    if (actor.isSuperuser || (actor.user !== null && task.user_id === actor.user.id)) return task;
    const project = await this.projectOf(task);
    if (project && (project.component ? this.access.canViewComponent(actor, project, project.component) : this.access.canView(actor, project))) return task;
    throw new NotFoundError();
  }

  /**
   * Cancels a task that has not ended (it is reported failed with TASK_CANCELLED and a queued one never
   * runs) and unlinks it from the component it was setting up. Needs `component.edit` on the task's
   * project; a task of no project only its starter or a superuser. A task that already ended stays as it is.
   */
  async cancel(actor: Actor, id: string): Promise<void> {
    const task = await this.getVisible(actor, id);
    const project = await this.projectOf(task);
    if (project?.component) this.access.requireIn(actor, 'component.edit', project, project.component);
    else if (project) this.access.require(actor, 'component.edit', project);
    else if (!actor.isSuperuser && !(actor.user !== null && task.user_id === actor.user.id)) throw new PermissionDeniedError();
    await this.db.transaction().execute(async (tx) => {
      await failUnfinishedTask(tx, id, TASK_CANCELLED);
      await unlinkTaskFromComponents(tx, id);
    });
  }

  /** Every task, newest first, of one status when it is given: superusers only (tasks of every project show). */
  recent(actor: Actor, status: string | null): { count: () => Promise<number>; page: (limit: number, offset: number) => Promise<Omit<TaskRow, 'payload'>[]> } {
    if (!actor.isSuperuser) throw new PermissionDeniedError();
    return { count: () => countTasks(this.db, status), page: (limit, offset) => recentTasks(this.db, status, limit, offset) };
  }
}
