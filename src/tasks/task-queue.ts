// The TaskQueue seam: background work (component creation from git, rescans, recalculations) by name.
import type { TaskRow } from '../db/schema.js';

export interface TaskContext {
  /** Reports progress (0–100) and appends an optional line to the task's log. */
  progress(percent: number, message?: string): Promise<void>;
  log(line: string): Promise<void>;
}

export type TaskHandler = (payload: Record<string, unknown>, ctx: TaskContext) => Promise<unknown>;

export interface TaskScope {
  projectId?: number | null;
  componentId?: number | null;
  userId?: number | null;
}

export interface TaskQueue {
  register(name: string, handler: TaskHandler): void;
  /** Persists the task and schedules it; returns its UUID (for /api/tasks/<uuid>/). */
  enqueue(name: string, payload: Record<string, unknown>, scope?: TaskScope): Promise<string>;
  get(id: string): Promise<TaskRow | undefined>;
  /** Tasks waiting to run, per queue name (server metrics' `celery_queues`). */
  lengths(): Promise<Record<string, number>>;
  /** Resolves when nothing is queued or running (tests, graceful shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
}
