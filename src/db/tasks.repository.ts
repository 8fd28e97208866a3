// Background task rows: what /api/tasks/<uuid>/ reports, whichever queue runs them.
import type { Executor } from './database.js';
import type { TaskRow } from './schema.js';
import { nowIso } from '../shared/clock.js';

export interface NewTask {
  id: string;
  name: string;
  payload: Record<string, unknown>;
  projectId: number | null;
  componentId: number | null;
  userId: number | null;
}

/** Inserts a `queued` row. */
export async function insertTask(db: Executor, task: NewTask): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('tasks')
    .values({ id: task.id, name: task.name, status: 'queued', progress: 0, result: null, log: '', payload: JSON.stringify(task.payload), project_id: task.projectId, component_id: task.componentId, user_id: task.userId, created: now, updated: now })
    .execute();
}

export function taskById(db: Executor, id: string): Promise<TaskRow | undefined> {
  return db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks a task that can no longer finish as failed, unless it already ended; whether it did. */
export async function failUnfinishedTask(db: Executor, id: string, error: string): Promise<boolean> {
  const res = await db
    .updateTable('tasks')
    .set({ status: 'failed', result: JSON.stringify({ error }), updated: nowIso() })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return Number(res.numUpdatedRows ?? 0) > 0;
}

/** Fails every queued or running task (what a previous process left behind); how many. */
export async function failAllUnfinishedTasks(db: Executor, error: string): Promise<number> {
  const res = await db
    .updateTable('tasks')
    .set({ status: 'failed', result: JSON.stringify({ error }), updated: nowIso() })
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return Number(res.numUpdatedRows ?? 0);
}

/** Sets fields of a task (status, progress, log, result) and its `updated` time. */
export async function updateTask(db: Executor, id: string, fields: Partial<TaskRow>): Promise<void> {
  await db.updateTable('tasks').set({ ...fields, updated: nowIso() }).where('id', '=', id).execute();
}

/** Moves a task from queued to running; false when another process claimed it first. */
export async function claimTask(db: Executor, id: string): Promise<boolean> {
  const claimed = await db.updateTable('tasks').set({ status: 'running', updated: nowIso() }).where('id', '=', id).where('status', '=', 'queued').executeTakeFirst();
  return Number(claimed.numUpdatedRows ?? 0) > 0;
}

/** How many tasks wait to run. */
export async function queuedTaskCount(db: Executor): Promise<number> {
  const row = await db.selectFrom('tasks').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'queued').executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Queued or running tasks created before `cutoff` (an ISO time). */
export function unfinishedTasksBefore(db: Executor, cutoff: string): Promise<Pick<TaskRow, 'id' | 'status'>[]> {
  return db.selectFrom('tasks').select(['id', 'status']).where('status', 'in', ['queued', 'running']).where('created', '<', cutoff).execute();
}

/** The oldest queued or running task of this name on a project, if any. */
export function unfinishedProjectTask(db: Executor, name: string, projectId: number): Promise<Pick<TaskRow, 'id'> | undefined> {
  return db.selectFrom('tasks').select('id').where('name', '=', name).where('project_id', '=', projectId).where('status', 'in', ['queued', 'running']).orderBy('created').executeTakeFirst();
}

/** Tasks newest first, of one status when it is given: the administrators' task list. */
function taskList(db: Executor, status: string | null) {
  const q = db.selectFrom('tasks');
  return status ? q.where('status', '=', status) : q;
}

export async function countTasks(db: Executor, status: string | null): Promise<number> {
  const row = await taskList(db, status).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A page of the tasks, newest first (the payload is left out: it may be large). */
export function recentTasks(db: Executor, status: string | null, limit: number, offset: number): Promise<Omit<TaskRow, 'payload'>[]> {
  return taskList(db, status)
    .select(['id', 'name', 'status', 'progress', 'result', 'log', 'project_id', 'component_id', 'user_id', 'created', 'updated'])
    .orderBy('created', 'desc')
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
}
