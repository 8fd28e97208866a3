// Components as the repository layer sees them: their rows, the revision of the checkout the database reflects, merge failures, clones shared by link.
import type { Executor } from './database.js';
import type { ComponentRow } from './schema.js';

/** A project's components, in id order. */
export function componentsOfProject(db: Executor, projectId: number): Promise<ComponentRow[]> {
  return db.selectFrom('components').selectAll().where('project_id', '=', projectId).orderBy('id').execute();
}

/** Every component with the revision its database rows reflect, in id order. */
export function componentRevisions(db: Executor): Promise<{ id: number; db_revision: string }[]> {
  return db.selectFrom('components').select(['id', 'db_revision']).orderBy('id').execute();
}

/** The checkout revision the component's rows reflect ('' when none was recorded). */
export async function dbRevisionOf(db: Executor, componentId: number): Promise<string> {
  const row = await db.selectFrom('components').select('db_revision').where('id', '=', componentId).executeTakeFirst();
  return row?.db_revision ?? '';
}

/** Records `head` as reflected only where no revision was recorded yet. */
export async function adoptDbRevision(db: Executor, componentId: number, head: string): Promise<void> {
  await db.updateTable('components').set({ db_revision: head }).where('id', '=', componentId).where('db_revision', '=', '').execute();
}

/** Moves the recorded revision from `before` to `after`, only if `before` is still the recorded one. */
export async function advanceDbRevision(db: Executor, componentId: number, before: string, after: string): Promise<void> {
  await db
    .updateTable('components')
    .set({ db_revision: after })
    .where('id', '=', componentId)
    .where('db_revision', '=', before)
    .execute();
}

export async function setDbRevision(db: Executor, componentId: number, head: string): Promise<void> {
  await db.updateTable('components').set({ db_revision: head }).where('id', '=', componentId).execute();
}

export async function setMergeFailure(db: Executor, componentId: number, message: string): Promise<void> {
  await db.updateTable('components').set({ merge_failure: message }).where('id', '=', componentId).execute();
}

/** The id of the component with these slugs (in any category), or undefined. */
export function componentIdBySlugs(db: Executor, projectSlug: string, componentSlug: string): Promise<{ id: number } | undefined> {
  return db
    .selectFrom('components')
    .innerJoin('projects', 'projects.id', 'components.project_id')
    .select('components.id')
    .where('projects.slug', '=', projectSlug)
    .where('components.slug', '=', componentSlug)
    .executeTakeFirst();
}

/** The ids of the components whose repository is `repo` (an internal link), in id order. */
export function componentIdsWithRepo(db: Executor, repo: string): Promise<{ id: number }[]> {
  return db.selectFrom('components').select('id').where('repo', '=', repo).orderBy('id').execute();
}
