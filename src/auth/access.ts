// The one access check: may this actor see or do P on this project, and which projects may it see.
// Answers from the teams the actor belongs to: a team grants the permissions of its roles
// on the projects its selection covers, limited to its languages when it selects some.
import type { Db } from '../db/database.js';
import type { ComponentRow, ProjectRow } from '../db/schema.js';
import { grantRows, type GrantRow, openOrListedProjects, openOrNotListedProjects, projectsByLevelOrId, projectsExcept, unrestrictedOrListedComponents } from '../db/grants.repository.js';
import { secondFactorEnforcement } from '../db/two-factor.repository.js';
import type { ProjectsFilter } from '../db/projects.repository.js';
import type { ComponentsFilter } from '../db/components.repository.js';
import { NotAuthenticatedError, NotFoundError, PermissionDeniedError } from '../shared/errors.js';
import type { Actor } from './actor.js';
import { ReadCache } from '../db/read-cache.js';
import {
  ACCESS_PROTECTED,
  ACCESS_PUBLIC,
  ANONYMOUS_TEAMS,
  BUILTIN_ROLES,
  DEFAULT_TEAMS,
  SELECTION_ALL,
  SELECTION_ALL_PROTECTED,
  SELECTION_ALL_PUBLIC,
  SELECTION_COMPONENT_LIST,
  SELECTION_MANUAL,
  isGlobalPermission,
  type GlobalPermission,
  type ObjectPermission,
} from './permissions.js';

export type ProjectLike = Pick<ProjectRow, 'id' | 'access_control'>;
/** What access checks need of a component: whether it is restricted (0/1 as stored, or a boolean). */
export interface ComponentLike {
  readonly id: number;
  readonly restricted: ComponentRow['restricted'] | boolean;
}

/** One team of the actor, reduced to what access checks need. */
export interface TeamGrant {
  readonly projectSelection: number;
  /** Projects selected by hand, plus the projects of selected components; for selection 2 the projects of its lists' components. */
  readonly projects: ReadonlySet<number>;
  /** null: every language. */
  readonly languages: ReadonlySet<number> | null;
  readonly permissions: ReadonlySet<string>;
  /**
   * Members see the projects the team covers. Not so for teams whose roles hold only site-wide
   * permissions (Project creators covers every project to let its members create some, not to
   * show them everybody's private projects).
   */
  readonly grantsView: boolean;
  /**
   * Restricted components the team selects (its components, its component lists' components): their
   * members see them, and only such teams grant permissions in them.
   */
  readonly restrictedComponents: ReadonlySet<number>;
  /** Projects the team does not cover for this actor: they enforce two-factor authentication and the actor's session has none. */
  readonly excludedProjects?: ReadonlySet<number>;
}

/** Everything the actor's teams grant, loaded once per request. */
export interface Grants {
  readonly teams: readonly TeamGrant[];
  readonly global: ReadonlySet<string>;
  /** Some team selects every project. */
  readonly allProjects: boolean;
  /** Projects some team selects explicitly (by hand or through components). */
  readonly explicitProjects: readonly number[];
  /** Restricted components some team (one that grants view) selects: the only restricted components the actor sees. */
  readonly restrictedComponents: readonly number[];
  /** Projects enforcing two-factor authentication, for a browser session without a second factor: no team covers them. */
  readonly excludedProjects?: readonly number[];
}

/** What a browser session without a second factor loses: teams and projects that enforce two-factor authentication. */
interface Without2fa {
  readonly projects: ReadonlySet<number>;
  readonly teams: ReadonlySet<number>;
}

function teamCovers(team: TeamGrant, project: ProjectLike): boolean {
  if (team.excludedProjects?.has(project.id)) return false;
  switch (team.projectSelection) {
    case SELECTION_ALL:
      return true;
    case SELECTION_ALL_PUBLIC:
      return project.access_control === ACCESS_PUBLIC;
    case SELECTION_ALL_PROTECTED:
      return project.access_control === ACCESS_PROTECTED;
    case SELECTION_MANUAL:
    case SELECTION_COMPONENT_LIST:
      return team.projects.has(project.id);
    default:
      return false;
  }
}

/** Selections whose projects are listed in `projects` (by hand, or through component lists). */
const byProjectList = (team: TeamGrant) => team.projectSelection === SELECTION_MANUAL || team.projectSelection === SELECTION_COMPONENT_LIST;

