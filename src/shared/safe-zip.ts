// Extracts an uploaded ZIP safely: no path traversal, no links, bounded entry count, size and ratio.
import fs from 'node:fs/promises';
import path from 'node:path';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

export class ZipError extends Error {}

export interface ZipLimits {
  maxEntries: number;
  maxTotalBytes: number;
  maxRatio: number; // uncompressed / compressed, per entry
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxEntries: 10_000, maxTotalBytes: 512 * 1024 * 1024, maxRatio: 200 };

function openZip(buffer: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (err, zip) => {
      if (err || !zip) reject(new ZipError(`Could not parse uploaded ZIP file: ${err?.message ?? 'unknown error'}`));
      else resolve(zip);
    });
  });
}

/** Rejects absolute paths, drive letters, backslashes and any ".." segment before anything is written. */
export function checkEntryName(name: string): string {
  const normalized = name.replace(/\\/g, '/');
  if (normalized.startsWith('/') || /^[a-zA-Z]:/.test(normalized) || normalized.split('/').some((s) => s === '..')) {
    throw new ZipError(`The ZIP file contains an unsafe path: ${name}`);
  }
  if (normalized.includes('\u0000')) throw new ZipError('The ZIP file contains a file name with a NUL character.');
  return normalized;
}

function isSymlink(entry: Entry): boolean {
  const mode = (entry.externalFileAttributes >>> 16) & 0o170000;
  return mode === 0o120000;
}

/** Extracts into `dest` (which must exist and be empty); returns the relative paths of the files written. */
export async function extractZip(buffer: Buffer, dest: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<string[]> {
  const zip = await openZip(buffer);
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    throw new ZipError(`The ZIP file has too many entries (${zip.entryCount}, at most ${limits.maxEntries}).`);
  }
  const root = path.resolve(dest);
  const written: string[] = [];
  let total = 0;
  return new Promise<string[]>((resolve, reject) => {
    const fail = (e: unknown) => {
      zip.close();
      const message = (e as Error).message ?? String(e);
      // yauzl refuses unsafe names itself before we see the entry; say so in our own words.
      const unsafe = /^(invalid relative path|absolute path): (.*)$/.exec(message);
      if (unsafe) reject(new ZipError(`The ZIP file contains an unsafe path: ${unsafe[2]}`));
      else reject(e instanceof ZipError ? e : new ZipError(`Could not parse uploaded ZIP file: ${message}`));
    };
    zip.on('error', fail);
    zip.on('end', () => resolve(written));
    zip.on('entry', (entry: Entry) => {
      (async () => {
        const name = checkEntryName(entry.fileName);
        const target = path.resolve(root, name);
        if (target !== root && !target.startsWith(root + path.sep)) throw new ZipError(`The ZIP file contains an unsafe path: ${entry.fileName}`);
        if (isSymlink(entry)) throw new ZipError(`The ZIP file contains a symbolic link: ${entry.fileName}`);
        if (name.endsWith('/')) {
          await fs.mkdir(target, { recursive: true });
          return;
        }
        total += entry.uncompressedSize;
        if (total > limits.maxTotalBytes) throw new ZipError('The ZIP file expands to too much data.');
        if (entry.compressedSize > 0 && entry.uncompressedSize / entry.compressedSize > limits.maxRatio && entry.uncompressedSize > 1024 * 1024) {
          throw new ZipError(`The ZIP file entry ${entry.fileName} has a suspicious compression ratio.`);
        }
        const data = await readEntry(zip, entry);
        await fs.mkdir(path.dirname(target), { recursive: true });
        await fs.writeFile(target, data, { flag: 'wx' });
        written.push(name);
      })().then(() => zip.readEntry(), fail);
    });
    zip.readEntry();
  });
}

function readEntry(zip: ZipFile, entry: Entry): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(err ?? new ZipError('Could not read ZIP entry.'));
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (c: Buffer) => {
        size += c.length;
        // validateEntrySizes also catches lies, but only at the end: stop early on a bomb.
        if (size > entry.uncompressedSize) stream.destroy(new ZipError(`The ZIP file entry ${entry.fileName} is larger than declared.`));
        else chunks.push(c);
      });
      stream.on('error', reject);
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}
