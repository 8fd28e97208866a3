// Where things live in the data dir: one working tree per component under vcs/<project>/<component>.
import fs from 'node:fs/promises';
import path from 'node:path';

export class DataPaths {
  constructor(readonly dataDir: string) {}

  projectDir(projectSlug: string): string {
    return path.join(this.dataDir, 'vcs', projectSlug);
  }

  componentDir(projectSlug: string, componentSlug: string): string {
    return path.join(this.projectDir(projectSlug), componentSlug);
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

  async renameComponent(project: string, from: string, to: string): Promise<void> {
    await fs.rename(this.componentDir(project, from), this.componentDir(project, to)).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') throw e;
    });
  }
}
