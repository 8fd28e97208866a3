// Forge notifications: which components a push matches (repository, branch, the project's hook switch and secret), and a background pull for each.
import type { Db } from '../../db/database.js';
import { hookCandidates, remoteComponentsOfProject } from '../../db/hook-targets.repository.js';
import { projectBySlug, projectOfRow } from '../../db/projects.repository.js';
import type { ComponentRow, ProjectRow } from '../../db/schema.js';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import { decodeHookBody, HookPayloadError, isHookService, matchComponents, parseHookPayload, verifyHookSignature, type HookMatchStatus } from '../../hooks/index.js';
import { Action } from '../../domain/change-actions.js';
import { AppError, NotFoundError, ValidationError } from '../../shared/errors.js';
import type { TaskQueue } from '../../tasks/task-queue.js';
import { redactUrl } from '../../vcs/urls.js';
import { componentPathSegment, PATH_SEPARATOR } from '../../domain/component-paths.js';
import type { ChangesService } from '../activity/changes.service.js';
import type { ComponentsService } from '../catalog/components.service.js';

/** A notification as it arrived: its headers (one value each) and its raw body, over which signatures are computed. */
export interface HookNotification {
  headers: Record<string, string | undefined>;
  body: Buffer;
}

export interface HookedComponent {
  component: ComponentRow;
  project: ProjectRow;
}

/**
 * What a notification did: `ping` (acknowledged, nothing to do), `unmatched` (a push no component listens
 * to), or `triggered` (pulls queued for the matched components).
 */
export type HookOutcome =
  | { kind: 'ping'; message: string }
  | { kind: 'unmatched'; message: string; match_status: HookMatchStatus }
  | { kind: 'triggered'; message: string; match_status: HookMatchStatus; components: HookedComponent[] };


function hooksOff(): AppError {
  return new AppError('method_not_allowed', 'Hooks are disabled on this server.');
}

export class HooksService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
    private readonly changes: ChangesService,
    private readonly components: ComponentsService,
    private readonly tasks: TaskQueue,
    /** PARLA_ENABLE_HOOKS: off answers every hook with 405. */
    private readonly enabled: boolean,
  ) {}

  /** A push notification of a forge (`service`: github, gitlab, …): pulls every component it matches. */
  async notify(service: string, notification: HookNotification): Promise<HookOutcome> {
    if (!this.enabled) throw hooksOff();
    if (!isHookService(service)) throw new NotFoundError(`Hook ${service} not supported`);
    const { headers, body: raw } = notification;
    let event;
    try {
      event = parseHookPayload(service, { headers, body: decodeHookBody(raw, headers['content-type']) });
    } catch (e) {
      if (e instanceof HookPayloadError) throw ValidationError.field(null, e.message);
      throw e;
    }
    if (event.kind === 'ping') return { kind: 'ping', message: 'Hook working' };
    const rows = await hookCandidates(this.db);
    // A project with a webhook secret only listens to notifications signed with it.
    const signed = (secret: string) => secret === '' || verifyHookSignature(service, headers, raw, secret);
    const candidates = rows.map(({ p_enable_hooks, p_secret, ...component }) => ({
      id: component.id,
      repo: component.repo,
      branch: component.branch,
      projectEnableHooks: p_enable_hooks === 1 && signed(p_secret),
      component,
    }));
    const { matched, match_status } = matchComponents(event, candidates);
    if (matched.length === 0) return { kind: 'unmatched', message: 'No matching repositories found!', match_status };
    const withProjects: HookedComponent[] = [];
    for (const m of matched) {
      const project = await projectOfRow(this.db, m.component.project_id);
      withProjects.push({ component: m.component, project });
    }
    await this.triggerPull(withProjects, { service, repo: redactUrl(event.repoUrl), branch: event.branch, full_name: event.fullName });
    return {
      kind: 'triggered',
      // Full slugs as the reference prints them: a categorized component is `project/cat/app`.
      message: `Update triggered: ${withProjects.map((x) => `${x.project.slug}/${componentPathSegment(x.component).split(PATH_SEPARATOR).join('/')}`).join(', ')}`,
      match_status,
      components: withProjects,
    };
  }

  /**
   * The deprecated /hooks/update/<project>/[<component>/]: pulls one component by its path segment
   * (`cat%2Fapp` for categorized ones), else every component of the project with a remote repository.
   */
  async update(actor: Actor, projectSlug: string, componentPath?: string): Promise<void> {
    const project = await projectBySlug(this.db, projectSlug);
    if (!project || !this.access.canView(actor, project)) throw new NotFoundError();
    if (!this.enabled || project.enable_hooks !== 1) throw hooksOff();
    const one = componentPath === undefined ? null : (await this.components.getVisible(actor, project.slug, componentPath)).component;
    if (one && one.vcs === 'local') throw new NotFoundError();
    const components = one ? [one] : await remoteComponentsOfProject(this.db, project.id);
    await this.triggerPull(components.map((component) => ({ component, project })), { service: 'update' });
  }

  /** Records the notification on each component and queues its pull. */
  private async triggerPull(components: HookedComponent[], details: Record<string, unknown>): Promise<void> {
    for (const { component, project } of components) {
      await this.changes.record(this.db, { action: Action.REPOSITORY_NOTIFICATION, projectId: project.id, componentId: component.id, details });
      await this.tasks.enqueue('repository-pull', { componentId: component.id }, { projectId: project.id, componentId: component.id });
    }
  }
}
