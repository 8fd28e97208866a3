// What inherited settings need to read: categories above components, whether a language exists, projects' lock state.
import type { Executor } from './database.js';
import type { CategoryRow } from './schema.js';

export async function languageExists(db: Executor, id: number): Promise<boolean> {
  return !!(await db.selectFrom('languages').select('id').where('id', '=', id).executeTakeFirst());
}

/**
 * The categories with these ids and every category above them, by id (categories nest at most three
 * levels, so three reads at most).
 */
export async function categoriesWithAncestors(db: Executor, ids: readonly number[]): Promise<Map<number, CategoryRow>> {
  const found = new Map<number, CategoryRow>();
  let wanted = [...new Set(ids)];
  for (let level = 0; wanted.length > 0 && level < 5; level++) {
    const rows = await db.selectFrom('categories').selectAll().where('id', 'in', wanted).execute();
    for (const row of rows) found.set(row.id, row);
    wanted = [...new Set(rows.map((r) => r.category_id).filter((id): id is number => id !== null && !found.has(id)))];
  }
  return found;
}

/** For each project: how many of its components are locked and how many there are. */
export async function componentLockCounts(db: Executor, projectIds: readonly number[]): Promise<Map<number, { locked: number; total: number }>> {
  const out = new Map<number, { locked: number; total: number }>();
  if (projectIds.length === 0) return out;
  const rows = await db
    .selectFrom('components')
    .select((eb) => ['project_id', eb.fn.countAll<number>().as('total'), eb.fn.sum<number>('locked').as('locked')])
    .where('project_id', 'in', [...new Set(projectIds)])
    .groupBy('project_id')
    .execute();
  for (const r of rows) out.set(r.project_id, { locked: Number(r.locked ?? 0), total: Number(r.total) });
  return out;
}

/** Whether any component of the project has a translation into the language. */
export async function projectHasLanguage(db: Executor, projectId: number, languageId: number): Promise<boolean> {
  const row = await db
    .selectFrom('translations')
    .innerJoin('components', 'components.id', 'translations.component_id')
    .select('translations.id')
    .where('components.project_id', '=', projectId)
    .where('translations.language_id', '=', languageId)
    .executeTakeFirst();
  return !!row;
}
