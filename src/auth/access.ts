// The one access check: may this actor see or do P on this project, and which projects may it see.
import type { ExpressionBuilder, ExpressionWrapper, SqlBool } from 'kysely';
import type { Database, ProjectRow } from '../db/schema.js';
import { NotAuthenticatedError, NotFoundError, PermissionDeniedError } from '../shared/errors.js';
import type { Actor } from './actor.js';
import {
  ACCESS_PROTECTED,
  ACCESS_PUBLIC,
  GUEST_PUBLIC_PERMISSIONS,
  USER_PUBLIC_PERMISSIONS,
  type GlobalPermission,
  type ObjectPermission,
} from './permissions.js';

type ProjectLike = Pick<ProjectRow, 'id' | 'access_control'>;

export class AccessControl {
  /** Projects an actor may see: public and protected ones for everybody, all of them for superusers. */
  canView(actor: Actor, project: ProjectLike): boolean {
    if (actor.isSuperuser) return true;
    return project.access_control === ACCESS_PUBLIC || project.access_control === ACCESS_PROTECTED;
  }

  /** SQL filter on a query that joins `projects`, so lists are filtered in the database, not after loading. */
  visibleProjects(actor: Actor): ((eb: ExpressionBuilder<Database, 'projects'>) => ExpressionWrapper<Database, 'projects', SqlBool>) | null {
    if (actor.isSuperuser) return null;
    return (eb) => eb('projects.access_control', 'in', [ACCESS_PUBLIC, ACCESS_PROTECTED]);
  }

  can(actor: Actor, permission: ObjectPermission, project: ProjectLike): boolean {
    if (actor.isSuperuser) return true;
    if (project.access_control !== ACCESS_PUBLIC) return false; // membership-based access arrives with teams
    return (actor.authenticated ? USER_PUBLIC_PERMISSIONS : GUEST_PUBLIC_PERMISSIONS).has(permission);
  }

  canGlobal(actor: Actor, _permission: GlobalPermission): boolean {
    return actor.isSuperuser;
  }

  /** Throws 404 for invisible projects, 401 for anonymous callers, 403 otherwise. */
  require(actor: Actor, permission: ObjectPermission, project: ProjectLike, message?: string): void {
    if (!this.canView(actor, project)) throw new NotFoundError();
    if (this.can(actor, permission, project)) return;
    if (!actor.authenticated) throw new NotAuthenticatedError();
    throw new PermissionDeniedError(message);
  }

  requireGlobal(actor: Actor, permission: GlobalPermission, message?: string): void {
    if (this.canGlobal(actor, permission)) return;
    if (!actor.authenticated) throw new NotAuthenticatedError();
    throw new PermissionDeniedError(message);
  }
}
