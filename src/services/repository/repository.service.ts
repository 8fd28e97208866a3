// Git-backed components: first clone, repository status and operations (commit, push, pull, reset, cleanup, rescans).
import fs from 'node:fs/promises';
import { msgid } from '../../shared/msgid.js';
import path from 'node:path';
import type { Db } from '../../db/database.js';
import { projectOfRow } from '../../db/projects.repository.js';
import {
  adoptDbRevision,
  advanceDbRevision,
  componentIdBySlugs,
  componentIdsWithRepo,
  componentRevisions,
  dbRevisionOf,
  setDbRevision,
  setMergeFailure,
} from '../../db/component-files.repository.js';
import { componentById } from '../../db/components.repository.js';
import { languageOfRow } from '../../db/languages.repository.js';
import { hasPendingUnit, markComponentUnitsPending, oldestPendingByComponent } from '../../db/pending-units.repository.js';
import { commitAuthor, translationFilenames, translationFilesOfComponent, translationWithLanguageName } from '../../db/translation-files.repository.js';
import type { ComponentRow } from '../../db/schema.js';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl, ProjectLike } from '../../auth/access.js';
import type { ObjectPermission } from '../../auth/permissions.js';
import { NotFoundError, PermissionDeniedError, ValidationError } from '../../shared/errors.js';
import { RepositoryLockedError, type RepositoryLock } from '../../vcs/repo-lock.js';
import { internalUrl, parseInternalUrl, redactText } from '../../vcs/urls.js';
import { vcsParam } from '../../vcs/vcs-params.js';
import { linkOwner } from '../catalog/internal-links.js';
import { componentEffectiveSettings } from '../settings/inherited-settings.js';
import { commitObject, pendingUnits, type CommitObject, type PendingUnits } from './repository-status.js';
import type { MergeStyle, VcsBackend } from '../../vcs/vcs.js';
import type { ChangesService } from '../activity/changes.service.js';
import type { ComponentScanner } from '../catalog/component-scanner.js';
import type { ComponentWithRefs } from '../../db/places.js';
import type { FileSyncService, WrittenFile } from './file-sync.service.js';
import { sweepStaleTempFiles } from '../common/component-files.js';
import { reconcileComponent, type RescanResult } from './rescan.js';
import { percent } from '../common/statistics-counters.js';

/** Any of these lets a caller read a repository's status: the permissions to act on it. */
export const STATUS_PERMISSIONS: readonly ObjectPermission[] = ['vcs.commit', 'vcs.push', 'vcs.reset', 'vcs.update'];
import type { AddonEvent } from '../../addons/types.js';
import { listRepositoryFiles } from '../../shared/repository-files.js';
import { ChangedUnits } from '../live/changed-units.js';
import type { LivePublisher } from '../live/live.service.js';

/** Add-on handlers of repository events, run inside the repository lock (AddonsService implements it). */
export interface RepositoryAddonHooks {
  /** Resolves to the files (relative to `dir`) the handlers changed and want committed, and those add-ons' names. */
  run(event: AddonEvent, refs: ComponentWithRefs, dir: string | null, options?: { translationId?: number; addonId?: number }): Promise<{ files: string[]; addons: string[] }>;
}

export const DEFAULT_ADDON_MESSAGE = 'Update translation files\n\nUpdated by "{{ addon_name }}" add-on in Parla.\n\nTranslation: {{ project_name }}/{{ component_name }}';

export const REPOSITORY_OPERATIONS = ['commit', 'push', 'pull', 'pull-rebase', 'pull-merge', 'pull-merge-noff', 'reset', 'reset-keep', 'cleanup', 'file-sync', 'file-scan'] as const;
export type RepositoryOperation = (typeof REPOSITORY_OPERATIONS)[number];

/** The permission each operation needs. */
export const OPERATION_PERMISSION: Record<RepositoryOperation, ObjectPermission> = {
  commit: 'vcs.commit',
  push: 'vcs.push',
  pull: 'vcs.update',
  'pull-rebase': 'vcs.update',
  'pull-merge': 'vcs.update',
  'pull-merge-noff': 'vcs.update',
  reset: 'vcs.reset',
  'reset-keep': 'vcs.reset',
  cleanup: 'vcs.reset',
  'file-sync': 'vcs.reset',
  'file-scan': 'vcs.reset',
};

