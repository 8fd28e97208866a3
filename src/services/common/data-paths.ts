// Where things live in the data dir: one working tree per component under repos/<project id>/<component id>.
import fs from 'node:fs/promises';
import path from 'node:path';
import { componentPlacements } from '../../db/component-links.repository.js';
import type { Db } from '../../db/database.js';
import { parseInternalUrl } from '../../vcs/urls.js';

/** What decides where a component's working tree lives: ids only, never slugs (they change and can be chosen by users). */
export interface ComponentDirKey {
  id: number;
  project_id: number;
}

/** A path that would leave the directory it was computed for: a bug or an attack, never a user error. */
export class PathEscapeError extends Error {
  constructor(readonly target: string) {
    super('A file path leaves the directory it belongs to.');
  }
}

function idSegment(id: number): string {
  if (!Number.isSafeInteger(id) || id <= 0) throw new PathEscapeError(String(id));
  return String(id);
}

/** Whether `full` is `dir` itself or lies below it (lexically: `..` segments resolved). */
export function isWithin(dir: string, full: string): boolean {
  const rel = path.relative(path.resolve(dir), path.resolve(full));
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

export class DataPaths {
  constructor(readonly dataDir: string) {}

  /** Every project's directory is below this one, named by the project's id. */
  get reposRoot(): string {
    return path.join(this.dataDir, 'repos');
  }

  projectDir(projectId: number): string {
    return path.join(this.reposRoot, idSegment(projectId));
  }

  /**
   * Named by ids, so renaming or moving a project, category or component never moves files, and no
   * slug (empty, equal to another project's, "..") can name someone else's tree.
   */
  componentDir(component: ComponentDirKey): string {
    return path.join(this.projectDir(component.project_id), idSegment(component.id));
  }

  /** `rel` (a path from the database or a request) inside `dir`; throws rather than leave it. */
  inside(dir: string, rel: string): string {
    const full = path.resolve(dir, rel);
    if (full === path.resolve(dir) || !isWithin(dir, full)) throw new PathEscapeError(rel);
    return full;
  }

  /** A fresh directory next to the final one, so a failed import never touches the real tree. */
  async stagingDir(): Promise<string> {
    const base = path.join(this.dataDir, 'tmp');
    await fs.mkdir(base, { recursive: true });
    return fs.mkdtemp(path.join(base, 'import-'));
  }

  /** Removes a deleted project's files (after its rows are gone). */
  async removeProject(projectId: number): Promise<void> {
    await this.removeTree(this.projectDir(projectId), this.reposRoot);
  }

  /** Removes a deleted component's files (after its row is gone). */
  async removeComponent(component: ComponentDirKey): Promise<void> {
    await this.removeTree(this.componentDir(component), this.projectDir(component.project_id));
  }

  /** Moves the tree out of the way in one rename, then deletes it: nothing half-deleted stays under its name. */
  private async removeTree(dir: string, parent: string): Promise<void> {
    if (dir === path.resolve(parent) || !isWithin(parent, dir)) throw new PathEscapeError(dir);
    const base = path.join(this.dataDir, 'tmp');
    await fs.mkdir(base, { recursive: true });
    const trash = path.join(base, `removed-${process.pid}-${Date.now()}-${path.basename(dir)}`);
    try {
      await fs.rename(dir, trash);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    await fs.rm(trash, { recursive: true, force: true });
  }

  /**
   * Data dirs laid out by slug (vcs/<project slug>/<component slug>, categorized components under
   * vcs/<project slug>/@/<id>) move to the id layout once, at start-up. Idempotent and safe to run in
   * several processes at once: a tree moves only when its new place is free, and whatever matches no
   * component stays where it is.
   */
  async adoptSlugLayout(db: Db): Promise<number> {
    const legacy = path.join(this.dataDir, 'vcs');
    if (!(await exists(legacy))) return 0;
    const rows = await componentPlacements(db);
    const slugSafe = (s: string) => /^[-a-zA-Z0-9_]+$/.test(s);
    let moved = 0;
    for (const row of rows) {
      if (!slugSafe(row.project_slug) || (row.category_id === null && !slugSafe(row.slug))) continue;
      const projectOld = path.join(legacy, row.project_slug);
      const source = row.category_id !== null ? path.join(projectOld, '@', String(row.id)) : path.join(projectOld, row.slug);
      const dest = this.componentDir(row);
      const stat = await fs.lstat(source).catch(() => null);
      if (!stat || (await exists(dest))) continue;
      await fs.mkdir(path.dirname(dest), { recursive: true });
      if (stat.isSymbolicLink()) {
        // A shared clone: the link was relative to the old layout, so it is made again to the owner's new directory.
        const link = parseInternalUrl(row.repo);
        const owner = link && rows.find((r) => r.project_slug === link.project && r.slug === link.component && r.category_id === null);
        if (!owner) continue;
        await fs.symlink(path.relative(path.dirname(dest), this.componentDir(owner)), dest, 'dir').catch((e: NodeJS.ErrnoException) => {
          if (e.code !== 'EEXIST') throw e;
        });
        await fs.rm(source, { force: true });
      } else {
        await fs.rename(source, dest).catch((e: NodeJS.ErrnoException) => {
          if (e.code !== 'ENOENT') throw e;
        });
      }
      moved++;
    }
    await pruneEmptyDirs(legacy);
    return moved;
  }
}

async function exists(p: string): Promise<boolean> {
  return fs.lstat(p).then(
    () => true,
    () => false,
  );
}

/** Removes the legacy root and its project and "@" directories when they are empty; nothing inside a tree is touched. */
async function pruneEmptyDirs(legacy: string): Promise<void> {
  const rmdir = (p: string) => fs.rmdir(p).catch(() => undefined);
  for (const e of await fs.readdir(legacy, { withFileTypes: true }).catch(() => [])) {
    if (!e.isDirectory()) continue;
    await rmdir(path.join(legacy, e.name, '@'));
    await rmdir(path.join(legacy, e.name));
  }
  await rmdir(legacy);
}
