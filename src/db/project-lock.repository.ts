// A project's lock: the lock state of its own components.
import type { Executor } from './database.js';

/** The project's own components with their lock state, in id order. */
export function componentLocksOfProject(db: Executor, projectId: number): Promise<{ id: number; locked: number }[]> {
  return db.selectFrom('components').select(['id', 'locked']).where('project_id', '=', projectId).orderBy('id').execute();
}
