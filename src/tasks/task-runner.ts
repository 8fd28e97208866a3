// Runs one persisted task with its handler and records status, progress, log and result in the `tasks` table.
import crypto from 'node:crypto';
import type { Db } from '../db/database.js';
import type { TaskRow } from '../db/schema.js';
import { nowIso } from '../shared/clock.js';
import type { TaskContext, TaskHandler, TaskScope } from './task-queue.js';

/** Inserts a `queued` row; the row, not the queue, is what /api/tasks/<uuid>/ reports. */
export async function insertTask(db: Db, name: string, payload: Record<string, unknown>, scope: TaskScope): Promise<string> {
  const id = crypto.randomUUID();
  const now = nowIso();
  await db
    .insertInto('tasks')
    .values({ id, name, status: 'queued', progress: 0, result: null, log: '', payload: JSON.stringify(payload), project_id: scope.projectId ?? null, component_id: scope.componentId ?? null, user_id: scope.userId ?? null, created: now, updated: now })
    .execute();
  return id;
}

export function getTask(db: Db, id: string): Promise<TaskRow | undefined> {
  return db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks a task that can no longer finish as failed, unless it already ended. */
export async function failTask(db: Db, id: string, error: string): Promise<boolean> {
  const res = await db
    .updateTable('tasks')
    .set({ status: 'failed', result: JSON.stringify({ error }), updated: nowIso() })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return Number(res.numUpdatedRows ?? 0) > 0;
}

/**
 * Runs the task `id` unless it is no longer queued (another process took it, or it was declared
 * failed meanwhile). Handler errors end the task as failed; they are not rethrown.
 */
export async function runTask(db: Db, handlers: ReadonlyMap<string, TaskHandler>, id: string): Promise<void> {
  const task = await getTask(db, id);
  if (!task || task.status !== 'queued') return;
  const update = (fields: Partial<TaskRow>) => db.updateTable('tasks').set({ ...fields, updated: nowIso() }).where('id', '=', id).execute();
  const handler = handlers.get(task.name);
  if (!handler) {
    await update({ status: 'failed', result: JSON.stringify({ error: `No handler for task "${task.name}"` }) });
    return;
  }
  // Claim the row: only one process moves it from queued to running.
  const claimed = await db.updateTable('tasks').set({ status: 'running', updated: nowIso() }).where('id', '=', id).where('status', '=', 'queued').executeTakeFirst();
  if (Number(claimed.numUpdatedRows ?? 0) === 0) return;
  let log = '';
  const ctx: TaskContext = {
    log: async (line) => {
      log += `${line}\n`;
      await update({ log });
    },
    progress: async (percent, message) => {
      if (message) log += `${message}\n`;
      await update({ progress: Math.max(0, Math.min(100, Math.round(percent))), log });
    },
  };
  try {
    const result = await handler(JSON.parse(task.payload) as Record<string, unknown>, ctx);
    await update({ status: 'done', progress: 100, result: JSON.stringify(result ?? null), log });
  } catch (e) {
    await update({ status: 'failed', result: JSON.stringify({ error: (e as Error).message }), log });
  }
}
