// Project backups: a ZIP of a whole project (settings, labels, categories, translation memory, components with their
// translations, units, comments, suggestions, checks and screenshots, and each repository checkout) kept in the data
// dir, listed and downloaded by project editors; restoring one creates a new project (see backup-restore.ts).
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { msgid } from '../../shared/msgid.js';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import type { Db } from '../../db/database.js';
import type { ProjectRow } from '../../db/schema.js';
import {
  categoriesOfProject,
  checksOfComponent,
  commentsOfComponent,
  componentsOfProject,
  labelsOfProject,
  languageCodesByIds,
  memoryOfProject,
  projectRow,
  screenshotsOfComponent,
  screenshotUnitsOfComponent,
  suggestionsOfComponent,
  translationsOfComponent,
  unitLabelsOfComponent,
  unitsOfComponent,
  usernamesByIds,
  votesOfComponent,
  type Row,
} from '../../db/backups.repository.js';
import { COUNTER_COLUMNS } from '../../db/statistics.repository.js';
import { NotFoundError } from '../../shared/errors.js';
import { ZipWriter } from '../../shared/zip-writer.js';
import type { TaskQueue } from '../../tasks/task-queue.js';
import { parseInternalUrl } from '../../vcs/urls.js';
import type { DataPaths } from '../common/data-paths.js';
import type { ScreenshotStore } from '../screenshots/screenshot-store.js';
import type { Upload } from '../common/upload.js';
import { restoreProject, type RestoreDeps, type RestoreInput } from './backup-restore.js';
import { BACKUP_FORMAT, BACKUP_VERSION, MANIFEST, MEMORY, componentFile, screenshotFile, vcsPrefix, type BackupRow } from './backup-archive.js';

/** A kept backup, as the list shows it. */
export interface BackupInfo {
  name: string;
  /** Bytes. */
  size: number;
  timestamp: string;
}

/** Runs a function while the repository at a path is not being changed. */
export interface RepositoryLocking {
  run<T>(repoPath: string, fn: () => Promise<T>): Promise<T>;
}

/** Backups kept per project: the newest KEEP_COUNT always, older ones until KEEP_DAYS, never more than MAX_KEPT. */
export const KEEP_COUNT = 3;
export const KEEP_DAYS = 30;
export const MAX_KEPT = 10;

const NAME = /^(\d{1,12})\.zip$/;

/** Columns that name other rows: languages travel as codes and users as usernames; the rest are rebuilt on restore. */
const LANGUAGE_REF = /(?:^|_)language_id$/;
const USER_REFS = new Set(['user_id', 'author_id', 'last_author_id', 'creator_id']);
/** Never written into a backup: secrets, and what a restore computes again. */
const LEFT_OUT: Record<string, ReadonlySet<string>> = {
  projects: new Set(['webhook_secret', 'created']),
  components: new Set(['task_id', 'created']),
  translations: new Set([...COUNTER_COLUMNS, 'created']),
  screenshots: new Set(['storage_key']),
};

/** A stored row as it travels: ids dropped, languages as codes, users as usernames, only plain values. */
export function exportRow(table: string, row: Row, langs: ReadonlyMap<number, string>, users: ReadonlyMap<number, string>): BackupRow {
  const out: BackupRow = {};
  const left = LEFT_OUT[table];
  for (const [key, value] of Object.entries(row)) {
    if (key === 'id' || left?.has(key)) continue;
    if (LANGUAGE_REF.test(key) || USER_REFS.has(key)) {
      const id = value === null || value === undefined ? null : Number(value);
      out[key.slice(0, -3)] = id === null ? null : ((LANGUAGE_REF.test(key) ? langs.get(id) : users.get(id)) ?? null);
      continue;
    }
    if (key.endsWith('_id')) continue;
    if (value === null || typeof value === 'string') out[key] = value;
    else if (typeof value === 'number' && Number.isFinite(value)) out[key] = value;
    else if (typeof value === 'bigint') out[key] = Number(value);
    else if (typeof value === 'boolean') out[key] = value ? 1 : 0;
    else if (value instanceof Date) out[key] = value.toISOString();
  }
  return out;
}