function buildGrants(teams: TeamGrant[], excludedProjects?: ReadonlySet<number>): Grants {
  const global = new Set<string>();
  const explicit = new Set<number>();
  const restricted = new Set<number>();
  for (const team of teams) {
    for (const p of team.permissions) if (isGlobalPermission(p)) global.add(p);
    if (byProjectList(team) && team.grantsView) for (const id of team.projects) explicit.add(id);
    if (team.grantsView) for (const id of team.restrictedComponents) restricted.add(id);
  }
  return {
    teams,
    global,
    allProjects: teams.some((t) => t.projectSelection === SELECTION_ALL && t.grantsView),
    explicitProjects: [...explicit],
    restrictedComponents: [...restricted].sort((a, b) => a - b),
    ...(excludedProjects?.size ? { excludedProjects: [...excludedProjects].sort((a, b) => a - b) } : {}),
  };
}

/** What the default teams grant, for actors that did not come through a request (no grants loaded). */
function defaultGrants(authenticated: boolean): Grants {
  const names = authenticated ? ['Guests', 'Viewers', 'Users'] : [...ANONYMOUS_TEAMS];
  return buildGrants(
    DEFAULT_TEAMS.filter((t) => names.includes(t.name)).map((t) => {
      const permissions = new Set(t.roles.flatMap((r) => BUILTIN_ROLES[r] ?? []));
      return { projectSelection: t.projectSelection, projects: new Set<number>(), languages: null, permissions, grantsView: grantsView(permissions), restrictedComponents: new Set<number>() };
    }),
  );
}
const DEFAULT_ANONYMOUS = defaultGrants(false);
const DEFAULT_USER = defaultGrants(true);

function grantsView(permissions: ReadonlySet<string>): boolean {
  if (permissions.size === 0) return true;
  for (const p of permissions) if (!isGlobalPermission(p)) return true;
  return false;
}

function group<K, V>(rows: readonly { key: K; value: V }[]): Map<K, Set<V>> {
  const map = new Map<K, Set<V>>();
  for (const { key, value } of rows) {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(value);
  }
  return map;
}

export class AccessControl {
  /** Grants by user id (0: anonymous), read once per database change (read-cache.ts). */
  constructor(private readonly grantsCache: ReadCache<number, Grants> = ReadCache.none()) {}

  /**
   * The actor with the grants of its teams: members of teams for users, the anonymous teams
   * (Guests, Viewers) for everybody else. Called once per request right after authentication.
   */
  async load(db: Db, actor: Actor): Promise<Actor> {
    if (actor.isSuperuser) return actor;
    const userId = actor.authenticated && actor.user ? actor.user.id : null;
    if (userId !== null && actor.browserSession && actor.user?.has_2fa !== 1) {
      // Cached apart from the user's full grants (under the negated id): tokens of the same user keep those.
      return { ...actor, grants: await this.grantsCache.get(-userId, () => this.loadGrantsWithout2fa(db, userId)) };
    }
    return { ...actor, grants: await this.grantsCache.get(userId ?? 0, () => this.loadGrants(db, userId)) };
  }

  private async loadGrantsWithout2fa(db: Db, userId: number): Promise<Grants> {
    // Read alongside the grants, not before them: the session's requests wait for one round trip more at most.
    const [enforcing, rows] = await Promise.all([secondFactorEnforcement(db, userId), grantRows(db, userId, ANONYMOUS_TEAMS)]);
    if (enforcing.projects.length === 0 && enforcing.teams.length === 0) return this.grantsFrom(rows);
    return this.grantsFrom(rows, { projects: new Set(enforcing.projects), teams: new Set(enforcing.teams) });
  }

  /** load() without waiting, when the grants are in the read cache; undefined when they are not. */
  cachedLoad(actor: Actor): Actor | undefined {
    if (actor.isSuperuser) return actor;
    if (actor.browserSession) return undefined;
    const grants = this.grantsCache.peek(actor.authenticated && actor.user ? actor.user.id : 0);
    return grants && { ...actor, grants };
  }

  private async loadGrants(db: Db, userId: number | null): Promise<Grants> {
    // One round trip for the teams and everything they hold.
    return this.grantsFrom(await grantRows(db, userId, ANONYMOUS_TEAMS));
  }

