// Built-in roles and teams as data: seeding, the automatic teams of new projects, new users' teams.
import type { Executor } from '../../db/database.js';
import type { ProjectRow, UserRow } from '../../db/schema.js';
import { BUILTIN_ROLES, DEFAULT_TEAMS, PROJECT_TEAMS, SELECTION_ALL, SELECTION_MANUAL, projectTeamNames } from '../../auth/permissions.js';
import { compileUserRegex } from '../../checks/safe-regex.js';
import { allUsers } from '../../db/users.repository.js';
import { allProjects } from '../../db/projects.repository.js';
import {
  autoAssignedTeams,
  builtinSiteTeamNames,
  insertBuiltinRole,
  insertGroupId,
  insertGroupProject,
  insertGroupRoles,
  insertMembers,
  insertRolePermissions,
  namesOfProjectTeams,
  projectTeamId,
  roleIdByName,
  rolesByNames,
  siteTeamNames,
  teamIdsOfUser,
} from '../../db/teams.repository.js';

async function roleIds(db: Executor, names: readonly string[]): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  const rows = await rolesByNames(db, names);
  return new Map(rows.map((r) => [r.name, r.id]));
}

/** Creates the built-in roles that do not exist yet (existing ones keep what administrators made of them). */
export async function seedRoles(db: Executor): Promise<number> {
  const existing = await roleIds(db, Object.keys(BUILTIN_ROLES));
  let created = 0;
  for (const [name, permissions] of Object.entries(BUILTIN_ROLES)) {
    if (existing.has(name)) continue;
    const roleId = await insertBuiltinRole(db, name);
    if (permissions.length) await insertRolePermissions(db, roleId, permissions);
    created++;
  }
  return created;
}

/**
 * Creates the default site-wide teams that do not exist yet. On the first run over an existing
 * database, existing users join the automatically assigned teams and existing projects get their teams.
 */
export async function seedDefaultTeams(db: Executor): Promise<number> {
  const present = new Set(await builtinSiteTeamNames(db));
  const firstRun = present.size === 0;
  // Team names are unique per scope: a team of someone's own by a default team's name keeps it.
  const taken = new Set(await siteTeamNames(db));
  const roles = await roleIds(db, DEFAULT_TEAMS.flatMap((t) => t.roles));
  let created = 0;
  for (const team of DEFAULT_TEAMS) {
    if (taken.has(team.name)) continue;
    const groupId = await insertGroupId(db, {
      name: team.name,
      project_selection: team.projectSelection,
      language_selection: SELECTION_ALL,
      defining_project_id: null,
      internal: 1,
      auto_assign: team.autoAssign ?? '',
    });
    const ids = team.roles.map((r) => roles.get(r)).filter((id): id is number => id !== undefined);
    if (ids.length) await insertGroupRoles(db, groupId, ids);
    created++;
  }
  if (firstRun && created > 0) {
    for (const user of await allUsers(db)) await joinAutomaticTeams(db, user);
    for (const project of await allProjects(db)) await ensureProjectTeams(db, project);
  }
  return created;
}

/** Adds a user to the teams whose automatic assignment matches their e-mail. */
export async function joinAutomaticTeams(db: Executor, user: Pick<UserRow, 'id' | 'email'>): Promise<void> {
  const teams = await autoAssignedTeams(db);
  // Patterns administrators type are matched in linear time; one that does not compile matches nobody.
  const matching = teams.filter((t) => {
    const compiled = compileUserRegex(t.auto_assign);
    return compiled.ok && compiled.regex.test(user.email);
  });
  if (matching.length === 0) return;
  const already = new Set(await teamIdsOfUser(db, user.id));
  const rows = matching.filter((t) => !already.has(t.id)).map((t) => ({ group_id: t.id, user_id: user.id }));
  if (rows.length) await insertMembers(db, rows);
}

/** Creates the per-project teams a project should have and does not have yet; never removes any. */
export async function ensureProjectTeams(db: Executor, project: Pick<ProjectRow, 'id' | 'access_control' | 'source_review' | 'translation_review'>): Promise<void> {
  const wanted = projectTeamNames(project);
  if (wanted.length === 0) return;
  // Every team of the project counts: names are unique per project, so a team of that name made over the API stays in its place.
  const present = new Set(await namesOfProjectTeams(db, project.id));
  const missing = PROJECT_TEAMS.filter((t) => wanted.includes(t.name) && !present.has(t.name));
  if (missing.length === 0) return;
  const roles = await roleIds(db, missing.map((t) => t.role));
  for (const team of missing) {
    const groupId = await insertGroupId(db, { name: team.name, project_selection: SELECTION_MANUAL, language_selection: SELECTION_ALL, defining_project_id: project.id, internal: 1 });
    await insertGroupProject(db, groupId, project.id);
    const roleId = roles.get(team.role);
    if (roleId !== undefined) await insertGroupRoles(db, groupId, [roleId]);
  }
}

/** The project's Administration team, created (for custom access control, say) when it has none. */
export async function projectAdministrationTeam(db: Executor, project: Pick<ProjectRow, 'id'>): Promise<number> {
  const existing = await projectTeamId(db, project.id, 'Administration');
  if (existing !== undefined) return existing;
  const groupId = await insertGroupId(db, { name: 'Administration', project_selection: SELECTION_MANUAL, language_selection: SELECTION_ALL, defining_project_id: project.id, internal: 1 });
  await insertGroupProject(db, groupId, project.id);
  const roleId = await roleIdByName(db, 'Administration');
  if (roleId !== undefined) await insertGroupRoles(db, groupId, [roleId]);
  return groupId;
}