const ACTION = { COMMITTED: 17, PUSHED: 18, RESET: 19, MERGED: 20, REBASED: 21, MERGE_FAILED: 22, REBASE_FAILED: 23, PARSE_FAILED: 24, PUSH_FAILED: 28, CLEANUP: 88, NOTIFICATION: 53, FORCED_SYNC: 83, FORCED_RESCAN: 84 } as const;

export const DEFAULT_COMMIT_MESSAGE =
  'Translated using Parla ({{ language_name }})\n\nCurrently translated at {{ stats.translated_percent }}% ({{ stats.translated }} of {{ stats.all }} strings)\n\nTranslation: {{ project_name }}/{{ component_name }}';

export interface OperationResult {
  result: boolean;
  detail?: string;
}

export interface RepositoryStatus {
  needs_commit: boolean;
  needs_merge: boolean;
  needs_push: boolean;
  merge_failure: string | null;
  remote_commit: CommitObject | null;
  weblate_commit: CommitObject | null;
  status: string;
  outgoing_commits: number;
  missing_commits: number;
  pending_units: PendingUnits;
}

/** The `operation` field as a known operation, or a 400 on it. */
export function checkedOperation(operation: string | undefined): RepositoryOperation {
  if (!operation) throw ValidationError.field('operation', msgid('This field is required.'), 'required');
  if (!(REPOSITORY_OPERATIONS as readonly string[]).includes(operation)) throw ValidationError.field('operation', `"${operation}" is not a valid choice.`, 'invalid_choice');
  return operation as RepositoryOperation;
}

/** The domain of private commit addresses: `<username>@users.noreply.parla.invalid` reaches nobody. */
export const PRIVATE_COMMIT_DOMAIN = 'users.noreply.parla.invalid';

/**
 * How a user signs commits, as the profile chooses: `commit_name` `private` uses the username and a
 * private address instead of the full name and the account's address; `commit_email` names the address
 * (the account's own) whatever the name.
 */
export function commitIdentity(user: { full_name: string; username: string; email: string; commit_name: string | null; commit_email: string | null }): { name: string; email: string } {
  const hidden = user.commit_name === 'private';
  const name = hidden ? user.username : user.full_name || user.username;
  const email = user.commit_email || (hidden ? `${user.username}@${PRIVATE_COMMIT_DOMAIN}` : user.email);
  return { name, email };
}

