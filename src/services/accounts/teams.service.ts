// Teams (groups) and roles over the API: visibility, editing, team sub-resources and user memberships.
// Site-wide team managers (group.edit) manage every team; project administrators (project.permissions)
// the teams their project defines; team administrators the members of their team.
import type { Db, Executor } from '../../db/database.js';
import { msgid } from '../../shared/msgid.js';
import type { GroupRow, ProjectRow, RoleRow, UserRow } from '../../db/schema.js';
import { projectAccessById, projectBySlug, projectExists } from '../../db/projects.repository.js';
import { componentAccessById } from '../../db/components.repository.js';
import { componentListExists } from '../../db/component-lists.repository.js';
import { languageIdByCode } from '../../db/languages.repository.js';
import { userById } from '../../db/users.repository.js';
import {
  addGroupAdmin,
  addGroupComponent,
  addGroupComponentList,
  addGroupLanguage,
  addGroupProject,
  addGroupRole,
  codenamesOfRole,
  countVisibleGroups,
  countVisibleRoles,
  deleteGroup,
  deleteRole,
  deleteRolePermissionsExcept,
  groupById,
  groupNameTaken,
  groupRelationRows,
  insertGroup,
  insertGroupProject,
  insertRole,
  insertRolePermissions,
  isGroupAdmin,
  joinGroup,
  leaveGroup,
  membershipsOfUsers,
  membersOfGroups,
  permissionsOfRoles,
  removeGroupAdmin,
  removeGroupComponent,
  removeGroupComponentList,
  removeGroupLanguage,
  removeGroupProject,
  removeGroupRole,
  renameRole,
  roleExists,
  roleIdByName,
  storedGroup,
  teamIdsOfUser,
  updateGroup,
  visibleGroupById,
  visibleGroupsPage,
  visibleRoleById,
  visibleRolesPage,
  type TeamViewer,
} from '../../db/teams.repository.js';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import { ANONYMOUS_TEAMS, LANGUAGE_SELECTIONS, PROJECT_SELECTIONS, SELECTION_MANUAL, isGlobalPermission, isPermission } from '../../auth/permissions.js';
import { duplicateError } from '../../db/unique-violation.js';
import { NotFoundError, ValidationError } from '../../shared/errors.js';
import { Action } from '../../domain/change-actions.js';
import type { ChangesService } from '../activity/changes.service.js';
import { FieldErrors, pyType } from '../common/validation.js';
import { recordAudit, type AuditActivity, type AuditSubject } from './audit-log.js';

export interface RoleInput {
  name?: string;
  permissions?: string[];
}

export interface GroupInput {
  name?: string;
  project_selection?: number;
  language_selection?: number;
  defining_project?: string | null;
  enforced_2fa?: boolean;
}

export interface TeamMember {
  id: number;
  username: string;
  full_name: string;
  is_bot: boolean;
}

/** A team as a project's access page shows it: what it grants, and its members when the viewer may manage them (null otherwise). */
export interface ProjectTeam {
  group: GroupRow;
  relations: GroupRelations;
  roles: string[];
  members: TeamMember[] | null;
  /** Whether the viewer may add and remove members. */
  manageable: boolean;
}

export interface GroupRelations {
  definingProject: string | null;
  roles: number[];
  languages: string[];
  projects: string[];
  /** Component list slugs: their API URLs are by slug. */
  componentlists: string[];
  components: [string, string][];
  admins: string[];
}

type Body = Record<string, unknown> | null | undefined;

const BUILTIN_TEAM = 'Cannot change this on a built-in team.';
const DENIED_GROUPS = 'Can not manage groups';
const DENIED_ROLES = 'Can not manage roles';
const DENIED_USERS = 'Can not manage Users';

/** The form/JSON parameter `field` as an integer id, with the reference's messages. */
function idParameter(body: Body, field: string): number {
  const raw = body?.[field];
  if (raw === undefined) throw ValidationError.field(field, `Missing ${field} parameter`, 'required');
  const text = Array.isArray(raw) ? String(raw[raw.length - 1]) : String(raw);
  if (!/^\s*[-+]?\d+\s*$/.test(text) || !Number.isSafeInteger(Number(text))) throw ValidationError.field(field, 'A valid integer is required.', 'invalid');
  return Number(text);
}

