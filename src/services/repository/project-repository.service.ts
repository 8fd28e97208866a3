// A project's repositories taken together: the status over the components the caller may act on, and operations run on them at once or as a task.
import type { Db } from '../../db/database.js';
import { componentIdsOfProject } from '../../db/projects.repository.js';
import { unfinishedProjectTask } from '../../db/tasks.repository.js';
import type { ComponentWithRefs } from '../../db/places.js';
import type { ProjectRow } from '../../db/schema.js';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import type { ObjectPermission } from '../../auth/permissions.js';
import { componentPathSegment, PATH_SEPARATOR } from '../../domain/component-paths.js';
import { PermissionDeniedError } from '../../shared/errors.js';
import type { TaskContext, TaskQueue } from '../../tasks/task-queue.js';
import { pendingUnits } from './repository-status.js';
import {
  checkedOperation,
  OPERATION_PERMISSION,
  STATUS_PERMISSIONS,
  type OperationResult,
  type RepositoryOperation,
  type RepositoryService,
  type RepositoryStatus,
} from './repository.service.js';

export const PROJECT_REPOSITORY_TASK = 'repository-operation';

/**
 * Which components of a project a status or an operation covers, by full slug (`project/category/component`).
 * Components the caller does not see are in none of the lists.
 */
export interface ProjectRepositoryScope {
  /** Components the caller may act on, in their own repository or in one they may act on too. */
  included_components: string[];
  /** Components the caller sees but may not act on. */
  skipped_components: string[];
  /** Components the caller may act on, left out because they work in another component's repository the caller may not act on. */
  permission_blockers: string[];
}

/** The project level: the needs_* flags over its included components and their pending edits; the per-repository fields are null. */
export type ProjectRepositoryStatus = Pick<RepositoryStatus, 'needs_commit' | 'needs_merge' | 'needs_push' | 'pending_units'> & {
  [K in 'remote_commit' | 'weblate_commit' | 'status' | 'merge_failure' | 'outgoing_commits' | 'missing_commits']: null;
} & ProjectRepositoryScope;

/** What a project-level operation did: ran (the AND of the components' results), was queued, or found one under way. */
export type ProjectOperationOutcome =
  | ({ kind: 'done' } & OperationResult & ProjectRepositoryScope)
  | ({ kind: 'queued'; taskId: string } & ProjectRepositoryScope)
  | ({ kind: 'busy'; taskId: string } & ProjectRepositoryScope);

interface Selection {
  included: ComponentWithRefs[];
  scope: ProjectRepositoryScope;
}

/** A component's full slug as lists of components show it. */
export function componentFullSlug(refs: ComponentWithRefs): string {
  return `${refs.project.slug}/${componentPathSegment(refs.component).split(PATH_SEPARATOR).join('/')}`;
}

