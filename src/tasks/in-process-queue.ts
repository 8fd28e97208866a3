// Default TaskQueue: tasks persisted in the `tasks` table and run one at a time inside this process.
import type { Db } from '../db/database.js';
import type { TaskRow } from '../db/schema.js';
import { failAllUnfinishedTasks, queuedTaskCount } from '../db/tasks.repository.js';
import type { TaskHandler, TaskQueue, TaskScope } from './task-queue.js';
import { getTask, insertTask, runTask } from './task-runner.js';

export const DEFAULT_QUEUE = 'default';

export class InProcessTaskQueue implements TaskQueue {
  private readonly handlers = new Map<string, TaskHandler>();
  private readonly pending: string[] = [];
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly db: Db) {}

  /**
   * Tasks left queued or running by a previous process can never finish: report them as failed.
   * Only valid when this process is the only one using the database (no Redis): with BullMQ the
   * other processes' tasks are alive, and BullMqTaskQueue.recoverInterrupted asks Redis instead.
   */
  async recoverInterrupted(): Promise<number> {
    return failAllUnfinishedTasks(this.db, 'The task was interrupted by a server restart.');
  }

  register(name: string, handler: TaskHandler): void {
    this.handlers.set(name, handler);
  }

  async enqueue(name: string, payload: Record<string, unknown>, scope: TaskScope = {}): Promise<string> {
    if (!this.handlers.has(name)) throw new Error(`No handler for task "${name}"`);
    const id = await insertTask(this.db, name, payload, scope);
    this.pending.push(id);
    this.kick();
    return id;
  }

  get(id: string): Promise<TaskRow | undefined> {
    return getTask(this.db, id);
  }

  /**
   * One queue, "default". Counted in the `tasks` table rather than in this process's memory, so
   * that every process sharing the database reports the same backlog.
   */
  async lengths(): Promise<Record<string, number>> {
    return { [DEFAULT_QUEUE]: await queuedTaskCount(this.db) };
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

  private runOne(id: string): Promise<void> {
    return runTask(this.db, this.handlers, id);
  }
}
