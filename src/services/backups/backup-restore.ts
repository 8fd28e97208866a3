// Restoring a project backup: a new project with everything the archive holds, in one transaction. The archive is
// checked whole first (layout, sizes, every row's shape, each setting that reaches git); its checkouts are unpacked
// into a staging directory and moved into place inside the transaction; a failure removes whatever was moved or stored.
import fs from 'node:fs/promises';
import { msgid } from '../../shared/msgid.js';
import path from 'node:path';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import { ACCESS_CONTROL_VALUES } from '../../auth/permissions.js';
import type { Db, Executor } from '../../db/database.js';
import type { LanguageRow, ProjectRow } from '../../db/schema.js';
import {
  insertBackupRow,
  insertBackupRows,
  insertBackupUnits,
  linkUnitsToSource,
  tableColumns,
  userIdsByUsernames,
  type BackupTable,
  type ColumnInfo,
  type Row,
} from '../../db/backups.repository.js';
import { componentBySlugs } from '../../db/component-links.repository.js';
import { projectById, projectIdByName, projectIdBySlug } from '../../db/projects.repository.js';
import { addToTranslationCounters, COUNTER_COLUMNS } from '../../db/statistics.repository.js';
import { joinGroup } from '../../db/teams.repository.js';
import { Action } from '../../domain/change-actions.js';
import { PATH_SEPARATOR } from '../../domain/component-paths.js';
import { checkFilemask } from '../../domain/filemask.js';
import type { FormatRegistry } from '../../formats/registry.js';
import { nowIso } from '../../shared/clock.js';
import { AppError, ValidationError } from '../../shared/errors.js';
import type { OutboundGuard } from '../../shared/outbound-guard.js';
import { checkBranchName, checkRepoHost, checkRepoUrl, internalUrl, normalizeInternalUrl, parseInternalUrl } from '../../vcs/urls.js';
import { ensureProjectTeams, projectAdministrationTeam } from '../accounts/team-setup.js';
import type { ChangesService } from '../activity/changes.service.js';
import type { LanguagesService } from '../languages/languages.service.js';
import type { DataPaths } from '../common/data-paths.js';
import { recountTranslation } from '../common/statistics-counters.js';
import type { Upload } from '../common/upload.js';
import { FieldErrors } from '../common/validation.js';
import { detectImage } from '../screenshots/image-types.js';
import { newScreenshotKey, type ScreenshotStore } from '../screenshots/screenshot-store.js';
import {
  BackupArchive,
  MANIFEST,
  MEMORY,
  backupError,
  parseComponent,
  parseManifest,
  parseMemory,
  type BackupComponent,
  type BackupRow,
  type Manifest,
} from './backup-archive.js';

export interface RestoreDeps {
  db: Db;
  access: AccessControl;
  changes: ChangesService;
  languages: LanguagesService;
  paths: DataPaths;
  screenshots: ScreenshotStore;
  formats: FormatRegistry;
  outbound: OutboundGuard;
  allowLocalRepos: boolean;
}

export interface RestoreInput {
  name?: unknown;
  slug?: unknown;
}

/** The version control values a component may have (what component creation accepts). */
const VCS_VALUES = new Set(['git', 'gerrit', 'subversion', 'git-force-push', 'github', 'gitlab', 'gitea', 'pagure', 'azure_devops', 'bitbucketserver', 'bitbucketcloud', 'github-app', 'mercurial', 'local']);
const LOCAL_REPO = 'local:';
const LANGUAGE_KEY = /(?:^|_)language$/;
const USER_KEYS = new Set(['user', 'author', 'last_author', 'creator']);

/** Inside a checkout's .git only what holds history and state is restored: never config, hooks, alternates or worktrees. */
const GIT_KEEP =
  /^(?:HEAD|ORIG_HEAD|FETCH_HEAD|packed-refs|index|description|shallow|info\/exclude|refs\/.+|logs\/.+|objects\/[0-9a-f]{2}\/[0-9a-f]{38,62}|objects\/pack\/pack-[0-9a-f]{40,64}\.(?:pack|idx|rev|bitmap|mtimes))$/;

/** Whether a file of a checkout in the archive is restored: working tree files, and the kept part of the top .git. */
export function restoresCheckoutFile(rel: string): boolean {
  const segments = rel.split('/');
  const git = segments.findIndex((s) => s.toLowerCase() === '.git');
  if (git === -1) return true;
  // A repository nested in the checkout is never restored.
  if (git > 0) return false;
  return GIT_KEEP.test(segments.slice(1).join('/'));
}

