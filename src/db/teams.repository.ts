// Teams (groups) and roles: who sees which, their members and administrators, what they select, and built-in team set-up.
import type { ExpressionBuilder, Insertable } from 'kysely';
import { sql } from 'kysely';
import type { Executor } from './database.js';
import type { Database, GroupRow, GroupsTable, RoleRow } from './schema.js';
import type { ProjectsFilter } from './projects.repository.js';

// ----- visibility --------------------------------------------------------------------------------

/**
 * Who looks at teams and roles, when not everything is visible: a user (null: anonymous, who shares the
 * view of the built-in anonymous teams) and, for teams, the projects whose teams it administers
 * (undefined: none; null: every project).
 */
export interface TeamViewer {
  userId: number | null;
  anonymousTeams: readonly string[];
  administered?: ProjectsFilter;
}

/** Ids of the teams whose members' view the viewer shares: its own teams, the anonymous teams for anonymous viewers. */
function memberGroups(eb: ExpressionBuilder<Database, any>, viewer: TeamViewer, withAdmin: boolean) {
  if (viewer.userId === null) {
    return eb
      .selectFrom('groups as ag')
      .select('ag.id')
      .where('ag.internal', '=', 1)
      .where('ag.defining_project_id', 'is', null)
      .where('ag.name', 'in', [...viewer.anonymousTeams]);
  }
  const userId = viewer.userId;
  const members = eb.selectFrom('group_members').select('group_members.group_id as id').where('group_members.user_id', '=', userId);
  return withAdmin ? members.union(eb.selectFrom('group_admins').select('group_admins.group_id as id').where('group_admins.user_id', '=', userId)) : members;
}

/** The teams the viewer sees (null: every team), as a query to narrow, count and page. */
export function visibleGroupsQuery(db: Executor, viewer: TeamViewer | null) {
  const q = db.selectFrom('groups');
  if (viewer === null) return q;
  const administered = viewer.administered;
  return q.where((eb) => {
    const own = eb('groups.id', 'in', memberGroups(eb, viewer, true));
    if (administered === undefined) return own;
    let projects = eb.selectFrom('projects').select('projects.id');
    if (administered) projects = projects.where(administered);
    return eb.or([own, eb('groups.defining_project_id', 'in', projects)]);
  });
}

