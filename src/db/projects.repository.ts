// Queries about projects and what they hold that more than one layer asks.
import type { Executor } from './database.js';
import type { ProjectRow } from './schema.js';

/** A project's id and access control (enough to decide who may see it), or undefined. */
export function projectAccessById(db: Executor, id: number): Promise<{ id: number; access_control: number } | undefined> {
  return db.selectFrom('projects').select(['id', 'access_control']).where('id', '=', id).executeTakeFirst();
}

/** The ids of a project's own components, in id order. */
export async function componentIdsOfProject(db: Executor, projectId: number): Promise<number[]> {
  const rows = await db.selectFrom('components').select('id').where('project_id', '=', projectId).orderBy('id').execute();
  return rows.map((r) => r.id);
}

export function projectById(db: Executor, id: number): Promise<ProjectRow | undefined> {
  return db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The project a stored row points at (Kysely's NoResultError if the row is dangling). */
export function projectOfRow(db: Executor, id: number): Promise<ProjectRow> {
  return db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
