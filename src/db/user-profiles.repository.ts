// User profiles: preferences, profile languages and watched projects, the lookups that check them, and their writes.
import type { Updateable } from 'kysely';
import type { Executor } from './database.js';
import type { ProjectsFilter } from './projects.repository.js';
import type { ComponentsFilter } from './components.repository.js';
import type { UserProfileRow, UserProfilesTable } from './schema.js';
import { holdsVisibleComponent, visibleComponentLists } from './component-lists.repository.js';

/** A stored profile row (users without one have the defaults). */
export type ProfileRow = UserProfileRow;

export type ProfileUpdate = Omit<Updateable<UserProfilesTable>, 'user_id'>;

/** The profile rows of some users (users without one have the defaults). */
export function profileRows(db: Executor, userIds: readonly number[]): Promise<ProfileRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('user_profiles').selectAll().where('user_id', 'in', [...userIds]).execute();
}

/** The profile languages of some users by code, in language id order. */
export function profileLanguages(db: Executor, userIds: readonly number[]): Promise<{ user_id: number; code: string; secondary: number }[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('user_profile_languages as p')
    .innerJoin('languages', 'languages.id', 'p.language_id')
    .select(['p.user_id', 'languages.code', 'p.secondary'])
    .where('p.user_id', 'in', [...userIds])
    .orderBy('languages.id')
    .execute();
}

/** The projects some users watch, among those `filter` lets through, by slug in project id order. */
export function watchedProjects(db: Executor, userIds: readonly number[], filter: ProjectsFilter): Promise<{ user_id: number; slug: string }[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  let q = db
    .selectFrom('user_watched_projects as w')
    .innerJoin('projects', 'projects.id', 'w.project_id')
    .select(['w.user_id', 'projects.slug'])
    .where('w.user_id', 'in', [...userIds]);
  if (filter) q = q.where(filter as never);
  return q.orderBy('projects.id').execute();
}

/** The slugs of the component lists `ids` that `filter` lets see. */
export function visibleComponentListSlugs(db: Executor, ids: readonly number[], filter: ProjectsFilter): Promise<{ id: number; slug: string }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return visibleComponentLists(db, filter).select(['component_lists.id', 'component_lists.slug']).where('component_lists.id', 'in', [...ids]).execute();
}

/** Languages by code; codes that name no language are missing from the answer. */
export function languageIdsByCodes(db: Executor, codes: readonly string[]): Promise<{ id: number; code: string }[]> {
  if (codes.length === 0) return Promise.resolve([]);
  return db.selectFrom('languages').select(['id', 'code']).where('code', 'in', [...codes]).execute();
}

/** Projects by slug among those `filter` lets through; slugs that name no such project are missing from the answer. */
export function projectIdsBySlugs(db: Executor, slugs: readonly string[], filter: ProjectsFilter): Promise<{ id: number; slug: string }[]> {
  if (slugs.length === 0) return Promise.resolve([]);
  let q = db.selectFrom('projects').select(['projects.id', 'projects.slug']).where('projects.slug', 'in', [...slugs]);
  if (filter) q = q.where(filter as never);
  return q.execute();
}

/** A component list by slug when it holds a component the filters let through (a dashboard can show it). */
export function dashboardComponentList(db: Executor, slug: string, filter: ProjectsFilter, components: ComponentsFilter): Promise<{ id: number } | undefined> {
  return db
    .selectFrom('component_lists')
    .select('component_lists.id')
    .where('component_lists.slug', '=', slug)
    .where((eb) => holdsVisibleComponent(eb, filter, components))
    .executeTakeFirst();
}

/** How many dashboard component lists (shown on the dashboard) hold a component the filters let through. */
export async function countDashboardComponentLists(db: Executor, filter: ProjectsFilter, components: ComponentsFilter): Promise<number> {
  const row = await db
    .selectFrom('component_lists')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('component_lists.show_dashboard', '=', 1)
    .where((eb) => holdsVisibleComponent(eb, filter, components))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Writes some preferences of a user, creating the profile row with the defaults for the others. */
export async function saveProfile(db: Executor, userId: number, set: ProfileUpdate): Promise<void> {
  const insert = db.insertInto('user_profiles').values({ user_id: userId, ...set });
  await (Object.keys(set).length ? insert.onConflict((oc) => oc.column('user_id').doUpdateSet(set)) : insert.onConflict((oc) => oc.column('user_id').doNothing())).execute();
}

/** Replaces a user's translated (secondary 0) or secondary (1) languages. */
export async function replaceProfileLanguages(db: Executor, userId: number, secondary: number, languageIds: readonly number[]): Promise<void> {
  await db.deleteFrom('user_profile_languages').where('user_id', '=', userId).where('secondary', '=', secondary).execute();
  if (languageIds.length) await db.insertInto('user_profile_languages').values(languageIds.map((language_id) => ({ user_id: userId, language_id, secondary }))).execute();
}

export async function replaceWatchedProjects(db: Executor, userId: number, projectIds: readonly number[]): Promise<void> {
  await db.deleteFrom('user_watched_projects').where('user_id', '=', userId).execute();
  if (projectIds.length) await db.insertInto('user_watched_projects').values(projectIds.map((project_id) => ({ user_id: userId, project_id }))).execute();
}

/** Forgets a user's profile: preferences, languages and watched projects. */
export async function deleteProfile(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('user_profile_languages').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_watched_projects').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_profiles').where('user_id', '=', userId).execute();
}