export class ProjectRepositoryService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
    private readonly repository: RepositoryService,
    private readonly tasks: TaskQueue,
  ) {}

  /** The project's components sorted into included, skipped and blocked for any of `permissions`. */
  private async select(actor: Actor, project: ProjectRow, permissions: readonly ObjectPermission[]): Promise<Selection> {
    const included: ComponentWithRefs[] = [];
    const skipped: ComponentWithRefs[] = [];
    const blockers: ComponentWithRefs[] = [];
    const may = (refs: ComponentWithRefs) => permissions.some((p) => this.access.canIn(actor, p, refs.project, refs.component));
    for (const id of await componentIdsOfProject(this.db, project.id)) {
      const refs = await this.repository.refsById(id);
      if (!this.access.seesRestriction(actor, refs.component)) continue;
      if (!may(refs)) {
        skipped.push(refs);
        continue;
      }
      // Acting on a component that works in another one's clone acts on that clone: the caller must be allowed there too.
      const owner = await this.repository.repositoryOwner(refs);
      if (owner && owner.component.id !== refs.component.id && !may(owner)) blockers.push(refs);
      else included.push(refs);
    }
    const slugs = (list: ComponentWithRefs[]) => list.map(componentFullSlug).sort();
    return { included, scope: { included_components: slugs(included), skipped_components: slugs(skipped), permission_blockers: slugs(blockers) } };
  }

  /** GET /api/projects/<p>/repository/: for those who may act on the project's repositories (403 otherwise). */
  async status(actor: Actor, project: ProjectRow): Promise<ProjectRepositoryStatus> {
    this.repository.requireStatusAccess(actor, project);
    const { included, scope } = await this.select(actor, project, STATUS_PERMISSIONS);
    const all: RepositoryStatus[] = [];
    for (const refs of included) all.push(await this.repository.status(refs));
    return {
      needs_commit: all.some((s) => s.needs_commit),
      needs_merge: all.some((s) => s.needs_merge),
      needs_push: all.some((s) => s.needs_push),
      weblate_commit: null,
      status: null,
      merge_failure: null,
      outgoing_commits: null,
      missing_commits: null,
      remote_commit: null,
      pending_units: await pendingUnits(this.db, { componentIds: included.map((r) => r.component.id) }, project),
      ...scope,
    };
  }

  /**
   * POST /api/projects/<p>/repository/: runs the operation on every included component (their AND), or
   * queues it as one task with `background`. While such a task is queued or running, another one is
   * refused. A caller who may act on none of the components it sees gets a 403.
   */
  async operate(actor: Actor, project: ProjectRow, operation: string | undefined, background = false): Promise<ProjectOperationOutcome> {
    const op = checkedOperation(operation);
    const permission = OPERATION_PERMISSION[op];
    const { included, scope } = await this.select(actor, project, [permission]);
    if (included.length === 0 && (scope.skipped_components.length > 0 || scope.permission_blockers.length > 0 || !this.access.can(actor, permission, project))) {
      throw new PermissionDeniedError();
    }
    const running = await unfinishedProjectTask(this.db, PROJECT_REPOSITORY_TASK, project.id);
    if (running) return { kind: 'busy', taskId: running.id, ...scope };
    if (background) {
      const payload = { projectId: project.id, operation: op, userId: actor.user?.id ?? null, componentIds: included.map((r) => r.component.id) };
      const taskId = await this.tasks.enqueue(PROJECT_REPOSITORY_TASK, payload, { projectId: project.id, userId: actor.user?.id ?? null });
      return { kind: 'queued', taskId, ...scope };
    }
    return { kind: 'done', ...(await this.runOn(included, op, actor.user?.id ?? null)), ...scope };
  }

  /** The task behind `background`: the same operation on the components chosen when it was queued that still exist. */
  async runTask(payload: Record<string, unknown>, ctx: TaskContext): Promise<OperationResult> {
    const op = checkedOperation(String(payload.operation));
    const ids = Array.isArray(payload.componentIds) ? payload.componentIds.map(Number) : [];
    const existing = new Set(await componentIdsOfProject(this.db, Number(payload.projectId)));
    const refs: ComponentWithRefs[] = [];
    for (const id of ids) if (existing.has(id)) refs.push(await this.repository.refsById(id));
    const userId = payload.userId === null || payload.userId === undefined ? null : Number(payload.userId);
    return this.runOn(refs, op, userId, (done) => ctx.progress(Math.round((100 * done) / Math.max(1, refs.length)), `${componentFullSlug(refs[done - 1]!)} done`));
  }

  private async runOn(components: ComponentWithRefs[], op: RepositoryOperation, userId: number | null, progress?: (done: number) => Promise<void>): Promise<OperationResult> {
    let result = true;
    const details: string[] = [];
    for (const [index, refs] of components.entries()) {
      const r = await this.repository.run(refs, op, userId);
      result &&= r.result;
      if (r.detail && r.detail !== 'Nothing to commit.') details.push(r.detail);
      await progress?.(index + 1);
    }
    return details.length ? { result, detail: details.join('\n') } : { result };
  }
}