/** The ids of the languages and users rows refer to. */
function referencedIds(rows: readonly Row[], into: { langs: Set<number>; users: Set<number> }): void {
  for (const row of rows) {
    for (const [key, value] of Object.entries(row)) {
      if (value === null || value === undefined) continue;
      if (LANGUAGE_REF.test(key)) into.langs.add(Number(value));
      else if (USER_REFS.has(key)) into.users.add(Number(value));
    }
  }
}

export interface ProjectBackupsDeps extends RestoreDeps {
  tasks: TaskQueue;
  locks: RepositoryLocking;
}

/** The server's version, written into each backup. */
const VERSION: string = (() => {
  try {
    return (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version?: string }).version ?? '';
  } catch {
    return '';
  }
})();

export class ProjectBackupsService {
  private readonly db: Db;
  private readonly access: AccessControl;
  private readonly paths: DataPaths;
  private readonly tasks: TaskQueue;
  private readonly locks: RepositoryLocking;
  private readonly screenshots: ScreenshotStore;

  constructor(private readonly deps: ProjectBackupsDeps) {
    ({ db: this.db, access: this.access, paths: this.paths, tasks: this.tasks, locks: this.locks, screenshots: this.screenshots } = deps);
  }

  /** Creates a project from an uploaded backup (see restoreProject). */
  restore(actor: Actor, input: RestoreInput, upload: Upload | undefined): Promise<ProjectRow> {
    return restoreProject(this.deps, actor, input, upload);
  }

  /** Creating, listing and downloading backups needs project.edit: a backup holds every component, restricted ones too. */
  private requireEdit(actor: Actor, project: ProjectRow): void {
    this.access.require(actor, 'project.edit', project, 'Can not manage project backups');
  }

  /** Where a project's backups are kept: named by its id, which is never given to another project. */
  dirOf(projectId: number): string {
    return path.join(this.paths.dataDir, 'projectbackups', String(projectId));
  }

  private async listDir(projectId: number): Promise<BackupInfo[]> {
    const dir = this.dirOf(projectId);
    let names: string[];
    try {
      names = await fs.readdir(dir);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw e;
    }
    const out: (BackupInfo & { stamp: number })[] = [];
    for (const name of names) {
      const m = NAME.exec(name);
      if (!m) continue;
      const stat = await fs.stat(path.join(dir, name)).catch(() => null);
      if (!stat?.isFile()) continue;
      const stamp = Number(m[1]);
      out.push({ name, size: stat.size, timestamp: new Date(stamp * 1000).toISOString(), stamp });
    }
    // Newest first.
    return out.sort((a, b) => b.stamp - a.stamp).map(({ name, size, timestamp }) => ({ name, size, timestamp }));
  }

  async list(actor: Actor, project: ProjectRow): Promise<BackupInfo[]> {
    this.requireEdit(actor, project);
    return this.listDir(project.id);
  }

  /** The path of one kept backup, for its download; 404 for any other name. */
  async file(actor: Actor, project: ProjectRow, name: string): Promise<{ path: string; name: string; size: number }> {
    this.requireEdit(actor, project);
    const found = NAME.test(name) ? (await this.listDir(project.id)).find((b) => b.name === name) : undefined;
    if (!found) throw new NotFoundError(msgid('Backup not found.'));
    return { path: path.join(this.dirOf(project.id), found.name), name: found.name, size: found.size };
  }

  /** Queues a backup of the project; resolves to the task's id. */
  async schedule(actor: Actor, project: ProjectRow): Promise<string> {
    this.requireEdit(actor, project);
    return this.tasks.enqueue('project-backup', { projectId: project.id }, { projectId: project.id, userId: actor.user?.id ?? null });
  }

  /** The background task: writes the backup, then drops those past the keeping rules. */
  async runTask(payload: Record<string, unknown>, progress: (percent: number, message?: string) => Promise<void>): Promise<{ project: number; backup: string }> {
    const projectId = Number(payload.projectId);
    const name = await this.create(projectId, progress);
    await this.prune(projectId);
    return { project: projectId, backup: name };
  }

