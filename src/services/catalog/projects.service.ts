// Projects: visibility-filtered lookup, creation, settings updates and removal with their changes.
import type { Db } from '../../db/database.js';
import { ReadCache } from '../../db/read-cache.js';
import { msgid } from '../../shared/msgid.js';
import type { ProjectRow, ProjectUpdate } from '../../db/schema.js';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import { ACCESS_CONTROL_VALUES, ACCESS_PUBLIC } from '../../auth/permissions.js';
import { nowIso } from '../../shared/clock.js';
import { NotFoundError, ValidationError } from '../../shared/errors.js';
import { Action } from '../../domain/change-actions.js';
import type { ChangesService } from '../activity/changes.service.js';
import { FieldErrors } from '../common/validation.js';
import { ensureProjectTeams, projectAdministrationTeam } from '../accounts/team-setup.js';
import { removeProjectBots } from '../accounts/project-tokens.service.js';
import type { DataPaths } from '../common/data-paths.js';
import { recheckComponent } from '../quality/unit-checks.js';
import { relinkProject } from './internal-links.js';
import { checkProjectSettings, projectSettingsColumns, type ProjectSettingsInput } from '../settings/project-settings.js';
import { NEW_LANG_CHOICES, withProjectLocks } from '../settings/inherited-settings.js';
import { joinGroup } from '../../db/teams.repository.js';
import {
  componentIdsOfProject,
  countVisibleProjects,
  deleteProject,
  insertProject,
  projectAccessById,
  projectBySlug,
  projectIdByName,
  projectIdBySlug,
  updateProject,
  visibleProjectsByName,
  visibleProjectsPage,
} from '../../db/projects.repository.js';

export type ProjectInput = {
  name?: string;
  slug?: string;
  web?: string;
  instructions?: string;
  access_control?: number;
  translation_review?: boolean;
  source_review?: boolean;
  set_language_team?: boolean;
  enable_hooks?: boolean;
  language_aliases?: string;
  check_flags?: string;
  license?: string;
  agreement?: string;
  new_lang?: string;
  language_code_style?: string;
  commit_message?: string;
  add_message?: string;
  delete_message?: string;
  merge_message?: string;
  addon_message?: string;
  pull_message?: string;
  /** Write-only: a secret that signed forge notifications must carry. */
  webhook_secret?: string;
} & ProjectSettingsInput;

const BOOL_FIELDS = ['translation_review', 'source_review', 'set_language_team', 'enable_hooks'] as const;
const TEXT_FIELDS = ['web', 'instructions', 'language_aliases', 'check_flags', 'license', 'agreement', 'new_lang', 'language_code_style', 'commit_message', 'add_message', 'delete_message', 'merge_message', 'addon_message', 'pull_message', 'webhook_secret'] as const;
export { NEW_LANG_CHOICES } from '../settings/inherited-settings.js';