  private grantsFrom(grantRowsRead: GrantRow[], without2fa?: Without2fa): Grants {
    let rows = grantRowsRead;
    if (without2fa) {
      const { teams, projects } = without2fa;
      rows = rows.filter((r) => !teams.has(Number(r.team)) && !((r.kind === 'p' || r.kind === 'c') && projects.has(Number(r.a))));
    }
    const groups = rows.filter((r) => r.kind === 'g');
    if (groups.length === 0) return buildGrants([]);
    const pairs = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => ({ key: Number(r.team), value: Number(r.a) }));
    const perms = group(rows.filter((r) => r.kind === 'r').map((r) => ({ key: Number(r.team), value: r.codename! })));
    const projectIds = group(pairs('p'));
    // Selection 2: the projects of the components in the team's component lists.
    const listProjectIds = group(pairs('c'));
    const languageIds = group(pairs('l'));
    // Restricted components the team selects, through its components or its component lists.
    const restrictedIds = group(rows.filter((r) => (r.kind === 'p' || r.kind === 'c') && r.b !== null).map((r) => ({ key: Number(r.team), value: Number(r.b) })));
    const teams = groups.map((g) => {
      const id = Number(g.team);
      const permissions = perms.get(id) ?? new Set<string>();
      return {
        projectSelection: Number(g.a),
        projects: (Number(g.a) === SELECTION_COMPONENT_LIST ? listProjectIds : projectIds).get(id) ?? new Set<number>(),
        languages: Number(g.b) === SELECTION_ALL ? null : (languageIds.get(id) ?? new Set<number>()),
        permissions,
        grantsView: grantsView(permissions),
        restrictedComponents: restrictedIds.get(id) ?? new Set<number>(),
        ...(without2fa?.projects.size ? { excludedProjects: without2fa.projects } : {}),
      };
    });
    return buildGrants(teams, without2fa?.projects);
  }

  private grants(actor: Actor): Grants {
    return actor.grants ?? (actor.authenticated ? DEFAULT_USER : DEFAULT_ANONYMOUS);
  }

  /** Public and protected projects are visible to everybody, others to members of teams covering them. */
  canView(actor: Actor, project: ProjectLike): boolean {
    if (actor.isSuperuser) return true;
    if (project.access_control === ACCESS_PUBLIC || project.access_control === ACCESS_PROTECTED) return true;
    return this.grants(actor).teams.some((t) => t.grantsView && teamCovers(t, project));
  }

  /**
   * Whether the actor sees a component: it sees the project and, when the component is restricted, some
   * team of the actor selects the component (superusers see every one).
   */
  canViewComponent(actor: Actor, project: ProjectLike, component: ComponentLike): boolean {
    if (!this.canView(actor, project)) return false;
    return this.seesRestriction(actor, component);
  }

  /** The restriction half of canViewComponent, for callers that checked the project already. */
  seesRestriction(actor: Actor, component: ComponentLike): boolean {
    if (!component.restricted || actor.isSuperuser) return true;
    return this.grants(actor).restrictedComponents.includes(component.id);
  }

  /**
   * SQL filter on a query that joins `components`, the other half of visibleProjects(): the restricted
   * components the actor may not see are left out. null for superusers.
   */
  visibleComponents(actor: Actor): ComponentsFilter {
    if (actor.isSuperuser) return null;
    return unrestrictedOrListedComponents(this.grants(actor).restrictedComponents);
  }

  /** SQL filter on a query that joins `projects`, so lists are filtered in the database, not after loading. */
  visibleProjects(actor: Actor): ProjectsFilter {
    if (actor.isSuperuser) return null;
    const grants = this.grants(actor);
    if (grants.allProjects) return grants.excludedProjects ? openOrNotListedProjects([ACCESS_PUBLIC, ACCESS_PROTECTED], grants.excludedProjects) : null;
    return openOrListedProjects([ACCESS_PUBLIC, ACCESS_PROTECTED], grants.explicitProjects);
  }

  /**
   * Names what visibleProjects() and visibleComponents() let the actor see: equal keys, equal filters
   * (caches of visible sums are keyed by it).
   */
  visibilityKey(actor: Actor): string {
    if (actor.isSuperuser) return 'all';
    const grants = this.grants(actor);
    const projects = grants.allProjects ? 'all' : `open+${[...grants.explicitProjects].sort((a, b) => a - b).join(',')}`;
    const excluded = grants.excludedProjects ? `|excluded:${grants.excludedProjects.join(',')}` : '';
    return `${projects}|restricted:${grants.restrictedComponents.join(',')}${excluded}`;
  }

  /**
   * SQL filter on `projects` for the projects where the actor holds `permission` (languages aside):
   * null when it holds it everywhere, so that "teams of projects I administer" is one query.
   */
  projectsWith(actor: Actor, permission: ObjectPermission): ProjectsFilter {
    if (actor.isSuperuser) return null;
    const excluded = this.grants(actor).excludedProjects;
    const filter = this.projectsWithCovered(actor, permission);
    return excluded ? projectsExcept(filter, excluded) : filter;
  }

  private projectsWithCovered(actor: Actor, permission: ObjectPermission): ProjectsFilter {
    const teams = this.grants(actor).teams.filter((t) => t.permissions.has(permission));
    if (teams.some((t) => t.projectSelection === SELECTION_ALL)) return null;
    const levels = new Set<number>();
    const ids = new Set<number>();
    for (const t of teams) {
      if (t.projectSelection === SELECTION_ALL_PUBLIC) levels.add(ACCESS_PUBLIC);
      else if (t.projectSelection === SELECTION_ALL_PROTECTED) levels.add(ACCESS_PROTECTED);
      else if (byProjectList(t)) for (const id of t.projects) ids.add(id);
    }
    return projectsByLevelOrId(levels, ids);
  }

  /**
   * Whether some team of the actor covering the project grants `permission`. Teams limited to some
   * languages count only for those languages when `languageId` is given, project-wide otherwise.
   */
  can(actor: Actor, permission: ObjectPermission, project: ProjectLike, languageId?: number): boolean {
    if (actor.isSuperuser) return true;
    return this.grants(actor).teams.some(
      (t) =>
        t.permissions.has(permission) &&
        teamCovers(t, project) &&
        (languageId === undefined || t.languages === null || t.languages.has(languageId)),
    );
  }

  /**
   * can() inside a component: in a restricted component only the teams that select it grant permissions
   * (a team covering the whole project grants none there).
   */
  canIn(actor: Actor, permission: ObjectPermission, project: ProjectLike, component: ComponentLike, languageId?: number): boolean {
    if (!component.restricted || actor.isSuperuser) return this.can(actor, permission, project, languageId);
    return this.grants(actor).teams.some(
      (t) =>
        t.permissions.has(permission) &&
        t.restrictedComponents.has(component.id) &&
        (languageId === undefined || t.languages === null || t.languages.has(languageId)),
    );
  }

  /** require() inside a component: 404 when the actor does not see the component, then as canIn(). */
  requireIn(actor: Actor, permission: ObjectPermission, project: ProjectLike, component: ComponentLike, message?: string, languageId?: number): void {
    if (!this.canViewComponent(actor, project, component)) throw new NotFoundError();
    if (this.canIn(actor, permission, project, component, languageId)) return;
    if (!actor.authenticated) throw new NotAuthenticatedError();
    throw new PermissionDeniedError(message);
  }

  /** Global permissions come from the roles of every team of the actor, whatever its selection. */
  canGlobal(actor: Actor, permission: GlobalPermission): boolean {
    if (actor.isSuperuser) return true;
    return this.grants(actor).global.has(permission);
  }

  /** Throws 404 for invisible projects, 401 for anonymous callers, 403 otherwise. */
  require(actor: Actor, permission: ObjectPermission, project: ProjectLike, message?: string, languageId?: number): void {
    if (!this.canView(actor, project)) throw new NotFoundError();
    if (this.can(actor, permission, project, languageId)) return;
    if (!actor.authenticated) throw new NotAuthenticatedError();
    throw new PermissionDeniedError(message);
  }

  requireGlobal(actor: Actor, permission: GlobalPermission, message?: string): void {
    if (this.canGlobal(actor, permission)) return;
    if (!actor.authenticated) throw new NotAuthenticatedError();
    throw new PermissionDeniedError(message);
  }
}
