// Where things live in the data dir: one working tree per component under vcs/<project>/.
import fs from 'node:fs/promises';
import path from 'node:path';

/** What decides where a component's working tree lives. */
export interface ComponentDirKey {
  id: number;
  slug: string;
  category_id: number | null;
}

export class DataPaths {
  constructor(readonly dataDir: string) {}

  projectDir(projectSlug: string): string {
    return path.join(this.dataDir, 'vcs', projectSlug);
  }

  /**
   * Components outside categories keep vcs/<project>/<slug>; a categorized one lives under
   * vcs/<project>/@/<id> ("@" is no slug character), so equal slugs in different categories never
   * share a tree and renaming or moving categories moves no files.
   */
  componentDir(projectSlug: string, component: ComponentDirKey | string): string {
    if (typeof component === 'string') return path.join(this.projectDir(projectSlug), component);
    if (component.category_id !== null) return path.join(this.projectDir(projectSlug), '@', String(component.id));
    return path.join(this.projectDir(projectSlug), component.slug);
  }

  /** A fresh directory next to the final one, so a failed import never touches the real tree. */
  async stagingDir(): Promise<string> {
    const base = path.join(this.dataDir, 'tmp');
    await fs.mkdir(base, { recursive: true });
    return fs.mkdtemp(path.join(base, 'import-'));
  }

  async renameProject(from: string, to: string): Promise<void> {
    await fs.rename(this.projectDir(from), this.projectDir(to)).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') throw e;
    });
  }

  /** Moves a component's tree after a rename or a move into or out of a category. */
  async moveComponent(project: string, from: ComponentDirKey, to: ComponentDirKey): Promise<void> {
    const source = this.componentDir(project, from);
    const dest = this.componentDir(project, to);
    if (source === dest) return;
    await fs.mkdir(path.dirname(dest), { recursive: true });
    await fs.rename(source, dest).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') throw e;
    });
  }
}
