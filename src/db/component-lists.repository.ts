// Component lists: the visible ones, their members and auto_assign rules, and their writes.
import { sql, type ExpressionBuilder } from 'kysely';
import type { Executor } from './database.js';
import type { ComponentListRow, Database } from './schema.js';
import type { ProjectsFilter } from './projects.repository.js';
import type { ComponentsFilter } from './components.repository.js';

/** Whether the list (`component_lists` of the outer query) holds a component of a project `filter` lets through that `components` lets through. */
export function holdsVisibleComponent(eb: ExpressionBuilder<Database, 'component_lists'>, filter: ProjectsFilter, components: ComponentsFilter) {
  return eb.exists(
    eb
      .selectFrom('component_list_components as m')
      .innerJoin('components', 'components.id', 'm.component_id')
      .innerJoin('projects', 'projects.id', 'components.project_id')
      .select('m.component_id')
      .whereRef('m.componentlist_id', '=', 'component_lists.id')
      .where(filter ?? ((eb) => eb.lit(true)))
      .where(components ?? ((eb) => eb.lit(true))),
  );
}

/**
 * Lists the filters let see: empty ones and those with a component they let through (the reference's
 * queryset), so a list made only of private or restricted components stays hidden from outsiders.
 */
export function visibleComponentLists(db: Executor, filter: ProjectsFilter, components: ComponentsFilter = null) {
  let q = db.selectFrom('component_lists');
  if (filter || components) {
    q = q.where((eb) =>
      eb.or([
        eb.not(eb.exists(eb.selectFrom('component_list_components as m').select('m.component_id').whereRef('m.componentlist_id', '=', 'component_lists.id'))),
        holdsVisibleComponent(eb, filter, components),
      ]),
    );
  }
  return q;
}

