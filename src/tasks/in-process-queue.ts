// Default TaskQueue: tasks persisted in the `tasks` table and run one at a time inside this process.
import crypto from 'node:crypto';
import type { Db } from '../db/database.js';
import type { TaskRow } from '../db/schema.js';
import { nowIso } from '../shared/clock.js';
import type { TaskContext, TaskHandler, TaskQueue, TaskScope } from './task-queue.js';

export const DEFAULT_QUEUE = 'default';

export class InProcessTaskQueue implements TaskQueue {
  private readonly handlers = new Map<string, TaskHandler>();
  private readonly pending: string[] = [];
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly db: Db) {}

  /** Tasks left queued or running by a previous process can never finish: report them as failed. */
  async recoverInterrupted(): Promise<number> {
    const res = await this.db
      .updateTable('tasks')
      .set({ status: 'failed', result: JSON.stringify({ error: 'The task was interrupted by a server restart.' }), updated: nowIso() })
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    return Number(res.numUpdatedRows ?? 0);
  }

  register(name: string, handler: TaskHandler): void {
    this.handlers.set(name, handler);
  }

  async enqueue(name: string, payload: Record<string, unknown>, scope: TaskScope = {}): Promise<string> {
    if (!this.handlers.has(name)) throw new Error(`No handler for task "${name}"`);
    const id = crypto.randomUUID();
    const now = nowIso();
    await this.db
      .insertInto('tasks')
      .values({ id, name, status: 'queued', progress: 0, result: null, log: '', payload: JSON.stringify(payload), project_id: scope.projectId ?? null, component_id: scope.componentId ?? null, user_id: scope.userId ?? null, created: now, updated: now })
      .execute();
    this.pending.push(id);
    this.kick();
    return id;
  }

  get(id: string): Promise<TaskRow | undefined> {
    return this.db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * One queue, "default". Counted in the `tasks` table rather than in this process's memory, so
   * that every process sharing the database reports the same backlog.
   */
  async lengths(): Promise<Record<string, number>> {
    const row = await this.db.selectFrom('tasks').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'queued').executeTakeFirst();
    return { [DEFAULT_QUEUE]: Number(row?.n ?? 0) };
  }

  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.idle();
  }

  private kick(): void {
    if (this.running || this.closed) return;
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.pending.length && !this.closed) this.kick();
    });
  }

  private async drain(): Promise<void> {
    let id: string | undefined;
    while ((id = this.pending.shift()) !== undefined) await this.runOne(id);
  }

  private async runOne(id: string): Promise<void> {
    const task = await this.get(id);
    if (!task) return;
    const handler = this.handlers.get(task.name)!;
    let log = '';
    const update = (fields: Partial<TaskRow>) => this.db.updateTable('tasks').set({ ...fields, updated: nowIso() }).where('id', '=', id).execute();
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
    await update({ status: 'running' });
    try {
      const result = await handler(JSON.parse(task.payload) as Record<string, unknown>, ctx);
      await update({ status: 'done', progress: 100, result: JSON.stringify(result ?? null), log });
    } catch (e) {
      await update({ status: 'failed', result: JSON.stringify({ error: (e as Error).message }), log });
    }
  }
}