  /** Removes backups past the keeping rules: beyond the newest KEEP_COUNT those older than KEEP_DAYS, and all beyond MAX_KEPT. */
  async prune(projectId: number, now = Date.now()): Promise<void> {
    const kept = await this.listDir(projectId);
    const cutoff = now - KEEP_DAYS * 24 * 3600 * 1000;
    for (const [index, backup] of kept.entries()) {
      if (index < KEEP_COUNT) continue;
      if (index >= MAX_KEPT || Date.parse(backup.timestamp) < cutoff) await fs.rm(path.join(this.dirOf(projectId), backup.name), { force: true });
    }
  }

  /** Writes a backup of the project into its directory; resolves to the file's name. The file appears whole or not at all. */
  async create(projectId: number, progress: (percent: number, message?: string) => Promise<void> = async () => {}): Promise<string> {
    const project = await projectRow(this.db, projectId);
    if (!project) throw new NotFoundError(msgid('The project no longer exists.'));
    const dir = this.dirOf(projectId);
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    let stamp = Math.floor(Date.now() / 1000);
    const taken = async (n: number) => (await fs.stat(path.join(dir, `${n}.zip`)).catch(() => null)) !== null || (await fs.stat(path.join(dir, `${n}.zip.part`)).catch(() => null)) !== null;
    while (await taken(stamp)) stamp++;
    const name = `${stamp}.zip`;
    const part = path.join(dir, `${name}.part`);
    const output = createWriteStream(part, { flags: 'wx', mode: 0o600 });
    const zip = new ZipWriter(output);
    try {
      await this.write(zip, project, new Date(stamp * 1000), progress);
      await zip.finish();
      await fs.rename(part, path.join(dir, name));
    } catch (e) {
      output.destroy();
      await fs.rm(part, { force: true });
      throw e;
    }
    return name;
  }