/** A git config value or subsection name, quoted. */
function quoted(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** The restored checkout's .git/config, written fresh: the archive's is never used (it could run commands). */
function gitConfig(remote: { url: string; branch: string } | null): string {
  const lines = ['[core]', '\trepositoryformatversion = 0', '\tfilemode = true', '\tbare = false', '\tlogallrefupdates = true'];
  if (remote) {
    const b = remote.branch;
    lines.push(
      '[remote "origin"]',
      `\turl = ${quoted(remote.url)}`,
      `\tfetch = ${quoted(`+refs/heads/${b}:refs/remotes/origin/${b}`)}`,
      `[branch ${quoted(b)}]`,
      '\tremote = origin',
      `\tmerge = ${quoted(`refs/heads/${b}`)}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Columns a restore sets itself, whatever the archive says. */
const SET_HERE: Record<string, ReadonlySet<string>> = {
  projects: new Set(['name', 'slug', 'created', 'webhook_secret']),
  components: new Set(['category_path', 'task_id', 'created']),
  translations: new Set(['created']),
  screenshots: new Set(['storage_key', 'content_type', 'size']),
};

interface Refs {
  languages: Map<string, LanguageRow>;
  users: Map<string, number>;
}

/** The stored form of a travelled row: only this database's columns, each value of the kind its column takes. */
function storedRow(table: BackupTable, data: BackupRow, columns: ReadonlyMap<string, ColumnInfo>, refs: Refs, where: string): Row {
  const out: Row = {};
  const here = SET_HERE[table];
  for (const [key, value] of Object.entries(data)) {
    if (here?.has(key)) continue;
    const ref = `${key}_id`;
    if ((LANGUAGE_KEY.test(key) || USER_KEYS.has(key)) && columns.has(ref) && !here?.has(ref)) {
      if (value === null) out[ref] = null;
      else if (typeof value !== 'string') throw backupError(`The backup is not valid: ${where}.${key}: expected a code or a name.`);
      else if (LANGUAGE_KEY.test(key)) out[ref] = refs.languages.get(value)!.id;
      else out[ref] = refs.users.get(value) ?? null;
      continue;
    }
    const column = columns.get(key);
    if (!column || key === 'id' || key.endsWith('_id')) continue;
    if (value === null) {
      if (column.nullable) out[key] = null;
      else if (!column.hasDefault) throw backupError(`The backup is not valid: ${where}.${key} may not be empty.`);
      continue;
    }
    const ok = column.kind === 'integer' ? Number.isSafeInteger(value) : column.kind === 'number' ? typeof value === 'number' : column.kind === 'text' ? typeof value === 'string' : true;
    if (!ok) throw backupError(`The backup is not valid: ${where}.${key}: expected ${column.kind === 'text' ? 'text' : column.kind === 'integer' ? 'an integer' : 'a number'}.`);
    out[key] = value;
  }
  return out;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const ZERO_COUNTERS = Object.fromEntries(COUNTER_COLUMNS.map((c) => [c, 0]));

/** An error of the file system or the process (no space left, no permission): the server's problem, not the backup's. */
function isSystemError(e: unknown): boolean {
  return typeof (e as { errno?: unknown } | null)?.errno === 'number' && typeof (e as { syscall?: unknown }).syscall === 'string';
}

/** A restore in progress: the checked archive, then the rows and files it creates. */
class Restore {
  private columns!: Map<string, Map<string, ColumnInfo>>;
  private refs: Refs = { languages: new Map(), users: new Map() };
  private components: BackupComponent[] = [];
  private memory: BackupRow[] = [];
  private images = new Map<string, { data: Buffer; mime: string; extension: string }>();
  /** Files put in place so far: removed again when the restore fails. */
  private readonly moved: string[] = [];
  private readonly stored: string[] = [];

  constructor(
    private readonly d: RestoreDeps,
    private readonly actor: Actor,
    private readonly archive: BackupArchive,
    private readonly manifest: Manifest,
  ) {}

  private cols(table: BackupTable): Map<string, ColumnInfo> {
    return this.columns.get(table) ?? new Map();
  }

  private row(table: BackupTable, data: BackupRow, where: string): Row {
    return storedRow(table, data, this.cols(table), this.refs, where);
  }

  /** Reads and checks everything before the first write. */
  async check(name: string, slug: string): Promise<void> {
    this.columns = await tableColumns(this.d.db);
    for (const entry of this.manifest.components) {
      if (!this.archive.names.has(entry.file)) throw backupError(`The backup has no ${entry.file}.`);
      this.components.push(parseComponent(entry.file, this.archive.json(entry.file)));
    }
    this.memory = this.archive.names.has(MEMORY) ? parseMemory(this.archive.json(MEMORY)) : [];
    await this.resolveReferences();
    await this.checkProject(name, slug);
    this.checkLabelsAndCategories();
    for (const [i, c] of this.components.entries()) await this.checkComponent(c, `${this.manifest.components[i].file}`);
  }

  /** Every language code (must exist here) and username (may not: then nobody) the rows name. */
  private async resolveReferences(): Promise<void> {
    const codes = new Set<string>();
    const users = new Set<string>();
    const visit = (row: BackupRow) => {
      for (const [key, value] of Object.entries(row)) {
        if (typeof value !== 'string') continue;
        if (LANGUAGE_KEY.test(key)) codes.add(value);
        else if (USER_KEYS.has(key)) users.add(value);
      }
    };
    visit(this.manifest.project);
    this.memory.forEach(visit);
    for (const c of this.components) {
      visit(c.row);
      c.translations.forEach((t) => visit(t.row));
      for (const u of c.units) {
        u.comments.forEach(visit);
        for (const s of u.suggestions) {
          visit(s.row);
          for (const v of s.votes) users.add(v.user);
        }
      }
      c.screenshots.forEach((s) => visit(s.row));
    }
    for (const code of codes) {
      const language = await this.d.languages.resolve(code);
      if (!language) throw backupError(`The backup names the language "${code.slice(0, 50)}", which this server does not have.`);
      this.refs.languages.set(code, language);
    }
    this.refs.users = await userIdsByUsernames(this.d.db, [...users]);
  }

  private async checkProject(name: string, slug: string): Promise<void> {
    const errors = new FieldErrors();
    errors.name('name', name, true, 60);
    errors.slug('slug', slug, true, 60);
    if (!errors.has('name') && (await projectIdByName(this.d.db, name))) errors.add('name', 'Project with this Project name already exists.', 'unique');
    if (!errors.has('slug') && (await projectIdBySlug(this.d.db, slug))) errors.add('slug', 'Project with this URL slug already exists.', 'unique');
    if (!errors.empty) throw new ValidationError(errors.list);
    const p = this.manifest.project;
    if (p.access_control !== undefined && !ACCESS_CONTROL_VALUES.includes(p.access_control as number)) throw backupError('The backup is not valid: project.access_control is not a valid choice.');
    const settings = new FieldErrors();
    settings.url('web', str(p.web));
    settings.checkFlags('check_flags', str(p.check_flags));
    if (!settings.empty) throw backupError(`The backup is not valid: project.${settings.list[0].attr}: ${settings.list[0].detail}`);
  }

  private checkLabelsAndCategories(): void {
    const labels = new Set<string>();
    for (const l of this.manifest.labels) {
      const name = str(l.name);
      if (!name || name.length > 190 || labels.has(name)) throw backupError('The backup is not valid: a label has no name, too long a name or the name of another.');
      labels.add(name);
    }
    const keys = new Set<number>();
    const places = new Set<string>();
    for (const c of this.manifest.categories) {
      const errors = new FieldErrors();
      errors.name('name', c.name, true, 100);
      errors.slug('slug', c.slug, true, 100);
      if (!errors.empty || keys.has(c.key)) throw backupError(`The backup is not valid: the category "${c.slug.slice(0, 50)}" has a bad name, slug or key.`);
      const place = `${c.parent}/${c.slug}`;
      if (places.has(place)) throw backupError(`The backup is not valid: two categories share the slug "${c.slug.slice(0, 50)}".`);
      places.add(place);
      keys.add(c.key);
    }
    for (const c of this.manifest.categories) {
      // Every chain of parents ends at the project within the nesting the API allows.
      let parent = c.parent;
      for (let depth = 0; parent !== null; depth++) {
        const up = this.manifest.categories.find((x) => x.key === parent);
        if (!up || depth >= 3) throw backupError('The backup is not valid: a category has a missing parent, a cycle or too deep a nesting.');
        parent = up.parent;
      }
    }
  }

  /** The settings of a component that reach git or the files are checked as component creation checks them. */
  private async checkComponent(c: BackupComponent, where: string): Promise<void> {
    const r = c.row;
    const errors = new FieldErrors();
    errors.name('name', str(r.name), true, 100);
    errors.slug('slug', str(r.slug), true, 100);
    const format = str(r.file_format) ?? '';
    if (!this.d.formats.has(format)) errors.add('file_format', `"${format.slice(0, 50)}" is not a valid choice.`);
    else if (typeof r.file_format_params === 'string' && r.file_format_params !== '') {
      let params: unknown;
      try {
        params = JSON.parse(r.file_format_params);
      } catch {
        params = null;
      }
      const plain = params !== null && typeof params === 'object' && !Array.isArray(params) && Object.values(params).every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v));
      if (!plain) errors.add('file_format_params', 'Expected an object of parameters.');
    }
    try {
      checkFilemask(str(r.filemask) ?? '', !!this.d.formats.get(format)?.sharedFile);
    } catch (e) {
      errors.add('filemask', (e as Error).message);
    }
    for (const f of ['template', 'new_base', 'intermediate']) {
      const v = str(r[f]);
      if (v && (v.startsWith('/') || v.split('/').includes('..') || v.includes('\\'))) errors.add(f, 'The file must be a relative path inside the repository.');
    }
    errors.checkFlags('check_flags', str(r.check_flags));
    if (r.vcs !== undefined && !VCS_VALUES.has(str(r.vcs) ?? '')) errors.add('vcs', 'Not a valid choice.');
    for (const f of ['branch', 'push_branch']) {
      const v = str(r[f]);
      if (v) {
        const why = checkBranchName(v);
        if (why) errors.add(f, why);
      }
    }
    const repo = str(r.repo) ?? '';
    if (repo !== LOCAL_REPO) {
      const checked = checkRepoUrl(repo, { allowLocal: this.d.allowLocalRepos, allowInternal: true });
      if (!checked.ok) errors.add('repo', checked.reason);
      else if (checked.kind === 'internal') await this.checkLink(repo, errors);
      else {
        const refusal = await checkRepoHost(repo, this.d.outbound);
        if (refusal) errors.add('repo', refusal);
      }
    }
    const push = str(r.push);
    if (push) {
      const checked = checkRepoUrl(push, { allowLocal: this.d.allowLocalRepos, allowInternal: false });
      const refusal = checked.ok ? await checkRepoHost(push, this.d.outbound) : checked.reason;
      if (refusal) errors.add('push', refusal);
    }
    if (typeof r.source_language !== 'string') errors.add('source_language', 'This field is required.');
    if (c.category !== null && !this.manifest.categories.some((x) => x.key === c.category)) errors.add('category', 'The category is not in the backup.');
    if (!errors.empty) throw backupError(`The backup is not valid: ${where}: component.${errors.list[0].attr}: ${errors.list[0].detail}`);
    // Names and slugs are unique within a category.
    const twins = this.components.filter((o) => o !== c && o.category === c.category && (o.row.slug === r.slug || o.row.name === r.name));
    if (twins.length) throw backupError(`The backup is not valid: two components share the name or slug "${String(r.slug).slice(0, 50)}".`);
    const keys = new Set(c.translations.map((t) => t.key));
    if (keys.size !== c.translations.length) throw backupError(`The backup is not valid: ${where}: two translations share a key.`);
    const languages = c.translations.map((t) => this.refs.languages.get(str(t.row.language) ?? '')?.id);
    if (languages.some((id) => id === undefined)) throw backupError(`The backup is not valid: ${where}: a translation has no language.`);
    if (new Set(languages).size !== languages.length) throw backupError(`The backup is not valid: ${where}: two translations are of the same language.`);
    if (c.translations.filter((t) => t.row.is_source === 1).length > 1) throw backupError(`The backup is not valid: ${where}: more than one source translation.`);
    const hashes = new Set<string>();
    for (const u of c.units) {
      if (!keys.has(u.translation)) throw backupError(`The backup is not valid: ${where}: a unit belongs to no translation of the component.`);
      const hash = str(u.row.id_hash);
      if (!hash) throw backupError(`The backup is not valid: ${where}: a unit has no id_hash.`);
      for (const field of ['content_hash', 'source', 'target']) {
        if (typeof u.row[field] !== 'string') throw backupError(`The backup is not valid: ${where}: a unit has no ${field}.`);
      }
      if (!Number.isSafeInteger(u.row.state)) throw backupError(`The backup is not valid: ${where}: a unit has no state.`);
      const id = `${u.translation}\0${hash}`;
      if (hashes.has(id)) throw backupError(`The backup is not valid: ${where}: two units of a translation share an id_hash.`);
      hashes.add(id);
    }
    for (const s of c.screenshots) {
      if (!keys.has(s.translation)) throw backupError(`The backup is not valid: ${where}: a screenshot belongs to no translation of the component.`);
      if (!this.archive.names.has(s.file)) throw backupError(`The backup has no ${s.file}.`);
      if (!this.images.has(s.file)) {
        const data = this.archive.read(s.file);
        const type = detectImage(data);
        if (!type) throw backupError(`The backup's ${s.file} is not a PNG, JPEG or WebP image.`);
        this.images.set(s.file, { data, mime: type.mimeType, extension: type.extension });
      }
    }
  }

  /** A link to another component's repository: in this backup (outside categories), or one the restorer may edit. */
  private async checkLink(repo: string, errors: FieldErrors): Promise<void> {
    const link = parseInternalUrl(normalizeInternalUrl(repo))!;
    if (link.project === this.manifest.project.slug) {
      const target = this.components.find((o) => o.category === null && o.row.slug === link.component && !parseInternalUrl(String(o.row.repo ?? '')));
      if (!target) errors.add('repo', 'Invalid link to a component: it does not exist or has no repository of its own.');
      return;
    }
    const owner = await componentBySlugs(this.d.db, link.project, link.component);
    const project = owner && (await projectById(this.d.db, owner.project_id));
    if (!owner || !project || !this.d.access.can(this.actor, 'component.edit', project)) errors.add('repo', 'Invalid link to a component: it does not exist or has no repository of its own.');
  }

  /** Unpacks the checkouts into the staging directory: only the files a checkout may hold. */
  async unpack(staging: string): Promise<void> {
    for (const [i, entry] of this.manifest.components.entries()) {
      if (!entry.vcs) continue;
      const root = path.join(staging, String(i));
      await fs.mkdir(root);
      for (const file of this.archive.filesUnder(entry.vcs)) {
        if (!restoresCheckoutFile(file.rel)) continue;
        const target = this.d.paths.inside(root, file.rel);
        await fs.mkdir(path.dirname(target), { recursive: true });
        await fs.writeFile(target, this.archive.read(file.name), { flag: 'wx' });
      }
      const git = path.join(root, '.git');
      if (await fs.stat(path.join(git, 'HEAD')).catch(() => null)) {
        for (const dir of ['objects', 'refs/heads', 'refs/tags']) await fs.mkdir(path.join(git, dir), { recursive: true });
      }
    }
  }

  /** Writes every row, and moves the checkouts and images into place; in the caller's transaction. */
  async write(tx: Executor, staging: string, name: string, slug: string): Promise<ProjectRow> {
    const project = await this.writeProject(tx, name, slug);
    const labels = new Map<string, number>();
    for (const [i, l] of this.manifest.labels.entries()) {
      labels.set(String(l.name), await insertBackupRow(tx, 'labels', { ...this.row('labels', l, `labels[${i}]`), project_id: project.id }));
    }
    const categories = await this.writeCategories(tx, project.id);
    const memory = this.memory.map((m, i) => ({ ...this.row('memory', m, `memory[${i}]`), project_id: project.id, user_id: null }));
    await insertBackupRows(tx, 'memory', memory);
    for (const [i, c] of this.components.entries()) await this.writeComponent(tx, project, c, i, { labels, categories, staging });
    return project;
  }

  private async writeProject(tx: Executor, name: string, slug: string): Promise<ProjectRow> {
    const values = { ...this.row('projects', this.manifest.project, 'project'), name, slug, created: nowIso() };
    const id = await insertBackupRow(tx, 'projects', values);
    const project = (await projectById(tx, id))!;
    await this.d.changes.record(tx, { action: Action.PROJECT_CREATED, userId: this.actor.user?.id, projectId: id, target: name, details: { restored_from: String(this.manifest.metadata.project ?? '') } });
    await ensureProjectTeams(tx, project);
    // Whoever restores a project administers it, as whoever creates one.
    if (this.actor.user && !this.actor.isSuperuser) await joinGroup(tx, await projectAdministrationTeam(tx, project), this.actor.user.id);
    return project;
  }

  /** Parents first; each category's id and path (its slugs, each followed by the separator) by key. */
  private async writeCategories(tx: Executor, projectId: number): Promise<Map<number, { id: number; path: string }>> {
    const placed = new Map<number, { id: number; path: string }>();
    const pending = [...this.manifest.categories];
    while (pending.length) {
      const ready = pending.findIndex((c) => c.parent === null || placed.has(c.parent));
      const c = pending.splice(ready, 1)[0];
      const parent = c.parent === null ? null : placed.get(c.parent)!;
      const id = await insertBackupRow(tx, 'categories', { project_id: projectId, category_id: parent?.id ?? null, name: c.name, slug: c.slug });
      placed.set(c.key, { id, path: `${parent?.path ?? ''}${c.slug}${PATH_SEPARATOR}` });
    }
    return placed;
  }

  private async writeComponent(
    tx: Executor,
    project: ProjectRow,
    c: BackupComponent,
    index: number,
    ctx: { labels: Map<string, number>; categories: Map<number, { id: number; path: string }>; staging: string },
  ): Promise<void> {
    const where = this.manifest.components[index].file;
    const category = c.category === null ? null : ctx.categories.get(c.category)!;
    let repo = String(c.row.repo ?? '');
    const link = parseInternalUrl(normalizeInternalUrl(repo));
    if (link && link.project === this.manifest.project.slug) repo = internalUrl(project.slug, link.component);
    else if (link) repo = normalizeInternalUrl(repo);
    const componentId = await insertBackupRow(tx, 'components', {
      ...this.row('components', c.row, `${where}.component`),
      repo,
      project_id: project.id,
      category_id: category?.id ?? null,
      category_path: category?.path ?? '',
      task_id: null,
      created: nowIso(),
    });
    // Translations start at zero: their counters are counted from the units below.
    const translations = new Map<number, number>();
    let sourceId: number | null = null;
    for (const t of c.translations) {
      const id = await insertBackupRow(tx, 'translations', { ...this.row('translations', t.row, `${where}.translations`), ...ZERO_COUNTERS, component_id: componentId, created: nowIso() });
      translations.set(t.key, id);
      if (t.row.is_source === 1) sourceId = id;
    }
    const inserted = await insertBackupUnits(
      tx,
      c.units.map((u) => ({
        ...this.row('units', u.row, `${where}.units`),
        translation_id: translations.get(u.translation)!,
        source_unit_id: null,
        // The checks come as they were found (some compare components, which a bulk re-check cannot); the flag follows them.
        has_failing_check: u.checks.some((check) => !check.dismissed) ? 1 : 0,
      })),
    );
    const unitId = new Map(inserted.map((u) => [`${u.translation_id}\0${u.id_hash}`, u.id]));
    const idOf = (translationKey: number, hash: unknown) => unitId.get(`${translations.get(translationKey)}\0${String(hash)}`);
    if (sourceId !== null) await linkUnitsToSource(tx, [...translations.values()], sourceId);
    const unitLabels: Row[] = [];
    const comments: Row[] = [];
    const checks: Row[] = [];
    for (const u of c.units) {
      const id = idOf(u.translation, u.row.id_hash)!;
      for (const name of new Set(u.labels)) {
        const label = ctx.labels.get(name);
        if (label !== undefined) unitLabels.push({ unit_id: id, label_id: label });
      }
      for (const comment of u.comments) comments.push({ ...this.row('comments', comment, `${where}.comments`), unit_id: id });
      for (const check of u.checks) checks.push({ unit_id: id, name: check.name, dismissed: check.dismissed });
      for (const s of u.suggestions) {
        const suggestion = await insertBackupRow(tx, 'suggestions', { ...this.row('suggestions', s.row, `${where}.suggestions`), unit_id: id });
        const votes = new Map<number, number>();
        for (const v of s.votes) {
          const user = this.refs.users.get(v.user);
          if (user !== undefined) votes.set(user, v.value);
        }
        await insertBackupRows(tx, 'suggestion_votes', [...votes].map(([user, value]) => ({ suggestion_id: suggestion, user_id: user, value })));
      }
    }
    await insertBackupRows(tx, 'unit_labels', unitLabels);
    await insertBackupRows(tx, 'comments', comments);
    await insertBackupRows(tx, 'checks', checks);
    for (const s of c.screenshots) {
      const image = this.images.get(s.file)!;
      const key = newScreenshotKey(image.extension);
      const shot = await insertBackupRow(tx, 'screenshots', {
        ...this.row('screenshots', s.row, `${where}.screenshots`),
        translation_id: translations.get(s.translation)!,
        storage_key: key,
        content_type: image.mime,
        size: image.data.length,
      });
      const units = new Set(s.units.map((u) => idOf(u.translation, u.id_hash)).filter((id): id is number => id !== undefined));
      await insertBackupRows(tx, 'screenshot_units', [...units].map((unit) => ({ screenshot_id: shot, unit_id: unit })));
      this.stored.push(key);
      await this.d.screenshots.put(key, image.data);
    }
    for (const id of translations.values()) await addToTranslationCounters(tx, id, await recountTranslation(tx, id));
    const staged = path.join(ctx.staging, String(index));
    if (await fs.stat(staged).catch(() => null)) await this.placeCheckout(staged, { id: componentId, project_id: project.id }, repo, String(c.row.branch ?? ''));
  }

  /** Moves a staged checkout to the component's directory and gives its .git a config of its own. */
  private async placeCheckout(staged: string, component: { id: number; project_id: number }, repo: string, branch: string): Promise<void> {
    const dest = this.d.paths.componentDir(component);
    const projectDir = path.dirname(dest);
    // The new project's directory goes too when the restore fails.
    if (!(await fs.stat(projectDir).catch(() => null))) {
      await fs.mkdir(projectDir, { recursive: true });
      this.moved.push(projectDir);
    }
    await fs.rename(staged, dest);
    this.moved.push(dest);
    const git = path.join(dest, '.git');
    if (!(await fs.stat(git).catch(() => null))) return;
    const remote = repo === LOCAL_REPO || parseInternalUrl(repo) ? null : repo;
    let current = branch;
    if (!current) {
      const head = await fs.readFile(path.join(git, 'HEAD'), 'utf8').catch(() => '');
      current = /^ref: refs\/heads\/(.+)\s*$/.exec(head)?.[1]?.trim() ?? '';
    }
    const usable = remote && current && checkBranchName(current) === null;
    await fs.writeFile(path.join(git, 'config'), gitConfig(usable ? { url: remote, branch: current } : null));
  }

  /** Takes back what was put in place outside the database. */
  async undo(): Promise<void> {
    for (const dir of this.moved) await fs.rm(dir, { recursive: true, force: true }).catch(() => undefined);
    for (const key of this.stored) await this.d.screenshots.delete(key).catch(() => undefined);
  }
}

