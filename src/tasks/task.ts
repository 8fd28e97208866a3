// The task handler contract: a stable task name and the function that runs it with the use cases it needs.
import type { Db } from '../db/database.js';
import type { AddonServices } from '../addons/types.js';
import type { TaskContext } from './task-queue.js';

/**
 * What handlers may call, described by shape so that no handler imports a service: the container
 * passes the services themselves.
 */
export interface TaskServices {
  db: Db;
  stats: { recalculate(componentId?: number, onProgress?: (done: number, total: number) => Promise<void>): Promise<unknown> };
  repository: {
    refsById(componentId: number): Promise<unknown>;
    run(refs: unknown, op: 'pull', userId: null): Promise<unknown>;
    setup(componentId: number, progress: (percent: number, message: string) => Promise<void>): Promise<unknown>;
  };
  projectRepository: { runTask(payload: Record<string, unknown>, ctx: TaskContext): Promise<unknown> };
  autotranslate: { runTask(payload: Record<string, unknown>, ctx: TaskContext): Promise<unknown> };
  addons: { runTask(payload: Record<string, unknown>): Promise<unknown> };
  backups: { runTask(payload: Record<string, unknown>, progress: (percent: number, message?: string) => Promise<void>): Promise<unknown> };
  /** Clones a repository for the component creation form and proposes its file layouts. */
  discovery: { runTask(payload: Record<string, unknown>, ctx: TaskContext): Promise<unknown> };
  /** Imports an uploaded translation memory file. */
  memoryImport: { runTask(payload: Record<string, unknown>, ctx: TaskContext): Promise<unknown> };
  /** Imports a translation file the web UI stored. */
  backgroundWork: { runUploadTask(payload: Record<string, unknown>, ctx: TaskContext): Promise<unknown> };
  /** Bulk edits and search and replace over large sets of strings. */
  bulkEdit: { runTask(payload: Record<string, unknown>, ctx: TaskContext): Promise<unknown> };
  /** The daily source checks of one component. */
  sourceChecks: { runTask(payload: Record<string, unknown>): Promise<unknown> };
  /** Sends one stored e-mail message. */
  mail: { runTask(payload: Record<string, unknown>): Promise<unknown> };
  /** What the add-ons' own tasks receive. */
  addonServices: AddonServices;
}

export interface TaskDefinition {
  /** The name tasks are queued under, stored in the `tasks` table (`name`). */
  readonly name: string;
  run(services: TaskServices, payload: Record<string, unknown>, ctx: TaskContext): Promise<unknown>;
}