/** Renders `{{ name }}` placeholders of a commit message template. */
export function renderMessage(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** The component was deleted meanwhile (start-up healing skips those). */
class ComponentGoneError extends Error {
  constructor(componentId: number) {
    super(`Component ${componentId} is gone`);
    this.name = 'ComponentGoneError';
  }
}

export class RepositoryService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
    private readonly changes: ChangesService,
    private readonly files: FileSyncService,
    private readonly scanner: ComponentScanner,
    private readonly vcs: VcsBackend,
    private readonly lock: RepositoryLock,
    private readonly addons?: RepositoryAddonHooks,
    /** Tells translations' viewers about the strings a rescan changed. */
    private readonly live?: LivePublisher,
  ) {}

  /**
   * Runs add-on handlers of a repository event (`addonId`: only that add-on) holding the lock; files
   * they changed are committed with the add-on commit message and read back into the database.
   */
  async runAddonEvent(componentId: number, event: AddonEvent, addonId?: number): Promise<void> {
    const refs = await this.refsById(componentId);
    await this.locked(refs, async (dir) => {
      // Pending edits reach the files (and git) first, so that reading changed files back loses none.
      if (event !== 'pre-commit') await this.commitLocked(refs, dir, null);
      await this.addonEventLocked(refs, dir, event, addonId);
    });
  }

  private async addonEventLocked(refs: ComponentWithRefs, dir: string, event: AddonEvent, addonId?: number): Promise<void> {
    if (!this.addons) return;
    const { files, addons } = await this.addons.run(event, refs, dir, addonId !== undefined ? { addonId } : {});
    if (files.length === 0) return;
    // Edits other handlers made in the database reach the files too, so that reading the files back keeps them.
    const written = await this.files.writePendingLocked(refs);
    const staged = [...new Set([...files, ...written.map((w) => w.filename)])];
    // Only translation files need reading back; generated files (MO, LINGUAS) are not parsed.
    const translationFiles = await this.translationFiles(refs);
    const readBack = staged.some((file) => translationFiles.has(file));
    if (this.isGit(refs.component) && (await this.vcs.isRepository(dir))) {
      const template = componentEffectiveSettings(refs).addon_message || DEFAULT_ADDON_MESSAGE;
      const message = renderMessage(template, { addon_name: addons.join(', '), project_name: refs.project.name, component_name: refs.component.name, project_slug: refs.project.slug, component_slug: refs.component.slug });
      const before = await this.vcs.headSha(dir);
      const sha = await this.vcs.commit(dir, staged, { message, authorName: 'Parla', authorEmail: 'noreply@parla.invalid' });
      // A commit of generated files leaves the database in line; read-back files record their revision below.
      if (!readBack) await this.advanceRevision(refs, before, sha);
    }
    if (readBack) await this.rescanLocked(refs, dir);
  }

  /** The component's translation files and base file, relative to its directory. */
  private async translationFiles(refs: ComponentWithRefs): Promise<Set<string>> {
    const files = new Set(await translationFilenames(this.db, refs.component.id));
    if (refs.component.template) files.add(refs.component.template);
    return files;
  }

  isGit(component: ComponentRow): boolean {
    return component.vcs !== 'local' && component.repo !== 'local:' && component.repo !== '';
  }

  /**
   * Runs `fn` holding the repository lock, after repairing what a killed operation may have left: git's own
   * state, and (`heal`, unless `fn` re-reads every file anyway) a database left behind the checkout's HEAD.
   */
  private locked<T>(refs: ComponentWithRefs, fn: (dir: string) => Promise<T>, heal = true): Promise<T> {
    const dir = this.files.componentDir(refs);
    return this.files.withComponentLock(refs, async () =>
      // Components sharing a clone reach it through a link: lock the real directory.
      this.lock.run(await fs.realpath(dir).catch(() => dir), async () => {
        if (this.isGit(refs.component) && (await this.vcs.isRepository(dir))) {
          await this.vcs.repair(dir);
          if (heal) for (const sharing of await this.sharingComponents(refs)) await this.healLocked(sharing, dir);
        }
        return fn(dir);
      }),
    );
  }

  /**
   * Re-reads the files when the checkout's HEAD is not the revision the database was brought in line with:
   * a process killed after a pull's merge and before its import leaves that state, and git alone would then
   * report nothing left to pull. Call it holding the repository lock. Resolves to whether it re-read the files.
   */
  private async healLocked(refs: ComponentWithRefs, dir: string): Promise<boolean> {
    const head = await this.vcs.headSha(dir);
    if (head === null) return false;
    const recorded = await dbRevisionOf(this.db, refs.component.id);
    if (recorded === head) return false;
    if (recorded === '') {
      // Recorded by no earlier version: trust the checkout as those versions did, and watch it from here on.
      await adoptDbRevision(this.db, refs.component.id, head);
      return false;
    }
    // Edits not yet in the files go into them first: reading the files back would otherwise overwrite them.
    await this.files.writePendingLocked(refs);
    await this.rescanLocked(refs, dir);
    return true;
  }

  /**
   * Records a commit of Parla's own as reflected in the database, which already held what it committed; only
   * when the database was in line with the commit's parent, else a pending heal would be skipped.
   */
  private async advanceRevision(refs: ComponentWithRefs, before: string | null, after: string | null): Promise<void> {
    if (after === null || after === before) return;
    await advanceDbRevision(this.db, refs.component.id, before ?? '', after);
  }

  /**
   * Start-up: brings every git component whose checkout moved past its database (a process killed mid-pull)
   * back in line. A component busy in another process is left to that process, whose operation heals it.
   * Resolves to the ids of the components whose files were re-read, and the failures.
   */
  async healAll(): Promise<{ healed: number[]; failed: { id: number; error: unknown }[] }> {
    const rows = await componentRevisions(this.db);
    const healed: number[] = [];
    const failed: { id: number; error: unknown }[] = [];
    for (const row of rows) {
      try {
        const refs = await this.refsById(row.id);
        const dir = this.files.componentDir(refs);
        if (!this.isGit(refs.component) || !(await this.vcs.isRepository(dir))) continue;
        // Unlocked look first, so that a start-up takes no lock of a component that needs nothing.
        if ((await this.vcs.headSha(dir)) === row.db_revision) continue;
        if (await this.locked(refs, (d) => this.healLocked(refs, d), false)) healed.push(row.id);
      } catch (error) {
        // A component deleted meanwhile needs nothing; one locked elsewhere is healed by the operation holding it.
        if (error instanceof RepositoryLockedError || error instanceof ComponentGoneError || (error instanceof Error && error.name === 'NoResultError')) continue;
        failed.push({ id: row.id, error });
      }
    }
    return { healed, failed };
  }

  /** Background setup of a new git component: clone, scan, import. Failures are the task's error. */
  async setup(componentId: number, progress: (percent: number, message: string) => Promise<void>): Promise<RescanResult> {
    const refs = await this.refsById(componentId);
    await progress(5, `Cloning ${redactText(refs.component.repo)}`);
    const link = parseInternalUrl(refs.component.repo);
    if (link) {
      // A shared repository: this component's directory is a link to the other component's clone.
      const dir = this.files.componentDir(refs);
      const owner = await linkOwner(this.db, link);
      if (!owner) throw new Error(`The linked component ${link.project}/${link.component} does not exist.`);
      const target = this.files.componentDir({ ...refs, component: owner });
      await fs.rm(dir, { recursive: true, force: true });
      await fs.mkdir(path.dirname(dir), { recursive: true });
      await fs.symlink(path.relative(path.dirname(dir), target), dir, 'dir');
      await progress(50, `Using the repository of ${link.project}/${link.component}`);
      const result = await this.locked(refs, (d) => this.rescanLocked(refs, d), false);
      await progress(100, `Imported ${result.added} strings in ${result.languagesAdded} languages`);
      return result;
    }
    return this.locked(refs, async (dir) => {
      await fs.rm(dir, { recursive: true, force: true });
      await fs.mkdir(path.dirname(dir), { recursive: true });
      await this.vcs.clone(refs.component.repo, refs.component.branch, dir, {
        onProgress: (p) => void progress(5 + Math.round(p.percent * 0.6), `${p.stage} ${p.percent}%`),
      });
      await progress(70, 'Parsing translation files');
      const result = await this.rescanLocked(refs, dir);
      await progress(100, `Imported ${result.added} strings in ${result.languagesAdded} languages`);
      return result;
    }, false);
  }

  async refsById(componentId: number): Promise<ComponentWithRefs> {
    const component = await componentById(this.db, componentId);
    if (!component) throw new ComponentGoneError(componentId);
    const project = await projectOfRow(this.db, component.project_id);
    const sourceLanguage = await languageOfRow(this.db, component.source_language_id);
    return { component, project, sourceLanguage };
  }

  /**
   * Re-reads the component's files into the database (setup, file-scan, after pull and reset); `action` records a
   * change in the same transaction, and so does the checkout's HEAD: the import and the revision it reflects
   * are committed together or not at all.
   */
  private async rescanLocked(refs: ComponentWithRefs, dir: string, action?: { action: number; userId: number | null }): Promise<RescanResult> {
    const { component, sourceLanguage } = refs;
    const head = this.isGit(component) && (await this.vcs.isRepository(dir)) ? await this.vcs.headSha(dir) : null;
    const scanned = await this.scanner.scan(dir, await listRepositoryFiles(dir), component, sourceLanguage, 'repo');
    const changed = new ChangedUnits();
    const result = await this.db.transaction().execute(async (tx) => {
      const { changes, ...result } = await reconcileComponent(tx, this.scanner, component, sourceLanguage, scanned, { userId: action?.userId ?? null, changed });
      await this.changes.recordMany(tx, changes);
      if (action) await this.changes.record(tx, { action: action.action, userId: action.userId, projectId: refs.project.id, componentId: component.id });
      if (head !== null) await setDbRevision(tx, component.id, head);
      return result;
    });
    await changed.publish(this.live, action?.userId ?? null, 'repository');
    return result;
  }

  /**
   * A repository's status is for those who may act on it (commit, push, reset or update it): viewing the
   * repository's files is not enough. 403 also for anonymous callers, as the reference answers.
   */
  requireStatusAccess(actor: Actor, project: ProjectLike): void {
    if (!this.access.canView(actor, project)) throw new NotFoundError();
    if (!STATUS_PERMISSIONS.some((permission) => this.access.can(actor, permission, project))) throw new PermissionDeniedError();
  }

  /** Whether `requireStatusAccess` lets the actor through (pages link the repository page only then). */
  canSeeStatus(actor: Actor, project: ProjectLike): boolean {
    return this.access.canView(actor, project) && STATUS_PERMISSIONS.some((permission) => this.access.can(actor, permission, project));
  }

  /** A component's repository status; `translationId` counts the pending edits of that translation only. */
  async status(refs: ComponentWithRefs, translationId?: number): Promise<RepositoryStatus> {
    const pending = await hasPendingUnit(this.db, refs.component.id);
    const pending_units = await pendingUnits(this.db, translationId === undefined ? { componentId: refs.component.id } : { translationId }, refs.project);
    const base = { needs_commit: pending, needs_merge: false, needs_push: false, merge_failure: refs.component.merge_failure || null, remote_commit: null, weblate_commit: null, status: '', outgoing_commits: 0, missing_commits: 0, pending_units };
    const dir = this.files.componentDir(refs);
    if (!this.isGit(refs.component) || !(await this.vcs.isRepository(dir))) return base;
    const s = await this.vcs.status(dir, refs.component.push_branch ? { pushBranch: refs.component.push_branch } : {});
    return {
      ...base,
      needs_commit: base.needs_commit || s.needsCommit,
      needs_merge: s.needsMerge,
      needs_push: s.needsPush,
      remote_commit: commitObject(s.remoteCommit),
      weblate_commit: commitObject(s.localCommit),
      status: s.statusText,
      outgoing_commits: s.outgoingCommits,
      missing_commits: s.missingCommits,
    };
  }

  /**
   * The commits behind the status's counts: local ones the remote lacks (outgoing) and fetched upstream ones not
   * merged yet (incoming), newest first, at most `max` of each. Empty for components without a clone.
   */
  async commits(refs: ComponentWithRefs, max = 50): Promise<{ outgoing: CommitObject[]; incoming: CommitObject[] }> {
    const dir = this.files.componentDir(refs);
    if (!this.isGit(refs.component) || !(await this.vcs.isRepository(dir))) return { outgoing: [], incoming: [] };
    const d = await this.vcs.divergence(dir, { max, ...(refs.component.push_branch ? { pushBranch: refs.component.push_branch } : {}) });
    const objects = (list: typeof d.outgoing) => list.map((commit) => commitObject(commit)!);
    return { outgoing: objects(d.outgoing), incoming: objects(d.incoming) };
  }

  /** POST …/repository/: checks the permission, runs the operation, answers {result, detail}. */
  async operation(actor: Actor, refs: ComponentWithRefs, operation: string | undefined): Promise<OperationResult> {
    const op = checkedOperation(operation);
    this.access.requireIn(actor, OPERATION_PERMISSION[op], refs.project, refs.component);
    return this.run(refs, op, actor.user?.id ?? null);
  }

  async run(refs: ComponentWithRefs, op: RepositoryOperation, userId: number | null): Promise<OperationResult> {
    const git = this.isGit(refs.component);
    // Never let git look for a repository above a component directory that has no clone.
    if (git && !['commit', 'file-sync', 'file-scan'].includes(op) && !(await this.vcs.isRepository(this.files.componentDir(refs)))) {
      return { result: false, detail: msgid('The repository of this component has not been cloned (yet).') };
    }
    switch (op) {
      case 'commit':
        return this.locked(refs, async (dir) => this.commitLocked(refs, dir, userId));
      case 'push':
        if (!git) return { result: false, detail: msgid('This component has no remote repository to push to.') };
        return this.locked(refs, async (dir) => {
          const committed = await this.commitLocked(refs, dir, userId);
          if (!committed.result) return committed;
          return this.pushLocked(refs, dir, userId);
        });
      case 'pull':
      case 'pull-rebase':
      case 'pull-merge':
      case 'pull-merge-noff': {
        if (!git) return { result: false, detail: msgid('This component has no remote repository to pull from.') };
        const style: MergeStyle = op === 'pull-rebase' ? 'rebase' : op === 'pull-merge' ? 'merge' : op === 'pull-merge-noff' ? 'merge_noff' : ((refs.component.merge_style || 'rebase') as MergeStyle);
        return this.locked(refs, (dir) => this.pullLocked(refs, dir, style, userId));
      }
      case 'reset':
      case 'reset-keep':
        if (!git) return { result: false, detail: msgid('This component has no remote repository to reset to.') };
        return this.locked(refs, async (dir) => {
          await this.vcs.fetch(dir);
          await this.vcs.reset(dir);
          await this.rescanLocked(refs, dir, { action: ACTION.RESET, userId });
          await this.setMergeFailure(refs, '');
          return { result: true };
        }, false);
      case 'cleanup':
        if (!git) return { result: true };
        return this.locked(refs, async (dir) => {
          await this.vcs.cleanup(dir);
          await this.record(refs, ACTION.CLEANUP, userId);
          return { result: true };
        });
      case 'file-sync':
        return this.locked(refs, async () => {
          await markComponentUnitsPending(this.db, refs.component.id);
          await this.files.writePendingLocked(refs);
          await this.record(refs, ACTION.FORCED_SYNC, userId);
          return { result: true };
        });
      case 'file-scan':
        return this.locked(refs, async (dir) => {
          await this.rescanLocked(refs, dir, { action: ACTION.FORCED_RESCAN, userId });
          return { result: true };
        }, false);
    }
  }

  /** Writes pending edits and commits each changed file with its translation's last author. */
  private async commitLocked(refs: ComponentWithRefs, dir: string, userId: number | null): Promise<OperationResult> {
    const written = await this.files.writePendingLocked(refs);
    if (!this.isGit(refs.component) || !(await this.vcs.isRepository(dir))) return { result: true, ...(written.length ? {} : { detail: msgid('Nothing to commit.') }) };
    let commits = 0;
    const before = await this.vcs.headSha(dir);
    const extras: string[] = [];
    for (const file of [...written, ...(await this.uncommittedTranslations(refs, dir, written))]) {
      // pre-commit add-ons (MO files, LINGUAS) add their files to the translation's commit.
      const extra = this.addons ? (await this.addons.run('pre-commit', refs, dir, { translationId: file.translationId })).files : [];
      extras.push(...extra);
      const sha = await this.vcs.commit(dir, [file.filename, ...extra], await this.commitInfo(refs, file));
      if (sha) commits++;
    }
    if (commits === 0) return { result: true, detail: msgid('Nothing to commit.') };
    // The commits hold what the database held, unless an add-on changed a translation file: then the next
    // operation re-reads the files.
    const translationFiles = extras.length ? await this.translationFiles(refs) : new Set<string>();
    if (!extras.some((file) => translationFiles.has(file))) await this.advanceRevision(refs, before, await this.vcs.headSha(dir));
    await this.record(refs, ACTION.COMMITTED, userId);
    await this.addonEventLocked(refs, dir, 'post-commit');
    if (refs.component.push_on_commit) return this.pushLocked(refs, dir, userId);
    return { result: true };
  }

  /**
   * Translation files changed in the tree but not by this commit's writes: a download wrote them (and marked the
   * edits as written), or a commit was killed between writing them and running git. Without this they would stay
   * out of git until the next edit of the same translation, and a reset or pull would drop the edits.
   */
  private async uncommittedTranslations(refs: ComponentWithRefs, dir: string, written: WrittenFile[]): Promise<WrittenFile[]> {
    const dirty = new Set(await sweepStaleTempFiles(dir, await this.vcs.uncommittedFiles(dir)));
    if (dirty.size === 0) return [];
    const done = new Set(written.map((w) => w.filename));
    const rows = await translationFilesOfComponent(this.db, refs.component.id);
    return rows.filter((r) => dirty.has(r.filename) && !done.has(r.filename));
  }

  private async commitInfo(refs: ComponentWithRefs, file: WrittenFile) {
    const t = await translationWithLanguageName(this.db, file.translationId);
    const row = t.last_author_id ? await commitAuthor(this.db, t.last_author_id) : undefined;
    const author = row ? commitIdentity(row) : undefined;
    const template = componentEffectiveSettings(refs).commit_message || DEFAULT_COMMIT_MESSAGE;
    const total = t.total;
    const message = renderMessage(template, {
      language_name: t.l_name,
      language_code: file.languageCode,
      project_name: refs.project.name,
      component_name: refs.component.name,
      project_slug: refs.project.slug,
      component_slug: refs.component.slug,
      'stats.translated_percent': percent(t.translated, total),
      'stats.translated': t.translated,
      'stats.all': total,
      author: author?.name ?? 'Parla',
    });
    return { message, authorName: author?.name ?? 'Parla', authorEmail: author?.email || 'noreply@parla.invalid' };
  }

  private async pushLocked(refs: ComponentWithRefs, dir: string, userId: number | null): Promise<OperationResult> {
    const { component } = refs;
    await this.addonEventLocked(refs, dir, 'pre-push');
    const force = vcsParam<boolean>(component.vcs_params, 'git_force_push');
    const pushed = await this.vcs.push(dir, { ...(component.push ? { pushUrl: component.push } : {}), ...(component.push_branch ? { pushBranch: component.push_branch } : {}), ...(force ? { force } : {}) });
    if (!pushed.ok) {
      await this.record(refs, ACTION.PUSH_FAILED, userId, pushed.error);
      return { result: false, detail: `Could not push: ${pushed.error}` };
    }
    await this.record(refs, ACTION.PUSHED, userId);
    return { result: true };
  }

  /** Commits local work, fetches, merges or rebases; a conflict leaves the repository as it was and is reported. */
  private async pullLocked(refs: ComponentWithRefs, dir: string, style: MergeStyle, userId: number | null): Promise<OperationResult> {
    const committed = await this.commitLocked(refs, dir, userId);
    if (!committed.result) return committed;
    await this.vcs.fetch(dir);
    const merged = await this.vcs.merge(dir, style, refs.component.merge_message ? { message: refs.component.merge_message } : {});
    if (!merged.ok) {
      const why = merged.conflict ?? merged.error ?? 'merge failed';
      await this.setMergeFailure(refs, why);
      await this.record(refs, style === 'rebase' ? ACTION.REBASE_FAILED : ACTION.MERGE_FAILED, userId, why);
      return { result: false, detail: `Could not ${style === 'rebase' ? 'rebase' : 'merge'} the upstream changes: ${why}` };
    }
    await this.setMergeFailure(refs, '');
    if (merged.before !== merged.after) {
      for (const sharing of await this.sharingComponents(refs)) await this.rescanLocked(sharing, dir);
      await this.record(refs, style === 'rebase' ? ACTION.REBASED : ACTION.MERGED, userId);
      await this.addonEventLocked(refs, dir, 'post-update');
    }
    return { result: true };
  }

  /** The component whose clone this one works in: itself, or the one its `weblate://` link names (null if that is gone). */
  async repositoryOwner(refs: ComponentWithRefs): Promise<ComponentWithRefs | null> {
    const link = parseInternalUrl(refs.component.repo);
    const main = link ? await componentIdBySlugs(this.db, link.project, link.component) : { id: refs.component.id };
    if (!main) return null;
    return main.id === refs.component.id ? refs : this.refsById(main.id);
  }

  /** This component and every component that shares its clone (or whose clone it shares). */
  private async sharingComponents(refs: ComponentWithRefs): Promise<ComponentWithRefs[]> {
    const mainRefs = await this.repositoryOwner(refs);
    if (!mainRefs) return [refs];
    const url = internalUrl(mainRefs.project.slug, mainRefs.component.slug);
    const linked = await componentIdsWithRepo(this.db, url);
    const all = [mainRefs];
    for (const { id } of linked) all.push(id === refs.component.id ? refs : await this.refsById(id));
    return all;
  }

  private async setMergeFailure(refs: ComponentWithRefs, message: string): Promise<void> {
    refs.component.merge_failure = message;
    await setMergeFailure(this.db, refs.component.id, message);
  }

  private async record(refs: ComponentWithRefs, action: number, userId: number | null, detail?: string): Promise<void> {
    await this.changes.record(this.db, { action, userId, projectId: refs.project.id, componentId: refs.component.id, ...(detail ? { details: { error: redactText(detail) } } : {}) });
  }

  /**
   * Commits components whose oldest pending edit is older than their commit_pending_age (hours);
   * the server runs this every minute. Returns the ids of the components it committed.
   */
  async commitDuePending(now: Date = new Date()): Promise<number[]> {
    const rows = await oldestPendingByComponent(this.db);
    const committed: number[] = [];
    for (const row of rows) {
      const oldest = Date.parse(String(row.oldest));
      if (Number.isNaN(oldest) || now.getTime() - oldest < Number(row.age) * 3600_000) continue;
      const result = await this.run(await this.refsById(row.id), 'commit', null);
      if (result.result) committed.push(row.id);
    }
    return committed;
  }
}
