// Categories: lookups by id, parent and slug, the levels below a category, the visible ones, and their writes.
import type { Insertable, Updateable } from 'kysely';
import type { Executor } from './database.js';
import type { CategoriesTable, CategoryRow } from './schema.js';
import type { ProjectsFilter } from './projects.repository.js';

export function categoryById(db: Executor, id: number): Promise<CategoryRow | undefined> {
  return db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A category's id and project (enough to place a component in it), or undefined. */
export function categoryPlaceById(db: Executor, id: number): Promise<{ id: number; project_id: number } | undefined> {
  return db.selectFrom('categories').select(['id', 'project_id']).where('id', '=', id).executeTakeFirst();
}

/** The ids of the categories directly below any of `parentIds` (one level). */
export async function childCategoryIds(db: Executor, parentIds: number[]): Promise<number[]> {
  return (await db.selectFrom('categories').select('id').where('category_id', 'in', parentIds).execute()).map((r) => r.id);
}

/** The sub-categories directly below `id`, by name. */
export function childCategories(db: Executor, id: number): Promise<CategoryRow[]> {
  return db.selectFrom('categories').selectAll().where('category_id', '=', id).orderBy('name').execute();
}

/** The category of a project with this slug directly below `parentId` (null: at the top level). */
export function categoryByParentAndSlug(db: Executor, projectId: number, parentId: number | null, slug: string): Promise<CategoryRow | undefined> {
  return db
    .selectFrom('categories')
    .selectAll()
    .where('project_id', '=', projectId)
    .where((eb) => (parentId === null ? eb('category_id', 'is', null) : eb('category_id', '=', parentId)))
    .where('slug', '=', slug)
    .executeTakeFirst();
}

/** A category other than `exceptId` with this name or slug under the same parent (null: top level) of a project. */
export function categoryIdInPlace(db: Executor, projectId: number, parentId: number | null, column: 'name' | 'slug', value: string, exceptId?: number): Promise<{ id: number } | undefined> {
  let q = db.selectFrom('categories').select('id').where('project_id', '=', projectId).where(column, '=', value);
  q = parentId === null ? q.where('category_id', 'is', null) : q.where('category_id', '=', parentId);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return q.executeTakeFirst();
}

/** Categories of the projects a filter lets through (optionally of one project), as a query to count or page. */
function visibleCategories(db: Executor, filter: ProjectsFilter, projectId?: number) {
  let q = db.selectFrom('categories').innerJoin('projects', 'projects.id', 'categories.project_id');
  if (filter) q = q.where(filter);
  if (projectId !== undefined) q = q.where('categories.project_id', '=', projectId);
  return q;
}

export async function countVisibleCategories(db: Executor, filter: ProjectsFilter, projectId?: number): Promise<number> {
  const row = await visibleCategories(db, filter, projectId).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A page of the visible categories in id order. */
export function visibleCategoriesPage(db: Executor, filter: ProjectsFilter, projectId: number | undefined, limit: number, offset: number): Promise<CategoryRow[]> {
  return visibleCategories(db, filter, projectId).selectAll('categories').orderBy('categories.id').limit(limit).offset(offset).execute();
}

export function insertCategory(db: Executor, values: Insertable<CategoriesTable>): Promise<CategoryRow> {
  return db.insertInto('categories').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateCategory(db: Executor, id: number, set: Updateable<CategoriesTable>): Promise<CategoryRow> {
  return db.updateTable('categories').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Removes a category; its sub-categories go with it (ON DELETE CASCADE). */
export async function deleteCategory(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('categories').where('id', '=', id).execute();
}
