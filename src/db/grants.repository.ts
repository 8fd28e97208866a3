// What teams grant: the rows access checks are built from, and the project filters they hand to list queries.
import { sql, type ExpressionWrapper, type SqlBool } from 'kysely';
import type { Executor } from './database.js';
import type { Database } from './schema.js';
import type { ProjectsFilter } from './projects.repository.js';
import type { ComponentsFilter } from './components.repository.js';

/**
 * One row per thing a team holds: 'g' the team itself (a: project selection, b: language selection),
 * 'r' a permission of its roles (codename), 'p' a project it selects by hand or through a component (a),
 * 'c' a project of a component in one of its component lists (a), 'l' a language it is limited to (a).
 * Rows of a component the team selects (its components, its component lists' components) carry that
 * component's id in b when the component is restricted.
 */
export interface GrantRow {
  kind: string;
  team: number;
  a: number | null;
  b: number | null;
  codename: string | null;
}

/** What the user's teams hold (null: the anonymous teams, those with these names), in one round trip. */
export async function grantRows(db: Executor, userId: number | null, anonymousTeams: readonly string[]): Promise<GrantRow[]> {
  const teamIds = userId !== null
    ? sql`SELECT group_id FROM group_members WHERE user_id = ${userId}`
    : sql`SELECT id FROM groups WHERE name IN (${sql.join([...anonymousTeams])}) AND defining_project_id IS NULL AND internal = 1`;
  const restrictedId = sql`CASE WHEN c.restricted = 1 THEN c.id END`;
  const { rows } = await sql<GrantRow>`
      SELECT 'g' AS kind, g.id AS team, g.project_selection AS a, g.language_selection AS b, NULL AS codename FROM groups g WHERE g.id IN (${teamIds})
      UNION ALL SELECT 'r', gr.group_id, NULL, NULL, rp.codename FROM group_roles gr JOIN role_permissions rp ON rp.role_id = gr.role_id WHERE gr.group_id IN (${teamIds})
      UNION ALL SELECT 'p', gp.group_id, gp.project_id, NULL, NULL FROM group_projects gp WHERE gp.group_id IN (${teamIds})
      UNION ALL SELECT 'p', gc.group_id, c.project_id, ${restrictedId}, NULL FROM group_components gc JOIN components c ON c.id = gc.component_id WHERE gc.group_id IN (${teamIds})
      UNION ALL SELECT 'c', gl.group_id, c.project_id, ${restrictedId}, NULL FROM group_componentlists gl
        JOIN component_list_components lc ON lc.componentlist_id = gl.componentlist_id JOIN components c ON c.id = lc.component_id WHERE gl.group_id IN (${teamIds})
      UNION ALL SELECT 'l', gn.group_id, gn.language_id, NULL, NULL FROM group_languages gn WHERE gn.group_id IN (${teamIds})`.execute(db);
  return rows;
}

/** Projects with one of the `open` access levels, or (when there are any) one of the `explicit` ids. */
export function openOrListedProjects(open: readonly number[], explicit: readonly number[]): NonNullable<ProjectsFilter> {
  if (explicit.length === 0) return (eb) => eb('projects.access_control', 'in', [...open]);
  return (eb) => eb.or([eb('projects.access_control', 'in', [...open]), eb('projects.id', 'in', [...explicit])]);
}

/** Projects with one of these access levels or one of these ids; neither: no project (1 = 0). */
export function projectsByLevelOrId(levels: ReadonlySet<number>, ids: ReadonlySet<number>): NonNullable<ProjectsFilter> {
  return (eb) => {
    const terms: ExpressionWrapper<Database, 'projects', SqlBool>[] = [];
    if (levels.size) terms.push(eb('projects.access_control', 'in', [...levels]));
    if (ids.size) terms.push(eb('projects.id', 'in', [...ids]));
    return eb.or(terms); // no terms: 1 = 0
  };
}

/** Components that are not restricted, or (when there are any) one of the `restricted` ids an actor's teams select. */
export function unrestrictedOrListedComponents(restricted: readonly number[]): NonNullable<ComponentsFilter> {
  if (restricted.length === 0) return (eb) => eb('components.restricted', '=', 0);
  return (eb) => eb.or([eb('components.restricted', '=', 0), eb('components.id', 'in', [...restricted])]);
}

/** Projects with one of the `open` access levels, or any project but the `excluded` ids. */
export function openOrNotListedProjects(open: readonly number[], excluded: readonly number[]): NonNullable<ProjectsFilter> {
  return (eb) => eb.or([eb('projects.access_control', 'in', [...open]), eb('projects.id', 'not in', [...excluded])]);
}

/** The projects of `filter` (null: every project) but the `excluded` ids. */
export function projectsExcept(filter: ProjectsFilter, excluded: readonly number[]): NonNullable<ProjectsFilter> {
  return (eb) => (filter ? eb.and([filter(eb), eb('projects.id', 'not in', [...excluded])]) : eb('projects.id', 'not in', [...excluded]));
}
