// Components: lookups by address and place, the visible ones, their translations and links into other projects, and their writes.
import { expressionBuilder, sql, type Expression, type ExpressionBuilder, type ExpressionWrapper, type Insertable, type SqlBool } from 'kysely';
import type { Executor } from './database.js';
import type { ComponentRow, ComponentsTable, Database, ComponentUpdate, LanguageRow, ProjectRow, TranslationRow } from './schema.js';
import { projectBySlug, type ProjectsFilter } from './projects.repository.js';

/**
 * The component at an address (project slug, category path prefix, slug) with its project and source
 * language. The project and the source language are found from the address too: the three queries run
 * at once (on PostgreSQL over three connections, one round trip instead of two in a row).
 */
export async function componentByPath(
  db: Executor,
  projectSlug: string,
  categoryPath: string,
  slug: string,
): Promise<{ component: ComponentRow; project: ProjectRow; sourceLanguage: LanguageRow } | undefined> {
  const component = db
    .selectFrom('components')
    .innerJoin('projects', 'projects.id', 'components.project_id')
    .where('projects.slug', '=', projectSlug)
    .where('components.category_path', '=', categoryPath)
    .where('components.slug', '=', slug);
  const [row, project, sourceLanguage] = await Promise.all([
    component.selectAll('components').executeTakeFirst(),
    projectBySlug(db, projectSlug),
    db
      .selectFrom('languages')
      .selectAll()
      .where('id', '=', component.select('components.source_language_id'))
      .executeTakeFirst(),
  ]);
  return row && project && sourceLanguage ? { component: row, project, sourceLanguage } : undefined;
}