export async function countVisibleGroups(db: Executor, viewer: TeamViewer | null): Promise<number> {
  const row = await visibleGroupsQuery(db, viewer).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A page of the visible teams in id order. */
export function visibleGroupsPage(db: Executor, viewer: TeamViewer | null, limit: number, offset: number): Promise<GroupRow[]> {
  return visibleGroupsQuery(db, viewer).selectAll('groups').orderBy('groups.id').limit(limit).offset(offset).execute();
}

export function visibleGroupById(db: Executor, viewer: TeamViewer | null, id: number): Promise<GroupRow | undefined> {
  return visibleGroupsQuery(db, viewer).selectAll('groups').where('groups.id', '=', id).executeTakeFirst();
}

/** The roles the viewer sees (null: every role): those of the teams whose view it shares. */
export function visibleRolesQuery(db: Executor, viewer: TeamViewer | null) {
  const q = db.selectFrom('roles');
  if (viewer === null) return q;
  return q.where((eb) =>
    eb('roles.id', 'in', eb.selectFrom('group_roles').select('group_roles.role_id').where('group_roles.group_id', 'in', memberGroups(eb, viewer, false))),
  );
}

export async function countVisibleRoles(db: Executor, viewer: TeamViewer | null): Promise<number> {
  const row = await visibleRolesQuery(db, viewer).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A page of the visible roles in id order. */
export function visibleRolesPage(db: Executor, viewer: TeamViewer | null, limit: number, offset: number): Promise<RoleRow[]> {
  return visibleRolesQuery(db, viewer).selectAll('roles').orderBy('roles.id').limit(limit).offset(offset).execute();
}

export function visibleRoleById(db: Executor, viewer: TeamViewer | null, id: number): Promise<RoleRow | undefined> {
  return visibleRolesQuery(db, viewer).selectAll('roles').where('roles.id', '=', id).executeTakeFirst();
}

// ----- teams -------------------------------------------------------------------------------------

export function groupById(db: Executor, id: number): Promise<GroupRow | undefined> {
  return db.selectFrom('groups').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The team as stored now (Kysely's NoResultError if it is gone). */
export function storedGroup(db: Executor, id: number): Promise<GroupRow> {
  return db.selectFrom('groups').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Whether a team in this scope (null: site-wide) other than `exceptId` has this name. */
export async function groupNameTaken(db: Executor, name: string, projectId: number | null, exceptId: number | null): Promise<boolean> {
  let q = db.selectFrom('groups').select('id').where('name', '=', name);
  q = projectId === null ? q.where('defining_project_id', 'is', null) : q.where('defining_project_id', '=', projectId);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export function insertGroup(db: Executor, values: Insertable<GroupsTable>): Promise<GroupRow> {
  return db.insertInto('groups').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Inserts a team and answers only its id. */
export async function insertGroupId(db: Executor, values: Insertable<GroupsTable>): Promise<number> {
  return (await db.insertInto('groups').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export function updateGroup(db: Executor, id: number, set: Partial<Pick<GroupRow, 'name' | 'project_selection' | 'language_selection' | 'enforced_2fa'>>): Promise<GroupRow> {
  return db.updateTable('groups').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteGroup(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('groups').where('id', '=', id).execute();
}

/** Names of the built-in site-wide teams. */
export async function builtinSiteTeamNames(db: Executor): Promise<string[]> {
  return (await db.selectFrom('groups').select('name').where('defining_project_id', 'is', null).where('internal', '=', 1).execute()).map((g) => g.name);
}

/** Names of every site-wide team. */
export async function siteTeamNames(db: Executor): Promise<string[]> {
  return (await db.selectFrom('groups').select('name').where('defining_project_id', 'is', null).execute()).map((g) => g.name);
}

/** Names of every team of the project. */
export async function namesOfProjectTeams(db: Executor, projectId: number): Promise<string[]> {
  return (await db.selectFrom('groups').select('name').where('defining_project_id', '=', projectId).execute()).map((g) => g.name);
}

/** The oldest team of the project with this name. */
export async function projectTeamId(db: Executor, projectId: number, name: string): Promise<number | undefined> {
  return (await db.selectFrom('groups').select('id').where('defining_project_id', '=', projectId).where('name', '=', name).orderBy('id').executeTakeFirst())?.id;
}

/** Teams with an automatic assignment pattern. */
export function autoAssignedTeams(db: Executor): Promise<{ id: number; auto_assign: string }[]> {
  return db.selectFrom('groups').select(['id', 'auto_assign']).where('auto_assign', '!=', '').execute();
}

// ----- what a team holds ---------------------------------------------------------------------------

export interface GroupRelationRows {
  defining: { id: number; slug: string }[];
  roles: { group_id: number; role_id: number }[];
  languages: { group_id: number; code: string }[];
  projects: { group_id: number; slug: string }[];
  lists: { group_id: number; slug: string }[];
  components: { group_id: number; project: string; component: string }[];
  admins: { group_id: number; username: string }[];
}

/** Everything the teams hold, for their API objects: seven queries run at once. */
export async function groupRelationRows(db: Executor, ids: number[]): Promise<GroupRelationRows> {
  const [defining, roles, languages, projects, lists, components, admins] = await Promise.all([
    db.selectFrom('groups').innerJoin('projects', 'projects.id', 'groups.defining_project_id').select(['groups.id', 'projects.slug']).where('groups.id', 'in', ids).execute(),
    db.selectFrom('group_roles').select(['group_id', 'role_id']).where('group_id', 'in', ids).orderBy('role_id').execute(),
    db.selectFrom('group_languages').innerJoin('languages', 'languages.id', 'group_languages.language_id').select(['group_languages.group_id', 'languages.code']).where('group_languages.group_id', 'in', ids).orderBy('languages.id').execute(),
    db.selectFrom('group_projects').innerJoin('projects', 'projects.id', 'group_projects.project_id').select(['group_projects.group_id', 'projects.slug']).where('group_projects.group_id', 'in', ids).orderBy('projects.id').execute(),
    db
      .selectFrom('group_componentlists')
      .innerJoin('component_lists', 'component_lists.id', 'group_componentlists.componentlist_id')
      .select(['group_componentlists.group_id', 'component_lists.slug'])
      .where('group_componentlists.group_id', 'in', ids)
      .orderBy('component_lists.id')
      .execute(),
    db
      .selectFrom('group_components')
      .innerJoin('components', 'components.id', 'group_components.component_id')
      .innerJoin('projects', 'projects.id', 'components.project_id')
      .select(['group_components.group_id', 'projects.slug as project', sql<string>`components.category_path || components.slug`.as('component')])
      .where('group_components.group_id', 'in', ids)
      .orderBy('components.id')
      .execute(),
    db.selectFrom('group_admins').innerJoin('users', 'users.id', 'group_admins.user_id').select(['group_admins.group_id', 'users.username']).where('group_admins.group_id', 'in', ids).orderBy('users.id').execute(),
  ]);
  return { defining, roles, languages, projects, lists, components, admins };
}

/** Adds a role to a team; nothing when it has it. */
export async function addGroupRole(db: Executor, groupId: number, roleId: number): Promise<void> {
  await db
    .insertInto('group_roles')
    .values({ group_id: groupId, role_id: roleId })
    .onConflict((oc) => oc.columns(['group_id', 'role_id']).doNothing())
    .execute();
}

/** Gives a new team its roles. */
export async function insertGroupRoles(db: Executor, groupId: number, roleIds: readonly number[]): Promise<void> {
  await db.insertInto('group_roles').values(roleIds.map((role_id) => ({ group_id: groupId, role_id }))).execute();
}

/** Removes a role from a team; answers how many rows went (0: the team did not have it). */
export async function removeGroupRole(db: Executor, groupId: number, roleId: number): Promise<number> {
  const r = await db.deleteFrom('group_roles').where('group_id', '=', groupId).where('role_id', '=', roleId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function addGroupLanguage(db: Executor, groupId: number, languageId: number): Promise<void> {
  await db
    .insertInto('group_languages')
    .values({ group_id: groupId, language_id: languageId })
    .onConflict((oc) => oc.columns(['group_id', 'language_id']).doNothing())
    .execute();
}

export async function removeGroupLanguage(db: Executor, groupId: number, languageId: number): Promise<number> {
  const r = await db.deleteFrom('group_languages').where('group_id', '=', groupId).where('language_id', '=', languageId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Selects a project for a new team. */
export async function insertGroupProject(db: Executor, groupId: number, projectId: number): Promise<void> {
  await db.insertInto('group_projects').values({ group_id: groupId, project_id: projectId }).execute();
}

export async function addGroupProject(db: Executor, groupId: number, projectId: number): Promise<void> {
  await db
    .insertInto('group_projects')
    .values({ group_id: groupId, project_id: projectId })
    .onConflict((oc) => oc.columns(['group_id', 'project_id']).doNothing())
    .execute();
}

export async function removeGroupProject(db: Executor, groupId: number, projectId: number): Promise<number> {
  const r = await db.deleteFrom('group_projects').where('group_id', '=', groupId).where('project_id', '=', projectId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function addGroupComponentList(db: Executor, groupId: number, listId: number): Promise<void> {
  await db
    .insertInto('group_componentlists')
    .values({ group_id: groupId, componentlist_id: listId })
    .onConflict((oc) => oc.columns(['group_id', 'componentlist_id']).doNothing())
    .execute();
}

export async function removeGroupComponentList(db: Executor, groupId: number, listId: number): Promise<number> {
  const r = await db.deleteFrom('group_componentlists').where('group_id', '=', groupId).where('componentlist_id', '=', listId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function addGroupComponent(db: Executor, groupId: number, componentId: number): Promise<void> {
  await db
    .insertInto('group_components')
    .values({ group_id: groupId, component_id: componentId })
    .onConflict((oc) => oc.columns(['group_id', 'component_id']).doNothing())
    .execute();
}

export async function removeGroupComponent(db: Executor, groupId: number, componentId: number): Promise<number> {
  const r = await db.deleteFrom('group_components').where('group_id', '=', groupId).where('component_id', '=', componentId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

// ----- members and administrators ------------------------------------------------------------------

export async function isGroupAdmin(db: Executor, groupId: number, userId: number): Promise<boolean> {
  return (await db.selectFrom('group_admins').select('user_id').where('group_id', '=', groupId).where('user_id', '=', userId).executeTakeFirst()) !== undefined;
}

export async function addGroupAdmin(db: Executor, groupId: number, userId: number): Promise<void> {
  await db
    .insertInto('group_admins')
    .values({ group_id: groupId, user_id: userId })
    .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
    .execute();
}

export async function removeGroupAdmin(db: Executor, groupId: number, userId: number): Promise<number> {
  const r = await db.deleteFrom('group_admins').where('group_id', '=', groupId).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Makes the user a member; answers whether it was not one already. */
export async function joinGroup(db: Executor, groupId: number, userId: number): Promise<boolean> {
  const r = await db
    .insertInto('group_members')
    .values({ group_id: groupId, user_id: userId })
    .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Makes a new user a member (it cannot be one yet). */
export async function insertMember(db: Executor, groupId: number, userId: number): Promise<void> {
  await db.insertInto('group_members').values({ group_id: groupId, user_id: userId }).execute();
}

export async function insertMembers(db: Executor, rows: readonly { group_id: number; user_id: number }[]): Promise<void> {
  await db.insertInto('group_members').values([...rows]).execute();
}

export async function leaveGroup(db: Executor, groupId: number, userId: number): Promise<void> {
  await db.deleteFrom('group_members').where('group_id', '=', groupId).where('user_id', '=', userId).execute();
}

/** Ends the user's memberships and team administration everywhere. */
export async function leaveAllTeams(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('group_members').where('user_id', '=', userId).execute();
  await db.deleteFrom('group_admins').where('user_id', '=', userId).execute();
}

/** Ids of the teams the user is a member of. */
export async function teamIdsOfUser(db: Executor, userId: number): Promise<number[]> {
  return (await db.selectFrom('group_members').select('group_id').where('user_id', '=', userId).execute()).map((r) => r.group_id);
}

/** Memberships of these users, by team id. */
export function membershipsOfUsers(db: Executor, userIds: readonly number[]): Promise<{ user_id: number; group_id: number }[]> {
  return db.selectFrom('group_members').select(['user_id', 'group_id']).where('user_id', 'in', [...userIds]).orderBy('group_id').execute();
}

/** The members of these teams with their names, by username. */
export function membersOfGroups(db: Executor, groupIds: readonly number[]): Promise<{ group_id: number; id: number; username: string; full_name: string; is_bot: number }[]> {
  if (groupIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('group_members')
    .innerJoin('users', 'users.id', 'group_members.user_id')
    .select(['group_members.group_id', 'users.id', 'users.username', 'users.full_name', 'users.is_bot'])
    .where('group_members.group_id', 'in', [...groupIds])
    .orderBy('users.username')
    .execute();
}

// ----- roles ---------------------------------------------------------------------------------------

export async function roleIdByName(db: Executor, name: string): Promise<number | undefined> {
  return (await db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirst())?.id;
}

export function rolesByNames(db: Executor, names: readonly string[]): Promise<{ id: number; name: string }[]> {
  return db.selectFrom('roles').select(['id', 'name']).where('name', 'in', [...names]).execute();
}

export async function roleExists(db: Executor, id: number): Promise<boolean> {
  return (await db.selectFrom('roles').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export function insertRole(db: Executor, name: string): Promise<RoleRow> {
  return db.insertInto('roles').values({ name }).returningAll().executeTakeFirstOrThrow();
}

/** Inserts a built-in role and answers its id. */
export async function insertBuiltinRole(db: Executor, name: string): Promise<number> {
  return (await db.insertInto('roles').values({ name, builtin: 1 }).returning('id').executeTakeFirstOrThrow()).id;
}

export function renameRole(db: Executor, id: number, name: string): Promise<RoleRow> {
  return db.updateTable('roles').set({ name }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteRole(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('roles').where('id', '=', id).execute();
}

/** Permission codenames of the roles, in codename order. */
export function permissionsOfRoles(db: Executor, roleIds: readonly number[]): Promise<{ role_id: number; codename: string }[]> {
  return db.selectFrom('role_permissions').select(['role_id', 'codename']).where('role_id', 'in', [...roleIds]).orderBy('codename').execute();
}

export async function codenamesOfRole(db: Executor, roleId: number): Promise<string[]> {
  return (await db.selectFrom('role_permissions').select('codename').where('role_id', '=', roleId).execute()).map((r) => r.codename);
}

export async function insertRolePermissions(db: Executor, roleId: number, codenames: readonly string[]): Promise<void> {
  await db.insertInto('role_permissions').values(codenames.map((codename) => ({ role_id: roleId, codename }))).execute();
}

/** Removes the role's permissions other than `keep` (all of them when `keep` is empty). */
export async function deleteRolePermissionsExcept(db: Executor, roleId: number, keep: readonly string[]): Promise<void> {
  let del = db.deleteFrom('role_permissions').where('role_id', '=', roleId);
  if (keep.length) del = del.where('codename', 'not in', [...keep]);
  await del.execute();
}
