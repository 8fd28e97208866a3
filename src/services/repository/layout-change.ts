// A new file layout for an existing component (filemask, template, new_base, intermediate, file_format): the
// files are read again with it, and translations and units follow them in the transaction of the row update.
import fs from 'node:fs/promises';
import type { Db, Executor } from '../../db/database.js';
import type { ComponentRow } from '../../db/schema.js';
import type { ComponentWithRefs } from '../../db/places.js';
import type { RepositoryLock } from '../../vcs/repo-lock.js';
import type { ChangesService } from '../activity/changes.service.js';
import type { ComponentScanner, ScannedTree } from '../catalog/component-scanner.js';
import type { LayoutChange } from '../catalog/components.service.js';
import type { FileSyncService } from './file-sync.service.js';
import { listComponentFiles, reconcileComponent } from './rescan.js';

/** Writes the component's pending edits into its files and commits them (RepositoryService's commit). */
export type CommitPending = (refs: ComponentWithRefs, userId: number | null) => Promise<unknown>;

export class LayoutChanges implements LayoutChange {
  constructor(
    private readonly db: Db,
    private readonly changes: ChangesService,
    private readonly files: FileSyncService,
    private readonly scanner: ComponentScanner,
    private readonly lock: RepositoryLock,
    private readonly commitPending: CommitPending,
  ) {}

  /** Parses what `next`'s layout finds in the checkout; a layout that fits nothing is a 400 on its field. */
  private async scan(refs: ComponentWithRefs, next: ComponentRow): Promise<ScannedTree> {
    const dir = this.files.componentDir(refs);
    const files = await listComponentFiles(dir).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return []; // no checkout (yet): nothing matches
      throw e;
    });
    return this.scanner.scan(dir, files, next, refs.sourceLanguage, 'filemask');
  }

  async relayout(current: ComponentWithRefs, next: ComponentRow, write: (tx: Executor) => Promise<ComponentRow>, userId: number | null): Promise<ComponentRow> {
    // Checked before anything changes: a layout the files do not fit leaves the repository and the database alone.
    await this.scan(current, next);
    // Edits made under the old layout reach the old files (and git) first, so reading the files back keeps them.
    await this.commitPending(current, userId);
    const dir = this.files.componentDir(current);
    // The locks of repository operations: components sharing a clone reach it through a link.
    return this.files.withComponentLock(current, async () =>
      this.lock.run(await fs.realpath(dir).catch(() => dir), async () => {
        // Edits that arrived since the commit are written too (the next commit takes the files).
        await this.files.writePendingLocked(current);
        const scanned = await this.scan(current, next);
        return this.db.transaction().execute(async (tx) => {
          const updated = await write(tx);
          const { changes } = await reconcileComponent(tx, this.scanner, updated, current.sourceLanguage, scanned, { userId });
          await this.changes.recordMany(tx, changes);
          return updated;
        });
      }),
    );
  }
}