  private async write(zip: ZipWriter, project: ProjectRow, timestamp: Date, progress: (percent: number, message?: string) => Promise<void>): Promise<void> {
    const json = (value: unknown) => Buffer.from(JSON.stringify(value, null, 1));
    const ids = { langs: new Set<number>(), users: new Set<number>() };
    const labels = await labelsOfProject(this.db, project.id);
    const categories = await categoriesOfProject(this.db, project.id);
    const memory = await memoryOfProject(this.db, project.id);
    const components = await componentsOfProject(this.db, project.id);
    referencedIds([project as unknown as Row, ...(memory as unknown as Row[])], ids);
    const names = await this.lookups(ids);
    const manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      metadata: { server: 'Parla', version: VERSION, timestamp: timestamp.toISOString(), project: project.slug },
      project: exportRow('projects', project as unknown as Row, names.langs, names.users),
      labels: labels.map((l) => exportRow('labels', l as unknown as Row, names.langs, names.users)),
      categories: categories.map((c) => ({ key: c.id, parent: c.category_id, name: c.name, slug: c.slug })),
      components: components.map((c, i) => ({ file: componentFile(i + 1), vcs: parseInternalUrl(c.repo) ? null : vcsPrefix(i + 1) })),
    };
    await zip.addFile(MANIFEST, json(manifest), { mtime: timestamp });
    await zip.addFile(MEMORY, json(memory.map((m) => exportRow('memory', m as unknown as Row, names.langs, names.users))), { mtime: timestamp });
    let screenshotNumber = 0;
    for (const [i, component] of components.entries()) {
      await progress((100 * i) / Math.max(1, components.length), `Component ${component.name}`);
      const n = i + 1;
      const translations = await translationsOfComponent(this.db, component.id);
      const units = await unitsOfComponent(this.db, component.id);
      const unitLabels = await unitLabelsOfComponent(this.db, component.id);
      const comments = await commentsOfComponent(this.db, component.id);
      const suggestions = await suggestionsOfComponent(this.db, component.id);
      const votes = await votesOfComponent(this.db, component.id);
      const checks = await checksOfComponent(this.db, component.id);
      const screenshots = await screenshotsOfComponent(this.db, component.id);
      const screenshotUnits = await screenshotUnitsOfComponent(this.db, component.id);
      const refs = { langs: new Set<number>(), users: new Set<number>() };
      referencedIds([component as unknown as Row, ...(translations as unknown as Row[]), ...comments, ...suggestions, ...(screenshots as unknown as Row[])], refs);
      for (const v of votes) refs.users.add(v.user_id);
      const lookups = await this.lookups(refs);
      const group = <T extends { unit_id: number }>(rows: readonly T[]) => {
        const by = new Map<number, T[]>();
        for (const r of rows) (by.get(r.unit_id) ?? by.set(r.unit_id, []).get(r.unit_id)!).push(r);
        return by;
      };
      const labelsBy = group(unitLabels);
      const commentsBy = group(comments as (Row & { unit_id: number })[]);
      const suggestionsBy = group(suggestions as (Row & { unit_id: number })[]);
      const checksBy = group(checks);
      const votesBy = new Map<number, { user: string; value: number }[]>();
      for (const v of votes) {
        const user = lookups.users.get(v.user_id);
        if (user) (votesBy.get(v.suggestion_id) ?? votesBy.set(v.suggestion_id, []).get(v.suggestion_id)!).push({ user, value: v.value });
      }
      const unitById = new Map(units.map((u) => [u.id, u]));
      const shots: unknown[] = [];
      for (const shot of screenshots) {
        const image = await this.screenshots.get(shot.storage_key);
        if (!image) continue;
        screenshotNumber++;
        const file = screenshotFile(screenshotNumber);
        await zip.addFile(file, image, { mtime: timestamp });
        shots.push({
          ...exportRow('screenshots', shot as unknown as Row, lookups.langs, lookups.users),
          translation: shot.translation_id,
          file,
          units: screenshotUnits
            .filter((su) => su.screenshot_id === shot.id && unitById.has(su.unit_id))
            .map((su) => ({ translation: unitById.get(su.unit_id)!.translation_id, id_hash: unitById.get(su.unit_id)!.id_hash })),
        });
      }
      const data = {
        component: { ...exportRow('components', component as unknown as Row, lookups.langs, lookups.users), category: component.category_id },
        translations: translations.map((t) => ({ ...exportRow('translations', t as unknown as Row, lookups.langs, lookups.users), key: t.id })),
        units: units.map((u) => ({
          ...exportRow('units', u as unknown as Row, lookups.langs, lookups.users),
          translation: u.translation_id,
          labels: (labelsBy.get(u.id) ?? []).map((l) => l.name),
          comments: (commentsBy.get(u.id) ?? []).map((c) => exportRow('comments', c, lookups.langs, lookups.users)),
          suggestions: (suggestionsBy.get(u.id) ?? []).map((s) => ({ ...exportRow('suggestions', s, lookups.langs, lookups.users), votes: votesBy.get(Number(s.id)) ?? [] })),
          checks: (checksBy.get(u.id) ?? []).map((c) => ({ name: c.name, dismissed: c.dismissed ? 1 : 0 })),
        })),
        screenshots: shots,
      };
      await zip.addFile(componentFile(n), json(data), { mtime: timestamp });
      // A component sharing another one's repository has no checkout of its own.
      if (!parseInternalUrl(component.repo)) {
        const root = this.paths.componentDir(component);
        await this.locks.run(root, () => this.addTree(zip, root, vcsPrefix(n)));
      }
    }
    await progress(100);
  }

  /** Adds the regular files below `root` (working tree and .git; links and special files are left out). */
  private async addTree(zip: ZipWriter, root: string, prefix: string): Promise<void> {
    const walk = async (rel: string): Promise<void> => {
      let entries;
      try {
        entries = await fs.readdir(path.join(root, rel), { withFileTypes: true });
      } catch (e) {
        // A component whose checkout is missing is backed up without one.
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw e;
      }
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const entry of entries) {
        const child = rel ? `${rel}/${entry.name}` : entry.name;
        if (entry.isDirectory()) await walk(child);
        else if (entry.isFile() && !entry.name.includes('\\')) {
          const full = path.join(root, child);
          const stat = await fs.stat(full);
          // Streamed: pack files can be large.
          await zip.addFile(`${prefix}${child}`, createReadStream(full), { mtime: stat.mtime });
        }
      }
    };
    await walk('');
  }

  private async lookups(ids: { langs: Set<number>; users: Set<number> }): Promise<{ langs: Map<number, string>; users: Map<number, string> }> {
    return { langs: await languageCodesByIds(this.db, [...ids.langs]), users: await usernamesByIds(this.db, [...ids.users]) };
  }
}