export class ProjectsService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
    private readonly changes: ChangesService,
    private readonly paths: DataPaths,
    /** Projects by slug: every API and UI request under a project looks its project up first. */
    private readonly bySlug: ReadCache<string, ProjectRow | null> = ReadCache.none(),
  ) {}

  /** Whether `actor` may see the project with this id (false when there is none). */
  async canViewById(actor: Actor, id: number): Promise<boolean> {
    const project = await projectAccessById(this.db, id);
    return !!project && this.access.canView(actor, project);
  }

  /** The projects with their lock state (`locked`: every component locked), for their API objects. */
  withLocks<T extends ProjectRow>(rows: readonly T[]): Promise<(T & { locked: boolean })[]> {
    return withProjectLocks(this.db, rows);
  }

  async getVisible(actor: Actor, slug: string): Promise<ProjectRow> {
    const row = await this.bySlug.get(slug, async () => (await projectBySlug(this.db, slug)) ?? null);
    if (!row || !this.access.canView(actor, row)) throw new NotFoundError();
    return row;
  }

  count(actor: Actor): Promise<number> {
    return countVisibleProjects(this.db, this.access.visibleProjects(actor));
  }

  /** A page of the projects the actor may see, in id order. */
  page(actor: Actor, limit: number, offset: number): Promise<ProjectRow[]> {
    return visibleProjectsPage(this.db, this.access.visibleProjects(actor), limit, offset);
  }

  /** The first `limit` projects the actor may see, by name. */
  firstByName(actor: Actor, limit: number): Promise<ProjectRow[]> {
    return visibleProjectsByName(this.db, this.access.visibleProjects(actor), limit);
  }

  private async validate(input: ProjectInput, existing: ProjectRow | null): Promise<void> {
    const errors = new FieldErrors();
    const creating = existing === null;
    errors.name('name', input.name, creating, 60);
    errors.slug('slug', input.slug, creating, 60);
    errors.url('web', input.web);
    errors.checkFlags('check_flags', input.check_flags);
    errors.choice('access_control', input.access_control, ACCESS_CONTROL_VALUES);
    errors.choice('new_lang', input.new_lang, NEW_LANG_CHOICES);
    await checkProjectSettings(this.db, input, errors);
    if (input.name !== undefined && !errors.has('name') && input.name !== existing?.name) {
      if (await projectIdByName(this.db, input.name)) {
        errors.add('name', 'Project with this Project name already exists.', 'unique');
      }
    }
    if (input.slug !== undefined && !errors.has('slug') && input.slug !== existing?.slug) {
      if (await projectIdBySlug(this.db, input.slug)) {
        errors.add('slug', 'Project with this URL slug already exists.', 'unique');
      }
    }
    if (!errors.empty) throw new ValidationError(errors.list);
  }

  private columns(input: ProjectInput, existing: ProjectRow | null = null): ProjectUpdate {
    const out: ProjectUpdate = { ...projectSettingsColumns(input, existing) };
    if (input.name !== undefined) out.name = input.name;
    if (input.slug !== undefined) out.slug = input.slug;
    if (input.access_control !== undefined) out.access_control = input.access_control;
    for (const f of BOOL_FIELDS) if (input[f] !== undefined) out[f] = input[f] ? 1 : 0;
    for (const f of TEXT_FIELDS) if (input[f] !== undefined) out[f] = input[f];
    return out;
  }

  /**
   * Who decides who sees a project: a new project starts public unless a superuser says otherwise, and an
   * existing one changes its access control only for those who manage its access (project.permissions).
   */
  private checkAccessControl(actor: Actor, input: ProjectInput, existing: ProjectRow | null): void {
    if (input.access_control === undefined) return;
    const allowed = existing
      ? input.access_control === existing.access_control || this.access.can(actor, 'project.permissions', existing)
      : input.access_control === ACCESS_PUBLIC || actor.isSuperuser;
    if (!allowed) throw ValidationError.field('access_control', msgid('You do not have permission to change the access control.'), 'permission_denied');
  }

  async create(actor: Actor, input: ProjectInput): Promise<ProjectRow> {
    this.access.requireGlobal(actor, 'project.add', 'Can not create projects');
    this.checkAccessControl(actor, input, null);
    await this.validate(input, null);
    return this.db.transaction().execute(async (tx) => {
      const row = await insertProject(tx, { name: input.name!, slug: input.slug!, web: '', created: nowIso(), ...this.columns(input) } as never);
      await this.changes.record(tx, { action: Action.PROJECT_CREATED, userId: actor.user?.id, projectId: row.id, target: row.name });
      await ensureProjectTeams(tx, row);
      // Whoever creates a project administers it, even without site-wide rights over it.
      if (actor.user && !actor.isSuperuser) {
        const team = await projectAdministrationTeam(tx, row);
        await joinGroup(tx, team, actor.user.id);
      }
      return row;
    });
  }

  async update(actor: Actor, project: ProjectRow, input: ProjectInput): Promise<ProjectRow> {
    this.access.require(actor, 'project.edit', project);
    this.checkAccessControl(actor, input, project);
    await this.validate(input, project);
    const set = this.columns(input, project);
    if (Object.keys(set).length === 0) return project;
    return this.db.transaction().execute(async (tx) => {
      const row = await updateProject(tx, project.id, set);
      const renamed = row.name !== project.name || row.slug !== project.slug;
      const base = { userId: actor.user?.id, projectId: row.id };
      await this.changes.record(tx, {
        ...base,
        action: renamed ? Action.PROJECT_RENAMED : Action.PROJECT_SETTING_CHANGED,
        target: renamed ? row.slug : '',
        old: renamed ? project.slug : '',
      });
      // Visibility, license and agreement changes have actions of their own.
      if (row.access_control !== project.access_control) {
        await this.changes.record(tx, { ...base, action: Action.VISIBILITY_CHANGED, target: String(row.access_control), old: String(project.access_control) });
      }
      if (row.license !== project.license) await this.changes.record(tx, { ...base, action: Action.LICENSE_CHANGED, target: row.license, old: project.license });
      if (row.agreement !== project.agreement) await this.changes.record(tx, { ...base, action: Action.AGREEMENT_CHANGED, target: row.agreement, old: project.agreement });
      // A stricter access control or a review workflow adds the per-project teams it calls for.
      await ensureProjectTeams(tx, row);
      // The project's check_flags apply to every component's quality checks.
      if (row.check_flags !== project.check_flags) {
        for (const id of await componentIdsOfProject(tx, row.id)) await recheckComponent(tx, id);
      }
      if (row.slug !== project.slug) await relinkProject(tx, project.slug, row.slug);
      return row;
    });
  }

  async remove(actor: Actor, project: ProjectRow): Promise<void> {
    this.access.require(actor, 'project.edit', project);
    await this.db.transaction().execute(async (tx) => {
      await removeProjectBots(tx, project.id);
      await deleteProject(tx, project.id);
      await this.changes.record(tx, { action: Action.PROJECT_REMOVED, userId: actor.user?.id, target: project.slug });
    });
    await this.paths.removeProject(project.id);
  }
}
