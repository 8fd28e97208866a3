// Where screenshot images are kept: a small key → bytes interface, with the data-dir implementation (S3 can implement it later).
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export interface ScreenshotStore {
  put(key: string, data: Buffer): Promise<void>;
  /** The stored bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /** Removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored key with its last modification, for sweeping images whose screenshot is gone. */
  list(): AsyncIterable<{ key: string; modified: Date }>;
}

/** Keys are generated here, never taken from a request: a random name and the image type's extension. */
export function newScreenshotKey(extension: string): string {
  return `${crypto.randomUUID()}.${extension}`;
}

const KEY = /^[0-9a-f-]{36}\.[a-z0-9]{1,5}$/;

/** Files under `<data dir>/screenshots/`; a write goes to a temporary name first, so a failed one leaves nothing behind. */
export class FileScreenshotStore implements ScreenshotStore {
  constructor(private readonly dir: string) {}

  private file(key: string): string {
    if (!KEY.test(key)) throw new Error(`invalid screenshot key ${JSON.stringify(key)}`);
    return path.join(this.dir, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const target = this.file(key);
    await fs.mkdir(this.dir, { recursive: true });
    const temp = `${target}.${process.pid}.tmp`;
    try {
      await fs.writeFile(temp, data, { flag: 'wx' });
      await fs.rename(temp, target);
    } catch (e) {
      await fs.rm(temp, { force: true });
      throw e;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.file(key));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true });
  }

  async *list(): AsyncIterable<{ key: string; modified: Date }> {
    let names: string[];
    try {
      names = await fs.readdir(this.dir);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    for (const key of names) {
      if (!KEY.test(key)) continue;
      const stat = await fs.stat(path.join(this.dir, key)).catch(() => null);
      if (stat?.isFile()) yield { key, modified: stat.mtime };
    }
  }
}