/** Names are stripped, as the reference's text fields do: a name of blanks is no name. */
function trimmedName<T extends { name?: string }>(input: T): T {
  return typeof input.name === 'string' ? { ...input, name: input.name.trim() } : input;
}

/** A numeric path segment; anything else does not name an object (404). */
function pathId(value: string): number {
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) throw new NotFoundError();
  return Number(value);
}

export class TeamsService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
    private readonly changes: ChangesService,
  ) {}

  /** Runs a change to teams or roles and its audit entry in one transaction. */
  private async audited<T>(actor: Actor, activity: AuditActivity, subject: AuditSubject | ((out: T) => AuditSubject), write: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (tx) => {
      const out = await write(tx);
      await recordAudit(tx, actor, activity, typeof subject === 'function' ? subject(out) : subject);
      return out;
    });
  }

  private static team(group: GroupRow, details: Record<string, unknown> = {}): AuditSubject {
    return { groupId: group.id, projectId: group.defining_project_id, details: { team: group.name, ...details } };
  }

  // ----- visibility --------------------------------------------------------------------------

  /** Who the actor is when looking at teams and roles: a user, or anonymous (the view of Guests + Viewers). */
  private static viewer(actor: Actor): TeamViewer {
    return { userId: actor.authenticated && actor.user ? actor.user.id : null, anonymousTeams: ANONYMOUS_TEAMS };
  }

  /** The teams the actor sees, null when it sees every team: its own teams, and those of projects it administers. */
  private groupViewer(actor: Actor): TeamViewer | null {
    if (this.canSeeAllGroups(actor)) return null;
    const administered = actor.authenticated ? this.access.projectsWith(actor, 'project.permissions') : undefined;
    return { ...TeamsService.viewer(actor), administered };
  }

  private roleViewer(actor: Actor): TeamViewer | null {
    return this.canSeeAllRoles(actor) ? null : TeamsService.viewer(actor);
  }

  canSeeAllGroups(actor: Actor): boolean {
    return this.access.canGlobal(actor, 'group.view') || this.access.canGlobal(actor, 'group.edit');
  }

  /**
   * Role managers see every role, and so do project administrators: they compose their project's
   * teams from roles, and a role is only a named set of permission codenames.
   */
  canSeeAllRoles(actor: Actor): boolean {
    if (this.access.canGlobal(actor, 'role.view') || this.access.canGlobal(actor, 'role.edit')) return true;
    return actor.grants?.teams.some((t) => t.permissions.has('project.permissions')) ?? false;
  }

  /** The teams the actor sees, a page at a time in id order. */
  groupList(actor: Actor): { count: () => Promise<number>; page: (limit: number, offset: number) => Promise<GroupRow[]> } {
    const viewer = this.groupViewer(actor);
    return { count: () => countVisibleGroups(this.db, viewer), page: (limit, offset) => visibleGroupsPage(this.db, viewer, limit, offset) };
  }

  /** Site-wide team managers manage every team, project administrators the teams of their project. */
  private async canManageGroup(actor: Actor, group: Pick<GroupRow, 'defining_project_id'>): Promise<boolean> {
    if (this.access.canGlobal(actor, 'group.edit')) return true;
    if (group.defining_project_id === null) return false;
    const project = await projectAccessById(this.db, group.defining_project_id);
    return project !== undefined && this.access.can(actor, 'project.permissions', project);
  }

  private async requireManage(actor: Actor, group: Pick<GroupRow, 'defining_project_id'>): Promise<void> {
    if (await this.canManageGroup(actor, group)) return;
    this.access.requireGlobal(actor, 'group.edit', DENIED_GROUPS);
  }

  private async isTeamAdmin(actor: Actor, group: GroupRow): Promise<boolean> {
    if (!actor.user) return false;
    return isGroupAdmin(this.db, group.id, actor.user.id);
  }

  /** The roles the actor sees, a page at a time in id order. */
  roleList(actor: Actor): { count: () => Promise<number>; page: (limit: number, offset: number) => Promise<RoleRow[]> } {
    const viewer = this.roleViewer(actor);
    return { count: () => countVisibleRoles(this.db, viewer), page: (limit, offset) => visibleRolesPage(this.db, viewer, limit, offset) };
  }

  async getGroupVisible(actor: Actor, id: string): Promise<GroupRow> {
    const row = await visibleGroupById(this.db, this.groupViewer(actor), pathId(id));
    if (!row) throw new NotFoundError();
    return row;
  }

  async getRoleVisible(actor: Actor, id: string): Promise<RoleRow> {
    const row = await visibleRoleById(this.db, this.roleViewer(actor), pathId(id));
    if (!row) throw new NotFoundError();
    return row;
  }

  /** A role about to be changed or removed: the permission is checked before the lookup, so that only role managers learn which roles exist. */
  async getRoleToChange(actor: Actor, id: string): Promise<RoleRow> {
    this.access.requireGlobal(actor, 'role.edit', DENIED_ROLES);
    return this.getRoleVisible(actor, id);
  }

  async reloadGroup(id: number): Promise<GroupRow> {
    return storedGroup(this.db, id);
  }

  // ----- loading related objects for serialization --------------------------------------------

  async permissionsOf(roleIds: readonly number[], db: Executor = this.db): Promise<Map<number, string[]>> {
    const out = new Map<number, string[]>(roleIds.map((id) => [id, []]));
    if (roleIds.length === 0) return out;
    const rows = await permissionsOfRoles(db, roleIds);
    for (const r of rows) out.get(r.role_id)?.push(r.codename);
    return out;
  }

  async relations(groups: readonly GroupRow[]): Promise<Map<number, GroupRelations>> {
    const out = new Map<number, GroupRelations>(
      groups.map((g) => [g.id, { definingProject: null, roles: [], languages: [], projects: [], componentlists: [], components: [], admins: [] }]),
    );
    if (groups.length === 0) return out;
    const ids = groups.map((g) => g.id);
    const get = (id: number) => out.get(id)!;
    const { defining, roles, languages, projects, lists, components, admins } = await groupRelationRows(this.db, ids);
    for (const r of defining) get(r.id).definingProject = r.slug;
    for (const r of roles) get(r.group_id).roles.push(r.role_id);
    for (const r of languages) get(r.group_id).languages.push(r.code);
    for (const r of projects) get(r.group_id).projects.push(r.slug);
    for (const r of lists) get(r.group_id).componentlists.push(r.slug);
    for (const r of components) get(r.group_id).components.push([r.project, r.component]);
    for (const r of admins) get(r.group_id).admins.push(r.username);
    return out;
  }

  /** A team's members for those who decide who is in it (user managers, the team's managers and administrators); null for others. */
  async groupMembers(actor: Actor, group: GroupRow): Promise<TeamMember[] | null> {
    if (!this.access.canGlobal(actor, 'user.edit') && !(await this.canManageGroup(actor, group)) && !(await this.isTeamAdmin(actor, group))) return null;
    return (await membersOfGroups(this.db, [group.id])).map((m) => ({ id: m.id, username: m.username, full_name: m.full_name, is_bot: Boolean(Number(m.is_bot)) }));
  }

  /** Whether the actor may change the team (its settings, roles, languages, projects and components). */
  mayManageGroup(actor: Actor, group: Pick<GroupRow, 'defining_project_id'>): Promise<boolean> {
    return this.canManageGroup(actor, group);
  }

  /** The teams each user is a member of, by user id. */
  async groupIdsOfUsers(userIds: readonly number[]): Promise<Map<number, number[]>> {
    const out = new Map<number, number[]>(userIds.map((id) => [id, []]));
    if (userIds.length === 0) return out;
    const rows = await membershipsOfUsers(this.db, userIds);
    for (const r of rows) out.get(r.user_id)?.push(r.group_id);
    return out;
  }

  /**
   * The teams of a project's access page, for those who manage the project's access: the teams the
   * project defines, then the other teams the actor sees that name the project.
   */
  async projectTeams(actor: Actor, project: ProjectRow): Promise<ProjectTeam[]> {
    this.access.require(actor, 'project.permissions', project, 'You do not have permission to manage the access of this project.');
    const visible = await this.groupList(actor).page(10000, 0);
    const relations = await this.relations(visible);
    const teams = visible
      .filter((g) => g.defining_project_id === project.id || relations.get(g.id)!.projects.includes(project.slug))
      .sort((a, b) => Number(b.defining_project_id === project.id) - Number(a.defining_project_id === project.id) || a.name.localeCompare(b.name));
    const manageable = new Map<number, boolean>();
    for (const g of teams) manageable.set(g.id, (await this.canManageGroup(actor, g)) || (await this.isTeamAdmin(actor, g)));
    const roleIds = [...new Set(teams.flatMap((g) => relations.get(g.id)!.roles))];
    const roleNames = new Map((await this.roleList(actor).page(10000, 0)).filter((r) => roleIds.includes(r.id)).map((r) => [r.id, r.name]));
    const members = new Map<number, TeamMember[]>();
    for (const m of await membersOfGroups(this.db, teams.filter((g) => manageable.get(g.id)).map((g) => g.id))) {
      if (!members.has(m.group_id)) members.set(m.group_id, []);
      members.get(m.group_id)!.push({ id: m.id, username: m.username, full_name: m.full_name, is_bot: Boolean(Number(m.is_bot)) });
    }
    return teams.map((group) => ({
      group,
      relations: relations.get(group.id)!,
      roles: relations.get(group.id)!.roles.map((id) => roleNames.get(id) ?? `#${id}`).sort((a, b) => a.localeCompare(b)),
      members: manageable.get(group.id) ? (members.get(group.id) ?? []) : null,
      manageable: manageable.get(group.id)!,
    }));
  }

  // ----- roles -----------------------------------------------------------------------------------

  private async validateRole(input: RoleInput, existing: RoleRow | null, partial: boolean): Promise<void> {
    const errors = new FieldErrors();
    errors.text('name', input.name, { required: !partial || input.name !== undefined, max: 200 });
    if (input.name && !errors.has('name') && input.name !== existing?.name) {
      if ((await roleIdByName(this.db, input.name)) !== undefined) {
        errors.list.push(...duplicateError('roles', 'name').fieldErrors);
      }
    }
    if (input.permissions !== undefined && input.permissions.some((p) => !isPermission(p))) {
      errors.add('permissions', 'Permission with this codename was not found.', 'does_not_exist');
    }
    if (!errors.empty) throw new ValidationError(errors.list);
  }

  private async addPermissions(db: Executor, roleId: number, permissions: readonly string[]): Promise<void> {
    const present = new Set(await codenamesOfRole(db, roleId));
    const missing = [...new Set(permissions)].filter((p) => !present.has(p));
    if (missing.length) await insertRolePermissions(db, roleId, missing);
  }

  async createRole(actor: Actor, input: RoleInput): Promise<RoleRow> {
    this.access.requireGlobal(actor, 'role.edit', DENIED_ROLES);
    input = trimmedName(input);
    await this.validateRole(input, null, false);
    const subject = (role: RoleRow): AuditSubject => ({ roleId: role.id, details: { role: role.name, permissions: input.permissions ?? [] } });
    return this.audited(actor, 'role.created', subject, async (tx) => {
      const role = await insertRole(tx, input.name!);
      await this.addPermissions(tx, role.id, input.permissions ?? []);
      return role;
    });
  }

  /** PUT replaces the permission set, PATCH adds to it. */
  async updateRole(actor: Actor, role: RoleRow, input: RoleInput, partial: boolean): Promise<RoleRow> {
    this.access.requireGlobal(actor, 'role.edit', DENIED_ROLES);
    input = trimmedName(input);
    await this.validateRole(input, role, partial);
    const details = { role: role.name, name: input.name, permissions: input.permissions, replace: !partial };
    return this.audited(actor, 'role.updated', { roleId: role.id, details }, async (tx) => {
      let row = role;
      if (input.name !== undefined && input.name !== role.name) {
        row = await renameRole(tx, role.id, input.name);
      }
      if (input.permissions !== undefined) {
        if (!partial) {
          await deleteRolePermissionsExcept(tx, role.id, [...new Set(input.permissions)]);
        }
        await this.addPermissions(tx, role.id, input.permissions);
      }
      return row;
    });
  }

  async removeRole(actor: Actor, role: RoleRow): Promise<void> {
    this.access.requireGlobal(actor, 'role.edit', DENIED_ROLES);
    await this.audited(actor, 'role.removed', { roleId: role.id, details: { role: role.name } }, (tx) => deleteRole(tx, role.id));
  }

  // ----- groups ----------------------------------------------------------------------------------

  /** `defining_project` is a project's API URL (or null); undefined when the field is absent. */
  private async resolveProject(errors: FieldErrors, value: string | null | undefined): Promise<ProjectRow | null | undefined> {
    if (value === undefined) return undefined;
    if (value === null || value === '') return null;
    let pathname: string;
    try {
      pathname = new URL(value, 'http://parla.invalid').pathname;
    } catch {
      pathname = '';
    }
    const m = /^\/api\/projects\/([^/]+)\/?$/.exec(pathname);
    if (!m) {
      errors.add('defining_project', 'Invalid hyperlink - No URL match.', 'no_match');
      return undefined;
    }
    let slug: string;
    try {
      slug = decodeURIComponent(m[1]);
    } catch {
      slug = m[1];
    }
    const project = await projectBySlug(this.db, slug);
    if (!project) {
      errors.add('defining_project', 'Invalid hyperlink - Object does not exist.', 'does_not_exist');
      return undefined;
    }
    return project;
  }

  private checkSelections(errors: FieldErrors, input: GroupInput): void {
    errors.choice('project_selection', input.project_selection, PROJECT_SELECTIONS);
    errors.choice('language_selection', input.language_selection, LANGUAGE_SELECTIONS);
  }

  private async checkUniqueName(errors: FieldErrors, name: string, projectId: number | null, exceptId: number | null): Promise<void> {
    if (await groupNameTaken(this.db, name, projectId, exceptId)) errors.list.push(...duplicateError('groups', 'name').fieldErrors);
  }

  async createGroup(actor: Actor, input: GroupInput): Promise<GroupRow> {
    const siteWide = this.access.canGlobal(actor, 'group.edit');
    // Project administrators may create teams of their own project.
    if (!siteWide && !input.defining_project) this.access.requireGlobal(actor, 'group.edit', DENIED_GROUPS);
    input = trimmedName(input);
    const errors = new FieldErrors();
    errors.text('name', input.name, { required: true, max: 150 });
    this.checkSelections(errors, input);
    const project = await this.resolveProject(errors, input.defining_project);
    if (!siteWide && !(project && this.access.can(actor, 'project.permissions', project))) {
      // A project the caller cannot administer is refused whether or not it exists, so nothing leaks.
      this.access.requireGlobal(actor, 'group.edit', DENIED_GROUPS);
    }
    if (input.name && !errors.has('name')) await this.checkUniqueName(errors, input.name, project?.id ?? null, null);
    if (!errors.empty) throw new ValidationError(errors.list);
    return this.audited(actor, 'team.created', (row: GroupRow) => TeamsService.team(row), async (tx) => {
      const row = await insertGroup(tx, {
        name: input.name!,
        // Project-scoped teams select exactly their project.
        project_selection: project ? SELECTION_MANUAL : (input.project_selection ?? SELECTION_MANUAL),
        language_selection: input.language_selection ?? SELECTION_MANUAL,
        defining_project_id: project?.id ?? null,
        enforced_2fa: input.enforced_2fa ? 1 : 0,
      });
      if (project) await insertGroupProject(tx, row.id, project.id);
      return row;
    });
  }

  async updateGroup(actor: Actor, group: GroupRow, input: GroupInput, partial: boolean): Promise<GroupRow> {
    await this.requireManage(actor, group);
    input = trimmedName(input);
    const errors = new FieldErrors();
    errors.text('name', input.name, { required: !partial || input.name !== undefined, max: 150 });
    this.checkSelections(errors, input);
    const project = await this.resolveProject(errors, input.defining_project);
    if (!errors.empty) throw new ValidationError(errors.list);

    const changed = {
      name: input.name !== undefined && input.name !== group.name,
      project_selection: input.project_selection !== undefined && input.project_selection !== group.project_selection,
      language_selection: input.language_selection !== undefined && input.language_selection !== group.language_selection,
      defining_project: project !== undefined && (project?.id ?? null) !== group.defining_project_id,
    };
    if (group.internal) {
      for (const [field, yes] of Object.entries(changed)) if (yes) errors.add(field, BUILTIN_TEAM);
    } else {
      if (changed.defining_project) errors.add('defining_project', 'Cannot change the defining project of an existing team.');
      if (changed.project_selection && group.defining_project_id !== null) errors.add('project_selection', 'Cannot change the project selection of a project team.');
      if (changed.name) await this.checkUniqueName(errors, input.name!, group.defining_project_id, group.id);
    }
    if (!errors.empty) throw new ValidationError(errors.list);

    const set: Partial<Pick<GroupRow, 'name' | 'project_selection' | 'language_selection' | 'enforced_2fa'>> = {};
    if (changed.name) set.name = input.name!;
    if (changed.project_selection) set.project_selection = input.project_selection!;
    if (changed.language_selection) set.language_selection = input.language_selection!;
    if (input.enforced_2fa !== undefined) set.enforced_2fa = input.enforced_2fa ? 1 : 0;
    if (Object.keys(set).length === 0) return group;
    return this.audited(actor, 'team.updated', TeamsService.team(group, set), (tx) =>
      updateGroup(tx, group.id, set),
    );
  }

  async removeGroup(actor: Actor, group: GroupRow): Promise<void> {
    await this.requireManage(actor, group);
    await this.audited(actor, 'team.removed', TeamsService.team(group), (tx) => deleteGroup(tx, group.id));
  }

  // ----- group sub-resources ---------------------------------------------------------------------

  async addRole(actor: Actor, group: GroupRow, body: Body): Promise<void> {
    await this.requireManage(actor, group);
    const id = idParameter(body, 'role_id');
    if (!(await roleExists(this.db, id))) throw ValidationError.field('role_id', msgid('Role not found.'), 'does_not_exist');
    if (group.defining_project_id !== null) {
      const permissions = (await this.permissionsOf([id])).get(id) ?? [];
      if (permissions.some(isGlobalPermission)) throw ValidationError.field('role_id', msgid('Roles with site-wide permissions cannot be added to a project team.'));
    }
    await this.audited(actor, 'team.role-added', { ...TeamsService.team(group), roleId: id }, (tx) => addGroupRole(tx, group.id, id));
  }

  async removeRoleFromGroup(actor: Actor, group: GroupRow, roleId: string): Promise<void> {
    await this.requireManage(actor, group);
    const id = pathId(roleId);
    await this.audited(actor, 'team.role-removed', { ...TeamsService.team(group), roleId: id }, async (tx) => {
      if ((await removeGroupRole(tx, group.id, id)) === 0) throw new NotFoundError();
    });
  }

  async addLanguage(actor: Actor, group: GroupRow, body: Body): Promise<void> {
    await this.requireManage(actor, group);
    const raw = body?.language_code;
    if (raw === undefined) throw ValidationError.field('language_code', msgid('Missing language_code parameter'), 'required');
    if (typeof raw !== 'string' || !/^[A-Za-z0-9_@.-]{1,50}$/.test(raw)) throw ValidationError.field('language_code', msgid('Invalid language code.'));
    const language = await languageIdByCode(this.db, raw);
    if (!language) throw ValidationError.field('language_code', msgid('Language not found.'), 'does_not_exist');
    await this.audited(actor, 'team.language-added', TeamsService.team(group, { language: String(raw) }), (tx) => addGroupLanguage(tx, group.id, language.id));
  }

  async removeLanguage(actor: Actor, group: GroupRow, code: string): Promise<void> {
    await this.requireManage(actor, group);
    const language = await languageIdByCode(this.db, code);
    if (!language) throw new NotFoundError();
    await this.audited(actor, 'team.language-removed', TeamsService.team(group, { language: code }), async (tx) => {
      if ((await removeGroupLanguage(tx, group.id, language.id)) === 0) throw new NotFoundError();
    });
  }

  private refuseScopedProjects(group: GroupRow): void {
    if (group.defining_project_id !== null) throw ValidationError.field('project_id', msgid('Cannot change projects on a scoped team.'));
  }

  async addProject(actor: Actor, group: GroupRow, body: Body): Promise<void> {
    await this.requireManage(actor, group);
    this.refuseScopedProjects(group);
    const id = idParameter(body, 'project_id');
    if (!(await projectExists(this.db, id))) throw ValidationError.field('project_id', msgid('Project not found.'), 'does_not_exist');
    await this.audited(actor, 'team.project-added', { ...TeamsService.team(group), projectId: id }, (tx) => addGroupProject(tx, group.id, id));
  }

  async removeProject(actor: Actor, group: GroupRow, projectId: string): Promise<void> {
    await this.requireManage(actor, group);
    const id = pathId(projectId);
    this.refuseScopedProjects(group);
    await this.audited(actor, 'team.project-removed', { ...TeamsService.team(group), projectId: id }, async (tx) => {
      if ((await removeGroupProject(tx, group.id, id)) === 0) throw new NotFoundError();
    });
  }

  async addComponentList(actor: Actor, group: GroupRow, body: Body): Promise<void> {
    await this.requireManage(actor, group);
    const id = idParameter(body, 'component_list_id');
    if (!(await componentListExists(this.db, id))) throw ValidationError.field('component_list_id', msgid('Component list not found.'), 'does_not_exist');
    await this.audited(actor, 'team.componentlist-added', TeamsService.team(group, { componentlist: id }), (tx) => addGroupComponentList(tx, group.id, id));
  }

  async removeComponentList(actor: Actor, group: GroupRow, listId: string): Promise<void> {
    await this.requireManage(actor, group);
    const id = pathId(listId);
    await this.audited(actor, 'team.componentlist-removed', TeamsService.team(group, { componentlist: id }), async (tx) => {
      if ((await removeGroupComponentList(tx, group.id, id)) === 0) throw new NotFoundError();
    });
  }

  async addComponent(actor: Actor, group: GroupRow, body: Body): Promise<void> {
    await this.requireManage(actor, group);
    const id = idParameter(body, 'component_id');
    const component = await componentAccessById(this.db, id);
    if (!component || !this.access.canViewComponent(actor, { id: component.project_id, access_control: component.access_control }, component)) {
      throw ValidationError.field('component_id', msgid('Component not found.'), 'does_not_exist');
    }
    if (group.defining_project_id !== null && component.project_id !== group.defining_project_id) {
      throw ValidationError.field('component_id', msgid('Only components of the team\'s project can be added to a project team.'));
    }
    await this.audited(actor, 'team.component-added', TeamsService.team(group, { component: id }), (tx) => addGroupComponent(tx, group.id, id));
  }

  async removeComponent(actor: Actor, group: GroupRow, componentId: string): Promise<void> {
    await this.requireManage(actor, group);
    const id = pathId(componentId);
    await this.audited(actor, 'team.component-removed', TeamsService.team(group, { component: id }), async (tx) => {
      if ((await removeGroupComponent(tx, group.id, id)) === 0) throw new NotFoundError();
    });
  }

  /** Makes a user a team administrator, and a member. */
  async grantAdmin(actor: Actor, group: GroupRow, body: Body): Promise<void> {
    // A team's administrators may name further administrators, as its managers may.
    if (!(await this.isTeamAdmin(actor, group))) await this.requireManage(actor, group);
    const raw = body?.user_id;
    if (raw === undefined || raw === null || raw === '' || raw === 0 || raw === '0') throw ValidationError.field('user_id', msgid('User ID is required'), 'required');
    const id = /^\s*-?\d+\s*$/.test(String(raw)) ? Number(raw) : NaN;
    const user = Number.isSafeInteger(id) ? await userById(this.db, id) : undefined;
    if (!user) throw ValidationError.field('user_id', msgid('User not found'), 'does_not_exist');
    // Administration is for people who can sign in: not the anonymous user, a deactivated account or a bot.
    if (!Number(user.is_active) || Number(user.is_bot)) throw ValidationError.field('user_id', msgid('Inactive users and bots cannot administer a team.'), 'invalid');
    await this.audited(actor, 'team.admin-granted', { ...TeamsService.team(group), userId: user.id }, async (tx) => {
      await addGroupAdmin(tx, group.id, user.id);
      await this.join(tx, actor, user, group);
    });
  }

  async revokeAdmin(actor: Actor, group: GroupRow, userId: string): Promise<void> {
    await this.requireManage(actor, group);
    const id = pathId(userId);
    await this.audited(actor, 'team.admin-revoked', { ...TeamsService.team(group), userId: id }, async (tx) => {
      if ((await removeGroupAdmin(tx, group.id, id)) === 0) throw ValidationError.field(null, 'User not found', 'does_not_exist');
    });
  }

  // ----- user memberships ------------------------------------------------------------------------

  private async join(db: Executor, actor: Actor, user: UserRow, group: GroupRow): Promise<void> {
    if (await joinGroup(db, group.id, user.id)) await this.recordAccess(db, actor, user, group, 'added');
  }

  private async recordAccess(db: Executor, actor: Actor, user: UserRow, group: GroupRow, change: 'added' | 'removed'): Promise<void> {
    await recordAudit(db, actor, change === 'added' ? 'team.member-added' : 'team.member-removed', { ...TeamsService.team(group), userId: user.id });
    await this.changes.record(db, {
      action: Action.ACCESS_EDIT,
      userId: actor.user?.id,
      projectId: group.defining_project_id,
      target: user.username,
      details: { username: user.username, team: group.name, change },
    });
  }

  /**
   * `limit_language_codes` of a new membership: a list of known language codes. Parla keeps no
   * per-membership language limits, so a non-empty list is refused (a membership for every language
   * would grant more than was asked); an empty list means no limit.
   */
  private async checkLanguageLimits(body: Body): Promise<void> {
    const raw = body?.limit_language_codes;
    const attr = 'limit_language_codes';
    if (raw === undefined || raw === null) return;
    if (!Array.isArray(raw)) throw ValidationError.field(attr, `Expected a list of items but got type "${pyType(raw)}".`, 'not_a_list');
    for (const code of raw as unknown[]) {
      if (typeof code !== 'string' || !/^[A-Za-z0-9_@.-]{1,50}$/.test(code)) throw ValidationError.field(attr, 'Invalid language code.');
      if (!(await languageIdByCode(this.db, code))) throw ValidationError.field(attr, `Language not found. No language has the code "${code}".`, 'does_not_exist');
    }
    if (raw.length > 0) throw ValidationError.field(attr, 'Memberships limited to some languages are not supported; use a team with a language selection instead.');
  }

  /** POST/DELETE /api/users/<username>/groups/ with `group_id`. */
  async changeMembership(actor: Actor, user: UserRow, body: Body, add: boolean): Promise<void> {
    const userManager = this.access.canGlobal(actor, 'user.edit');
    if (!actor.authenticated) this.access.requireGlobal(actor, 'user.edit', DENIED_USERS);
    const id = idParameter(body, 'group_id');
    const group = await groupById(this.db, id);
    // Besides user managers, a team's managers and administrators decide who is in it.
    if (!userManager && !(group && ((await this.canManageGroup(actor, group)) || (await this.isTeamAdmin(actor, group))))) {
      this.access.requireGlobal(actor, 'user.edit', DENIED_USERS);
    }
    if (!group) throw ValidationError.field('group_id', msgid('Group not found.'), 'does_not_exist');
    if (add) await this.checkLanguageLimits(body);
    await this.db.transaction().execute(async (tx) => {
      if (add) return this.join(tx, actor, user, group);
      const teams = await teamIdsOfUser(tx, user.id);
      if (!teams.includes(group.id)) return;
      if (user.is_bot && teams.length === 1) throw ValidationError.field('group_id', msgid('Cannot remove the last team of a bot user.'));
      await leaveGroup(tx, group.id, user.id);
      await this.recordAccess(tx, actor, user, group, 'removed');
    });
  }
}
