// Queries about projects and what they hold that more than one layer asks.
import type { ExpressionBuilder, ExpressionWrapper, Insertable, SqlBool } from 'kysely';
import type { Executor } from './database.js';
import type { Database, ProjectRow, ProjectsTable, ProjectUpdate } from './schema.js';

/**
 * A condition on `projects` for any query that joins it (AccessControl.visibleProjects, projectsWith), so that
 * lists are filtered in the database, not after loading; null filters nothing.
 */
export type ProjectsFilter = ((eb: ExpressionBuilder<Database, 'projects'>) => ExpressionWrapper<Database, 'projects', SqlBool>) | null;

/** A project's id and access control (enough to decide who may see it), or undefined. */
export function projectAccessById(db: Executor, id: number): Promise<{ id: number; access_control: number } | undefined> {
  return db.selectFrom('projects').select(['id', 'access_control']).where('id', '=', id).executeTakeFirst();
}

/** The ids of a project's own components, in id order. */
export async function componentIdsOfProject(db: Executor, projectId: number): Promise<number[]> {
  const rows = await db.selectFrom('components').select('id').where('project_id', '=', projectId).orderBy('id').execute();
  return rows.map((r) => r.id);
}

export async function projectExists(db: Executor, id: number): Promise<boolean> {
  return (await db.selectFrom('projects').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Every project (the first seeding gives each its teams). */
export function allProjects(db: Executor): Promise<ProjectRow[]> {
  return db.selectFrom('projects').selectAll().execute();
}

export function projectById(db: Executor, id: number): Promise<ProjectRow | undefined> {
  return db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The project a stored row points at (Kysely's NoResultError if the row is dangling). */
export function projectOfRow(db: Executor, id: number): Promise<ProjectRow> {
  return db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The slug of the project a stored row points at (NoResultError if the row is dangling). */
export function projectSlugOfRow(db: Executor, id: number): Promise<{ slug: string }> {
  return db.selectFrom('projects').select('slug').where('id', '=', id).executeTakeFirstOrThrow();
}

/** The projects with these ids, in no particular order (none for no ids). */
export async function projectsByIds(db: Executor, ids: readonly number[]): Promise<ProjectRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('projects').selectAll().where('id', 'in', ids).execute();
}

export function projectBySlug(db: Executor, slug: string): Promise<ProjectRow | undefined> {
  return db.selectFrom('projects').selectAll().where('slug', '=', slug).executeTakeFirst();
}

export function projectIdBySlug(db: Executor, slug: string): Promise<{ id: number } | undefined> {
  return db.selectFrom('projects').select('id').where('slug', '=', slug).executeTakeFirst();
}

/** A project's id by its id (all digits) or its slug. */
export async function projectIdByIdOrSlug(db: Executor, value: string): Promise<number | undefined> {
  const row = await db.selectFrom('projects').select('id').where(/^\d+$/.test(value) ? 'id' : 'slug', '=', /^\d+$/.test(value) ? Number(value) : value).executeTakeFirst();
  return row?.id;
}

/** A project's id and access control by its slug, or undefined. */
export function projectAccessBySlug(db: Executor, slug: string): Promise<{ id: number; access_control: number } | undefined> {
  return db.selectFrom('projects').select(['id', 'access_control']).where('slug', '=', slug).executeTakeFirst();
}

export function projectIdByName(db: Executor, name: string): Promise<{ id: number } | undefined> {
  return db.selectFrom('projects').select('id').where('name', '=', name).executeTakeFirst();
}

/** The projects a filter lets through: the query the counts and pages below select from. */
function visibleProjects(db: Executor, filter: ProjectsFilter) {
  const q = db.selectFrom('projects');
  return filter ? q.where(filter) : q;
}

export async function countVisibleProjects(db: Executor, filter: ProjectsFilter): Promise<number> {
  const row = await visibleProjects(db, filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The ids of the visible projects (every project's without a filter). */
export async function visibleProjectIds(db: Executor, filter: ProjectsFilter): Promise<number[]> {
  return (await visibleProjects(db, filter).select('projects.id').execute()).map((r) => r.id);
}

/** A page of the visible projects in id order (the API list). */
export function visibleProjectsPage(db: Executor, filter: ProjectsFilter, limit: number, offset: number): Promise<ProjectRow[]> {
  return visibleProjects(db, filter).selectAll('projects').orderBy('projects.id').limit(limit).offset(offset).execute();
}

/** The first visible projects by name (the dashboard). */
export function visibleProjectsByName(db: Executor, filter: ProjectsFilter, limit: number): Promise<ProjectRow[]> {
  return visibleProjects(db, filter).selectAll('projects').orderBy('projects.name').limit(limit).execute();
}

export function insertProject(db: Executor, values: Insertable<ProjectsTable>): Promise<ProjectRow> {
  return db.insertInto('projects').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateProject(db: Executor, id: number, set: ProjectUpdate): Promise<ProjectRow> {
  return db.updateTable('projects').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteProject(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('projects').where('id', '=', id).execute();
}