/**
 * Creates a project from a backup (`zipfile`), named `name` and `slug` (the backup's when not given); needs
 * project.add, as creating a project does. All of it is one transaction: on any failure nothing of it stays.
 */
export async function restoreProject(d: RestoreDeps, actor: Actor, input: RestoreInput, upload: Upload | undefined): Promise<ProjectRow> {
  d.access.requireGlobal(actor, 'project.add', 'Can not create projects');
  if (!upload) throw ValidationError.field('zipfile', msgid('This field is required.'), 'required');
  const archive = BackupArchive.open(upload.data);
  const manifest = parseManifest(archive.json(MANIFEST));
  const name = input.name === undefined || input.name === '' ? str(manifest.project.name) : str(input.name);
  const slug = input.slug === undefined || input.slug === '' ? str(manifest.project.slug) : str(input.slug);
  if (typeof input.name !== 'undefined' && typeof input.name !== 'string') throw ValidationError.field('name', msgid('Not a valid string.'));
  if (typeof input.slug !== 'undefined' && typeof input.slug !== 'string') throw ValidationError.field('slug', msgid('Not a valid string.'));
  const restore = new Restore(d, actor, archive, manifest);
  await restore.check(name ?? '', slug ?? '');
  const staging = await d.paths.stagingDir();
  try {
    await restore.unpack(staging);
    return await d.db.transaction().execute((tx) => restore.write(tx, staging, name!, slug!));
  } catch (e) {
    await restore.undo();
    if (e instanceof AppError || isSystemError(e)) throw e;
    // What the checks let through and the database still refused (a missing value, one out of a column's range).
    throw backupError('The backup could not be restored: it holds data this server cannot store.');
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}
