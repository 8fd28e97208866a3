// The site search: a few projects, categories, components, users and languages whose name or code contains a text.
import { sql, type ExpressionBuilder, type SqlBool, type Expression } from 'kysely';
import type { Executor } from './database.js';
import type { Database } from './schema.js';
import type { ProjectsFilter } from './projects.repository.js';
import type { ComponentsFilter } from './components.repository.js';

/** `lower(column) LIKE '%text%'` with the LIKE wildcards of `text` taken literally. */
function contains(column: string, text: string): Expression<SqlBool> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) LIKE ${pattern} ESCAPE '\\'`;
}

const either = (eb: ExpressionBuilder<Database, any>, a: string, b: string, text: string) => eb.or([contains(a, text), contains(b, text)]);

export function searchProjects(db: Executor, visible: ProjectsFilter, text: string, limit: number) {
  let q = db.selectFrom('projects').select(['projects.id', 'projects.name', 'projects.slug']).where((eb) => either(eb, 'projects.name', 'projects.slug', text));
  if (visible) q = q.where(visible);
  return q.orderBy('projects.name').orderBy('projects.id').limit(limit).execute();
}

export function searchCategories(db: Executor, visible: ProjectsFilter, text: string, limit: number) {
  let q = db
    .selectFrom('categories')
    .innerJoin('projects', 'projects.id', 'categories.project_id')
    .select(['categories.id', 'categories.name', 'categories.slug', 'categories.category_id', 'categories.project_id', 'projects.name as project_name', 'projects.slug as project_slug'])
    .where((eb) => either(eb, 'categories.name', 'categories.slug', text));
  if (visible) q = q.where(visible);
  return q.orderBy('categories.name').orderBy('categories.id').limit(limit).execute();
}

export function searchComponents(db: Executor, visible: ProjectsFilter, components: ComponentsFilter, text: string, limit: number) {
  let q = db
    .selectFrom('components')
    .innerJoin('projects', 'projects.id', 'components.project_id')
    .select(['components.id', 'components.name', 'components.slug', 'components.category_id', 'components.project_id', 'projects.name as project_name', 'projects.slug as project_slug'])
    .where((eb) => either(eb, 'components.name', 'components.slug', text));
  if (visible) q = q.where(visible);
  if (components) q = q.where(components);
  return q.orderBy('components.name').orderBy('components.id').limit(limit).execute();
}

/** Active users by username or full name. */
export function searchUsers(db: Executor, text: string, limit: number) {
  return db
    .selectFrom('users')
    .select(['users.id', 'users.username'])
    .where('users.is_active', '=', 1)
    .where((eb) => either(eb, 'users.username', 'users.full_name', text))
    .orderBy('users.username')
    .limit(limit)
    .execute();
}

export function searchLanguages(db: Executor, text: string, limit: number) {
  return db
    .selectFrom('languages')
    .select(['languages.id', 'languages.code', 'languages.name'])
    .where((eb) => either(eb, 'languages.name', 'languages.code', text))
    .orderBy('languages.name')
    .limit(limit)
    .execute();
}

/** The categories of these projects (id, parent, slug, name), to spell out category paths. */
export function categoriesOfProjects(db: Executor, projectIds: readonly number[]) {
  if (projectIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('categories').select(['id', 'category_id', 'slug', 'name']).where('project_id', 'in', [...projectIds]).execute();
}
