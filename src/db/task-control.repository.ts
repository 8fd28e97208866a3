// Cancelling background tasks: the rows a cancelled task leaves pointing at it.
import type { Executor } from './database.js';
import { nowIso } from '../shared/clock.js';

/** Components whose set-up task is `taskId` forget it (their task_url goes back to null). */
export async function unlinkTaskFromComponents(db: Executor, taskId: string): Promise<void> {
  await db.updateTable('components').set({ task_id: null }).where('task_id', '=', taskId).execute();
}

/** The project a component belongs to (with its access settings), or undefined when the component is gone. */
export function projectAccessOfComponent(db: Executor, componentId: number): Promise<{ id: number; access_control: number } | undefined> {
  return db
    .selectFrom('components')
    .innerJoin('projects', 'projects.id', 'components.project_id')
    .select(['projects.id as id', 'projects.access_control as access_control'])
    .where('components.id', '=', componentId)
    .executeTakeFirst();
}

/** Records how a running task ended, unless it was cancelled meanwhile (then it stays failed); whether it was recorded. */
export async function finishRunningTask(db: Executor, id: string, fields: { status: string; progress?: number; result: string; log: string }): Promise<boolean> {
  const res = await db
    .updateTable('tasks')
    .set({ ...fields, updated: nowIso() })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(res.numUpdatedRows ?? 0) > 0;
}
