// Component files written safely: atomic writes, the sweep of their leftovers, and one file operation per component at a time.
import fs from 'node:fs/promises';
import path from 'node:path';
import { KeyedMutex } from '../../shared/keyed-mutex.js';
import type { DataPaths } from './data-paths.js';

/** The temporary files of writeFileAtomic: `<file>.parla-<pid>-<ms>.tmp`. */
const TEMP_FILE = /\.parla-\d+-(\d+)\.tmp$/;
/** A temporary file this old has no writer left: writing one takes seconds at most. */
const TEMP_FILE_STALE_MS = 10 * 60_000;

/** Writes `data` next to `file` and renames it over, so readers never see half a file. */
export async function writeFileAtomic(file: string, data: Uint8Array): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.parla-${process.pid}-${Date.now()}.tmp`;
  await fs.writeFile(tmp, data);
  try {
    await fs.rename(tmp, file);
  } catch (e) {
    await fs.rm(tmp, { force: true });
    throw e;
  }
}

/**
 * Removes the temporary files of writes killed between writing and renaming (`files` relative to `dir`,
 * e.g. a checkout's untracked files); returns the files that remain.
 */
export async function sweepStaleTempFiles(dir: string, files: Iterable<string>, now = Date.now()): Promise<string[]> {
  const kept: string[] = [];
  for (const file of files) {
    const m = TEMP_FILE.exec(file);
    if (m && now - Number(m[1]) > TEMP_FILE_STALE_MS) await fs.rm(path.join(dir, file), { force: true });
    else kept.push(file);
  }
  return kept;
}

/**
 * One file operation per component at a time, for every service of this process that writes a component's
 * files (keyed by data directory too: several servers may share a process in tests).
 */
const componentLocks = new KeyedMutex();

/** Runs `fn` while no other file operation of the component runs in this process (see FileSyncService.withComponentLock). */
export function withComponentFiles<T>(paths: DataPaths, componentId: number, fn: () => Promise<T>): Promise<T> {
  return componentLocks.run(`${paths.dataDir}\0component:${componentId}`, fn);
}
