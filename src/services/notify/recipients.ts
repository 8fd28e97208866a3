// Who a change reaches: a subscription's scope (all, watched, administered, one project, one component) and what its user may see.
import type { Db } from '../../db/database.js';
import { accessRows, usersByIds, watchedPairs, type CandidateSubscription } from '../../db/notify.repository.js';
import type { UserRow } from '../../db/schema.js';
import { userActor, type Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import { SCOPE } from '../activity/notifications.service.js';

/** What scope checks need of a change (or of a project and component a summary is about). */
export interface Place {
  project_id: number | null;
  component_id: number | null;
}

/**
 * The users of some subscriptions, with their grants, watched projects and the access settings of the
 * projects and components in question, read once for a batch.
 */
export class Audience {
  private readonly actors = new Map<number, Promise<Actor>>();

  private constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
    readonly users: ReadonlyMap<number, UserRow>,
    private readonly watched: ReadonlySet<string>,
    private readonly projects: ReadonlyMap<number, { id: number; access_control: number }>,
    private readonly components: ReadonlyMap<number, { id: number; restricted: number }>,
  ) {}

  static async load(db: Db, access: AccessControl, subscriptions: readonly CandidateSubscription[], projectIds: readonly number[], componentIds: readonly number[]): Promise<Audience> {
    const userIds = [...new Set(subscriptions.map((s) => s.user_id))];
    const watchers = [...new Set(subscriptions.filter((s) => s.scope === SCOPE.WATCHED).map((s) => s.user_id))];
    const [users, watched, rows] = await Promise.all([usersByIds(db, userIds), watchedPairs(db, watchers, projectIds), accessRows(db, projectIds, componentIds)]);
    return new Audience(
      db,
      access,
      new Map(users.filter((u) => u.is_active === 1 && u.is_bot === 0 && u.email !== '').map((u) => [u.id, u])),
      new Set(watched.map((w) => `${w.user_id}:${w.project_id}`)),
      new Map(rows.projects.map((p) => [p.id, p])),
      new Map(rows.components.map((c) => [c.id, c])),
    );
  }

  private actor(user: UserRow): Promise<Actor> {
    let actor = this.actors.get(user.id);
    if (!actor) {
      actor = this.access.load(this.db, userActor(user));
      this.actors.set(user.id, actor);
    }
    return actor;
  }

  /**
   * Whether the subscription covers this place and its user may see it: the project (and, for a
   * restricted component, the component) must be visible to the user, whatever the scope.
   */
  async reaches(sub: CandidateSubscription, place: Place): Promise<boolean> {
    const user = this.users.get(sub.user_id);
    if (!user) return false;
    const project = place.project_id === null ? undefined : this.projects.get(place.project_id);
    if (place.project_id !== null && !project) return false; // removed since
    switch (sub.scope) {
      case SCOPE.ALL:
        break;
      case SCOPE.WATCHED:
        if (!project || !this.watched.has(`${user.id}:${project.id}`)) return false;
        break;
      case SCOPE.ADMIN:
        if (!project || !this.access.can(await this.actor(user), 'project.edit', project)) return false;
        break;
      case SCOPE.PROJECT:
        if (!project || sub.project_id !== project.id) return false;
        break;
      case SCOPE.COMPONENT:
        if (place.component_id === null || sub.component_id !== place.component_id) return false;
        break;
      default:
        return false;
    }
    if (!project) return true; // a site-wide change (an announcement for everybody)
    const actor = await this.actor(user);
    if (!this.access.canView(actor, project)) return false;
    if (place.component_id === null) return true;
    const component = this.components.get(place.component_id);
    return component !== undefined && this.access.seesRestriction(actor, component);
  }
}
