// ZIP archives: streamed with zip-stream (archiver's engine: constant work per entry, ZIP64 when needed); built in memory with fflate, which deflates synchronously.
import { once } from 'node:events';
import { type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { zipSync as fflateZipSync, type Zippable } from 'fflate';
import ZipStream from 'zip-stream';

// Regular file, rw-r--r--: what unzip applies on extraction.
const FILE_MODE = 0o644;

export interface ZipWriterOptions {
  /** zlib compression level, default 6; 0 stores entries uncompressed. */
  level?: number;
}

export interface ZipFileOptions {
  /** Modification time stored for the entry, default now. */
  mtime?: Date;
}

/**
 * zip-stream rewrites some names instead of refusing them (backslashes, doubled slashes, a leading
 * "/", "../" or "word:") and takes a trailing "/" for a directory; ".." segments elsewhere would let
 * an extractor write outside its folder. Refusing them keeps every entry under the name asked for.
 */
function checkName(name: string): void {
  const segments = name.split('/');
  if (name === '' || name.includes('\u0000') || name.includes('\\') || /^\w+:/.test(name) || segments.some((s) => s === '' || s === '..')) {
    throw new Error(`Invalid ZIP entry name: ${JSON.stringify(name)}`);
  }
}

/**
 * Writes a ZIP archive to `output` as entries arrive (data descriptors for deflated and streamed entries; ZIP64
 * records once an archive passes 65,535 entries or 4 GiB). Entries go in one at a time, in call
 * order; addFile() resolves only when the archive has read the whole entry and its output has room
 * again, so a caller that awaits each addFile() holds one entry at a time, whatever the archive's
 * size. Await finish() at the end.
 * After any failure (a source error, the output closing early) every later call rejects: abort the output.
 */
export class ZipWriter {
  private readonly zip: ZipStream;
  private readonly sources = new Set<Readable>();
  private readonly done: Promise<void>;
  private failure: Error | null = null;
  private readonly failed: Promise<never>;
  private rejectFailed!: (error: Error) => void;
  // zip-stream refuses an entry while another is in progress, so calls that were not awaited wait here.
  private queue: Promise<void> = Promise.resolve();
  private ended = false;

  constructor(output: Writable, options: ZipWriterOptions = {}) {
    // DOS times are read back as local time; zip-stream would otherwise write UTC.
    this.zip = new ZipStream({ level: options.level ?? 6, forceLocalTime: true });
    this.failed = new Promise<never>((_, reject) => (this.rejectFailed = reject));
    this.failed.catch(() => {});
    this.done = pipeline(this.zip, output).catch((error: unknown) => {
      // pipeline's "Premature close" would not tell a caller that the client went away.
      const reason = (error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE' ? new Error('ZipWriter: the output was closed before the archive was complete') : (error as Error);
      this.fail(reason);
      throw reason;
    });
    this.done.catch(() => {});
  }

  /** Adds one file; resolves once the archive has read all of `data`. */
  async addFile(name: string, data: Buffer | Readable, options: ZipFileOptions = {}): Promise<void> {
    if (this.ended) throw new Error('ZipWriter: addFile() after finish()');
    if (this.failure) throw this.failure;
    checkName(name);
    const date = options.mtime ?? new Date();
    if (!Buffer.isBuffer(data)) {
      // zip-stream only reports a source error once the source ends, which a failing source may never do.
      data.on('error', (error: Error) => this.fail(error));
      this.sources.add(data);
    }
    const entry = this.queue.then(() => this.append(name, data, date));
    this.queue = entry.catch(() => {});
    try {
      await Promise.race([entry, this.failed]);
    } finally {
      if (!Buffer.isBuffer(data)) this.sources.delete(data);
    }
  }

  /** Writes the central directory, ends the output and waits until it has flushed. */
  async finish(): Promise<void> {
    if (this.ended) throw new Error('ZipWriter: finish() called twice');
    this.ended = true;
    await Promise.race([this.queue, this.failed]);
    if (this.failure) throw this.failure;
    this.zip.finalize();
    await Promise.race([this.done, this.failed]);
  }

  private async append(name: string, data: Buffer | Readable, date: Date): Promise<void> {
    if (this.failure) throw this.failure;
    await new Promise<void>((resolve, reject) => {
      this.zip.entry(data, { name, date, mode: FILE_MODE }, (error) => {
        if (error) {
          this.fail(error);
          reject(error);
        } else resolve();
      });
    });
    // A buffer, and headers, are written whole, bypassing the backpressure that pipes give streamed entries.
    if (this.zip.writableNeedDrain) await Promise.race([once(this.zip, 'drain'), this.failed]);
  }

  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    this.rejectFailed(error);
    // Queued sources may hold open files.
    for (const source of this.sources) source.destroy();
    this.sources.clear();
    this.zip.destroy(error);
  }
}

export interface ZipSyncEntry {
  name: string;
  data: Uint8Array;
  mtime?: Date;
}

/**
 * Builds a small archive in memory, synchronously, for formats whose serialize() is synchronous
 * (XLSX workbooks). Entries are deflated, with sizes in the local headers. No ZIP64: an archive
 * that needs it is too large to build in memory anyway.
 */
export function zipSync(files: readonly ZipSyncEntry[]): Buffer {
  if (files.length >= 0xffff) throw new Error(`zipSync: ${files.length} entries need ZIP64, use ZipWriter`);
  const entries: Zippable = {};
  let total = 0;
  for (const file of files) {
    checkName(file.name);
    if (Object.hasOwn(entries, file.name)) throw new Error(`zipSync: duplicate entry name ${JSON.stringify(file.name)}`);
    total += file.data.byteLength;
    entries[file.name] = [file.data, { mtime: file.mtime ?? new Date(), os: 3, attrs: (0o100000 | FILE_MODE) << 16 }];
  }
  if (total >= 0xffffffff) throw new Error('zipSync: entries over 4 GiB need ZIP64, use ZipWriter');
  // fflate takes entries as object keys, which JavaScript orders integer-like names first.
  if (Object.keys(entries).some((name, i) => name !== files[i]!.name)) throw new Error('zipSync: entry names that are integers would be reordered');
  const archive = fflateZipSync(entries, { level: 6 });
  return Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength);
}
