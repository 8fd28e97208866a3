// A project's lock: locking or unlocking every component of the project at once.
import type { Db } from '../../db/database.js';
import type { ProjectRow } from '../../db/schema.js';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import { Action } from '../../domain/change-actions.js';
import { setComponentLocked } from '../../db/components.repository.js';
import { componentLocksOfProject } from '../../db/project-lock.repository.js';
import type { ChangesService } from '../activity/changes.service.js';

export class ProjectLockService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
    private readonly changes: ChangesService,
  ) {}

  /** A project is locked when it has components and every one of them is locked. */
  async isLocked(project: ProjectRow): Promise<boolean> {
    const components = await componentLocksOfProject(this.db, project.id);
    return components.length > 0 && components.every((c) => c.locked === 1);
  }

  /**
   * Locks or unlocks every component of the project (`project.edit`), recording "Component locked" or
   * "Component unlocked" for each component whose state changes, in one transaction; answers the new state.
   */
  async setLock(actor: Actor, project: ProjectRow, lock: boolean): Promise<boolean> {
    this.access.require(actor, 'project.edit', project);
    await this.db.transaction().execute(async (tx) => {
      for (const component of await componentLocksOfProject(tx, project.id)) {
        if ((component.locked === 1) === lock) continue;
        await setComponentLocked(tx, component.id, lock);
        await this.changes.record(tx, { action: lock ? Action.COMPONENT_LOCKED : Action.COMPONENT_UNLOCKED, userId: actor.user?.id, projectId: project.id, componentId: component.id });
      }
    });
    return this.isLocked(project);
  }
}
