// Runs one persisted task with its handler and records status, progress, log and result in the `tasks` table.
import crypto from 'node:crypto';
import type { Db } from '../db/database.js';
import type { TaskRow } from '../db/schema.js';
import { claimTask, failUnfinishedTask, insertTask as insertTaskRow, taskById, updateTask } from '../db/tasks.repository.js';
import { finishRunningTask } from '../db/task-control.repository.js';
import type { TaskContext, TaskHandler, TaskScope } from './task-queue.js';
import { recordTaskEnd, recordTaskStart } from '../shared/metrics.js';

/** Inserts a `queued` row; the row, not the queue, is what /api/tasks/<uuid>/ reports. */
export async function insertTask(db: Db, name: string, payload: Record<string, unknown>, scope: TaskScope): Promise<string> {
  const id = crypto.randomUUID();
  await insertTaskRow(db, { id, name, payload, projectId: scope.projectId ?? null, componentId: scope.componentId ?? null, userId: scope.userId ?? null });
  return id;
}

export function getTask(db: Db, id: string): Promise<TaskRow | undefined> {
  return taskById(db, id);
}

/** Marks a task that can no longer finish as failed, unless it already ended. */
export function failTask(db: Db, id: string, error: string): Promise<boolean> {
  return failUnfinishedTask(db, id, error);
}

/**
 * Runs the task `id` unless it is no longer queued (another process took it, or it was declared
 * failed meanwhile). Handler errors end the task as failed; they are not rethrown.
 */
export async function runTask(db: Db, handlers: ReadonlyMap<string, TaskHandler>, id: string): Promise<void> {
  const task = await getTask(db, id);
  if (!task || task.status !== 'queued') return;
  const update = (fields: Partial<TaskRow>) => updateTask(db, id, fields);
  const handler = handlers.get(task.name);
  if (!handler) {
    await update({ status: 'failed', result: JSON.stringify({ error: `No handler for task "${task.name}"` }) });
    return;
  }
  // Claim the row: only one process moves it from queued to running.
  if (!(await claimTask(db, id))) return;
  const started = process.hrtime.bigint();
  recordTaskStart(task.name, (Date.now() - new Date(task.created as string | Date).getTime()) / 1000);
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
    recordTaskEnd(task.name, true, Number(process.hrtime.bigint() - started) / 1e9);
    // A task cancelled while it ran (DELETE /api/tasks/<id>/) stays cancelled.
    await finishRunningTask(db, id, { status: 'done', progress: 100, result: JSON.stringify(result ?? null), log });
  } catch (e) {
    recordTaskEnd(task.name, false, Number(process.hrtime.bigint() - started) / 1e9);
    await finishRunningTask(db, id, { status: 'failed', result: JSON.stringify({ error: (e as Error).message }), log });
  }
}
