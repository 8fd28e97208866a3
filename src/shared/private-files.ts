// The data dir, the SQLite files and the secret key hold every secret of an installation: owner-only modes, also for files made before.
import fs from 'node:fs';
import path from 'node:path';

const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

/** Creates the directory if needed and takes group and other access away from it. */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  fs.chmodSync(dir, DIR_MODE);
}

/** Takes group and other access away from a file if it exists. */
export function tightenFile(file: string): void {
  try {
    fs.chmodSync(file, FILE_MODE);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
}

/**
 * Makes the database file owner-only before SQLite opens it: SQLite gives its -wal and -shm files the
 * mode of the database file, so they are created private too; ones left by an older start are tightened.
 */
export function prepareSqliteFile(databaseUrl: string): void {
  if (!databaseUrl.startsWith('sqlite:')) return;
  const file = databaseUrl.slice('sqlite:'.length);
  if (file === ':memory:' || file === '') return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.closeSync(fs.openSync(file, 'a', FILE_MODE));
  for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) tightenFile(f);
}