export function componentById(db: Executor, id: number): Promise<ComponentRow | undefined> {
  return db.selectFrom('components').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A component's project, that project's access control and the component's restriction (enough to decide who may see it). */
export function componentAccessById(db: Executor, id: number): Promise<{ id: number; project_id: number; access_control: number; restricted: number } | undefined> {
  return db
    .selectFrom('components')
    .innerJoin('projects', 'projects.id', 'components.project_id')
    .select(['components.id', 'components.project_id', 'projects.access_control', 'components.restricted'])
    .where('components.id', '=', id)
    .executeTakeFirst();
}

/** Every restricted component with the origin its translation memory entries carry ("project/component"). */
export function restrictedComponentOrigins(db: Executor): Promise<{ id: number; origin: string }[]> {
  return db
    .selectFrom('components')
    .innerJoin('projects', 'projects.id', 'components.project_id')
    .select(['components.id', sql<string>`projects.slug || '/' || components.slug`.as('origin')])
    .where('components.restricted', '=', 1)
    .orderBy('components.id')
    .execute();
}

/** Git components outside categories of a project cloned from `repo`, in id order, with their branches and restriction. */
export function gitComponentsWithRepo(db: Executor, projectId: number, repo: string): Promise<{ id: number; slug: string; branch: string; restricted: number }[]> {
  return db
    .selectFrom('components')
    .select(['id', 'slug', 'branch', 'restricted'])
    .where('project_id', '=', projectId)
    .where('vcs', '=', 'git')
    .where('repo', '=', repo)
    .where('category_id', 'is', null)
    .orderBy('id')
    .execute();
}

/** Some component whose repository is `repo` (an internal link to another component's clone), or undefined. */
export function componentUsingRepo(db: Executor, repo: string): Promise<{ id: number } | undefined> {
  return db.selectFrom('components').select('id').where('repo', '=', repo).executeTakeFirst();
}

/**
 * A component other than `exceptId` with this name or slug in the same place of a project (the
 * `category_path` prefix of its category, '' outside categories).
 */
export function componentIdInPlace(db: Executor, projectId: number, categoryPath: string, column: 'name' | 'slug', value: string, exceptId?: number): Promise<{ id: number } | undefined> {
  const q = db.selectFrom('components').select('id').where('project_id', '=', projectId).where('category_path', '=', categoryPath).where(column, '=', value);
  return (exceptId === undefined ? q : q.where('id', '!=', exceptId)).executeTakeFirst();
}

/** The components directly in any of the categories `ids`, with what their removal records. */
export function componentsInCategories(db: Executor, ids: number[]): Promise<{ id: number; slug: string; category_id: number | null; category_path: string }[]> {
  return db.selectFrom('components').select(['id', 'slug', 'category_id', 'category_path']).where('category_id', 'in', ids).execute();
}

/** Every component's id and slug with its project's slug (what auto_assign rules match). */
export function componentSlugs(db: Executor): Promise<{ id: number; slug: string; project: string }[]> {
  return db
    .selectFrom('components')
    .innerJoin('projects', 'projects.id', 'components.project_id')
    .select(['components.id', 'components.slug', 'projects.slug as project'])
    .execute();
}

/**
 * A condition on `components` for any query that joins it (AccessControl.visibleComponents): the
 * restricted components an actor may not see are left out. null: no condition.
 */
export type ComponentsFilter = ((eb: ExpressionBuilder<Database, 'components'>) => ExpressionWrapper<Database, 'components', SqlBool>) | null;

/**
 * A condition on rows that name a component by id in `column` (changes, reports): rows naming no
 * component, or one the filter lets through. The components it leaves out are few (restricted ones),
 * so the condition reads them once and keeps the rows naming none of them.
 */
export function namesVisibleComponent(column: string, components: NonNullable<ComponentsFilter>): Expression<SqlBool> {
  const hidden = components(expressionBuilder<Database, 'components'>());
  return sql<SqlBool>`(${sql.ref(column)} IS NULL OR ${sql.ref(column)} NOT IN (SELECT components.id FROM components WHERE NOT (${hidden})))`;
}

/** Components of the projects and of the restriction a filter lets through: the query the counts and pages below select from. */
function visibleComponents(db: Executor, filter: ProjectsFilter, components: ComponentsFilter) {
  let q = db.selectFrom('components').innerJoin('projects', 'projects.id', 'components.project_id');
  if (filter) q = q.where(filter);
  return components ? q.where(components) : q;
}

export async function countVisibleComponents(db: Executor, filter: ProjectsFilter, components: ComponentsFilter): Promise<number> {
  const row = await visibleComponents(db, filter, components).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A page of the visible components in id order (the API list). */
export function visibleComponentsPage(db: Executor, filter: ProjectsFilter, components: ComponentsFilter, limit: number, offset: number): Promise<ComponentRow[]> {
  return visibleComponents(db, filter, components).selectAll('components').orderBy('components.id').limit(limit).offset(offset).execute();
}

/** The visible components of one project, by name. */
export function visibleComponentsOfProject(db: Executor, filter: ProjectsFilter, components: ComponentsFilter, projectId: number): Promise<ComponentRow[]> {
  return visibleComponents(db, filter, components).selectAll('components').where('components.project_id', '=', projectId).orderBy('components.name').execute();
}

/** A project's own components and those linked into it (links/), as far as the restriction filter lets them through. */
function componentsListedInProject(db: Executor, projectId: number, components: ComponentsFilter) {
  const q = db
    .selectFrom('components')
    .where((eb) => eb.or([eb('project_id', '=', projectId), eb('id', 'in', eb.selectFrom('component_links').select('component_id').where('project_id', '=', projectId))]));
  return components ? q.where(components) : q;
}

export async function countComponentsListedInProject(db: Executor, projectId: number, components: ComponentsFilter): Promise<number> {
  const row = await componentsListedInProject(db, projectId, components).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A page of a project's own and linked components in id order. */
export function componentsListedInProjectPage(db: Executor, projectId: number, components: ComponentsFilter, limit: number, offset: number): Promise<ComponentRow[]> {
  return componentsListedInProject(db, projectId, components).selectAll('components').orderBy('components.id').limit(limit).offset(offset).execute();
}

export async function countTranslationsOfComponent(db: Executor, componentId: number): Promise<number> {
  const row = await db.selectFrom('translations').where('component_id', '=', componentId).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A page of a component's translations in id order. */
export function translationsOfComponentPage(db: Executor, componentId: number, limit: number, offset: number): Promise<TranslationRow[]> {
  return db.selectFrom('translations').where('component_id', '=', componentId).selectAll().orderBy('id').limit(limit).offset(offset).execute();
}

/** Projects a component is also shown in (links/), by slug. */
export function projectsLinkingComponent(db: Executor, componentId: number): Promise<ProjectRow[]> {
  return db
    .selectFrom('component_links')
    .innerJoin('projects', 'projects.id', 'component_links.project_id')
    .selectAll('projects')
    .where('component_links.component_id', '=', componentId)
    .orderBy('projects.slug')
    .execute();
}

export function componentLinkId(db: Executor, componentId: number, projectId: number): Promise<{ id: number } | undefined> {
  return db.selectFrom('component_links').select('id').where('component_id', '=', componentId).where('project_id', '=', projectId).executeTakeFirst();
}

export async function insertComponentLink(db: Executor, componentId: number, projectId: number, categoryId: number | null = null): Promise<void> {
  await db.insertInto('component_links').values({ component_id: componentId, project_id: projectId, category_id: categoryId }).execute();
}

/** Removes a component's link into a project; the number of links removed (0 or 1). */
export async function deleteComponentLink(db: Executor, componentId: number, projectId: number): Promise<number> {
  const deleted = await db.deleteFrom('component_links').where('component_id', '=', componentId).where('project_id', '=', projectId).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

export function insertComponent(db: Executor, values: Insertable<ComponentsTable>): Promise<ComponentRow> {
  return db.insertInto('components').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateComponent(db: Executor, id: number, set: ComponentUpdate): Promise<ComponentRow> {
  return db.updateTable('components').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** The background task that sets up a component's clone; null once it ended. */
export async function setComponentTask(db: Executor, id: number, taskId: string | null): Promise<void> {
  await db.updateTable('components').set({ task_id: taskId }).where('id', '=', id).execute();
}

export async function setComponentLocked(db: Executor, id: number, locked: boolean): Promise<void> {
  await db.updateTable('components').set({ locked: locked ? 1 : 0 }).where('id', '=', id).execute();
}

/** Rewrites the path prefix of the components directly in a category (after a rename or move above them). */
export async function setCategoryPathOfComponents(db: Executor, categoryId: number, categoryPath: string): Promise<void> {
  await db.updateTable('components').set({ category_path: categoryPath }).where('category_id', '=', categoryId).execute();
}

export async function deleteComponent(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('components').where('id', '=', id).execute();
}