export async function countVisibleComponentLists(db: Executor, filter: ProjectsFilter, components: ComponentsFilter): Promise<number> {
  const row = await visibleComponentLists(db, filter, components).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page of the visible lists in id order. */
export function visibleComponentListsPage(db: Executor, filter: ProjectsFilter, components: ComponentsFilter, limit: number, offset: number): Promise<ComponentListRow[]> {
  return visibleComponentLists(db, filter, components).selectAll('component_lists').orderBy('component_lists.id').limit(limit).offset(offset).execute();
}

export function visibleComponentListBySlug(db: Executor, filter: ProjectsFilter, components: ComponentsFilter, slug: string): Promise<ComponentListRow | undefined> {
  return visibleComponentLists(db, filter, components).selectAll('component_lists').where('component_lists.slug', '=', slug).executeTakeFirst();
}

export async function componentListExists(db: Executor, id: number): Promise<boolean> {
  return (await db.selectFrom('component_lists').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export function componentListIdBySlug(db: Executor, slug: string): Promise<{ id: number } | undefined> {
  return db.selectFrom('component_lists').select('id').where('slug', '=', slug).executeTakeFirst();
}

/** The members of the lists `ids` the filters let through, in component id order, named by project slug and component path. */
export function membersOfComponentLists(db: Executor, ids: number[], filter: ProjectsFilter, components: ComponentsFilter): Promise<{ componentlist_id: number; project: string; component: string }[]> {
  let members = db
    .selectFrom('component_list_components as m')
    .innerJoin('components', 'components.id', 'm.component_id')
    .innerJoin('projects', 'projects.id', 'components.project_id')
    .select(['m.componentlist_id', 'projects.slug as project', sql<string>`components.category_path || components.slug`.as('component')])
    .where('m.componentlist_id', 'in', ids);
  if (filter) members = members.where(filter as never);
  if (components) members = members.where(components as never);
  return members.orderBy('components.id').execute();
}

/** The auto_assign rules of the lists `ids`, in id order. */
export function rulesOfComponentLists(db: Executor, ids: number[]) {
  return db.selectFrom('component_list_rules').selectAll().where('componentlist_id', 'in', ids).orderBy('id').execute();
}

/** Every list's auto_assign rules (matched against each new component). */
export function allComponentListRules(db: Executor): Promise<{ componentlist_id: number; project_match: string; component_match: string }[]> {
  return db.selectFrom('component_list_rules').select(['componentlist_id', 'project_match', 'component_match']).execute();
}

/** A list's components the filters let through, the query the count, the page and the lookup below select from. */
function visibleMembersOfComponentList(db: Executor, listId: number, filter: ProjectsFilter, components: ComponentsFilter) {
  let q = db
    .selectFrom('component_list_components as m')
    .innerJoin('components', 'components.id', 'm.component_id')
    .innerJoin('projects', 'projects.id', 'components.project_id')
    .where('m.componentlist_id', '=', listId);
  if (filter) q = q.where(filter as never);
  return components ? q.where(components as never) : q;
}

export async function countVisibleMembersOfComponentList(db: Executor, listId: number, filter: ProjectsFilter, components: ComponentsFilter): Promise<number> {
  const row = await visibleMembersOfComponentList(db, listId, filter, components).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A page of a list's visible components in id order. */
export function visibleMembersOfComponentListPage(db: Executor, listId: number, filter: ProjectsFilter, components: ComponentsFilter, limit: number, offset: number) {
  return visibleMembersOfComponentList(db, listId, filter, components).selectAll('components').orderBy('components.id').limit(limit).offset(offset).execute();
}

/** The ids of a list's visible components with this slug (and, when given, this category path prefix). */
export async function visibleMemberIdsOfComponentList(db: Executor, listId: number, filter: ProjectsFilter, components: ComponentsFilter, slug: string, categoryPath: string): Promise<number[]> {
  let members = visibleMembersOfComponentList(db, listId, filter, components).select('components.id').where('components.slug', '=', slug);
  if (categoryPath) members = members.where('components.category_path', '=', categoryPath);
  return (await members.execute()).map((r) => r.id);
}

/** The id of a component the filters let through, or undefined. */
export function visibleComponentId(db: Executor, id: number, filter: ProjectsFilter, components: ComponentsFilter): Promise<{ id: number } | undefined> {
  let q = db.selectFrom('components').innerJoin('projects', 'projects.id', 'components.project_id').select('components.id').where('components.id', '=', id);
  if (filter) q = q.where(filter);
  if (components) q = q.where(components);
  return q.executeTakeFirst();
}

/** Adds components to lists; pairs already there stay as they are. */
export async function addComponentListMembers(db: Executor, rows: { componentlist_id: number; component_id: number }[]): Promise<void> {
  await db
    .insertInto('component_list_components')
    .values(rows)
    .onConflict((oc) => oc.columns(['componentlist_id', 'component_id']).doNothing())
    .execute();
}

export async function removeComponentListMembers(db: Executor, listId: number, componentIds: number[]): Promise<void> {
  await db.deleteFrom('component_list_components').where('componentlist_id', '=', listId).where('component_id', 'in', componentIds).execute();
}

export async function deleteComponentListRules(db: Executor, listId: number): Promise<void> {
  await db.deleteFrom('component_list_rules').where('componentlist_id', '=', listId).execute();
}

export async function insertComponentListRules(db: Executor, rows: { componentlist_id: number; project_match: string; component_match: string }[]): Promise<void> {
  await db.insertInto('component_list_rules').values(rows).execute();
}

export function insertComponentList(db: Executor, values: { name: string; slug: string; show_dashboard: number }): Promise<ComponentListRow> {
  return db.insertInto('component_lists').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateComponentList(db: Executor, id: number, set: { name?: string; slug?: string; show_dashboard?: number }): Promise<ComponentListRow> {
  return db.updateTable('component_lists').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Removes a list and the teams' references to it. */
export async function deleteComponentList(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('group_componentlists').where('componentlist_id', '=', id).execute();
  await db.deleteFrom('component_lists').where('id', '=', id).execute();
}
