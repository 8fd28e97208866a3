// ZIP archives written with yazl: a streaming writer with backpressure per entry, and a small synchronous builder.
import { type PassThrough, type Writable, Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import yazl from 'yazl';

// Regular file, rw-r--r--: what unzip applies on extraction (yazl's default would be group-writable).
const FILE_MODE = 0o100644;
// Buffers are fed to yazl in slices, so that one large entry is not deflated in a single step.
const CHUNK = 64 * 1024;

export interface ZipWriterOptions {
  /** zlib compression level, default 6; 0 stores entries uncompressed. */
  level?: number;
}

export interface ZipFileOptions {
  /** Modification time stored for the entry, default now. */
  mtime?: Date;
}

function checkName(name: string): void {
  if (name === '' || name.includes('\u0000')) throw new Error(`Invalid ZIP entry name: ${JSON.stringify(name)}`);
}

/** A Readable over `data` that lets go of the buffer once it has been read. */
function bufferSource(data: Buffer): Readable {
  let rest: Buffer | null = data;
  return new Readable({
    read() {
      if (rest === null || rest.length === 0) {
        rest = null;
        this.push(null);
        return;
      }
      const chunk = rest.subarray(0, CHUNK);
      rest = rest.length > CHUNK ? rest.subarray(CHUNK) : null;
      this.push(chunk);
    },
  });
}

/**
 * Writes a ZIP archive to `output` as entries arrive (yazl: data descriptors, ZIP64 records once an
 * archive passes 65,535 entries or 4 GiB). addFile() resolves only when yazl has read the whole
 * entry, and yazl reads no faster than `output` takes the bytes, so a caller that awaits each
 * addFile() holds one entry at a time, whatever the archive's size. Await finish() at the end.
 * After any failure (a source error, the output closing early) every later call rejects: abort the output.
 * yazl rescans its list of entries at each step, so CPU time grows with the square of the entry
 * count: negligible for thousands of files, about a minute for 65,536 on a slow machine.
 */
export class ZipWriter {
  private readonly zip = new yazl.ZipFile();
  private readonly compressionLevel: number;
  private readonly sources = new Set<Readable>();
  private readonly done: Promise<void>;
  private failure: Error | null = null;
  private readonly failed: Promise<never>;
  private rejectFailed!: (error: Error) => void;
  private ended = false;

  constructor(output: Writable, options: ZipWriterOptions = {}) {
    this.compressionLevel = options.level ?? 6;
    this.failed = new Promise<never>((_, reject) => (this.rejectFailed = reject));
    this.failed.catch(() => {});
    this.zip.on('error', (error: Error) => this.fail(error));
    const source = this.zip.outputStream as Readable;
    this.done = pipeline(source, output).catch((error: unknown) => {
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
    const source = Buffer.isBuffer(data) ? bufferSource(data) : data;
    // yazl does not listen for source errors: without this a failing source would stall the archive.
    source.on('error', (error: Error) => this.fail(error));
    let pending: Readable | null = source;
    const entryOptions = { mtime: options.mtime ?? new Date(), mode: FILE_MODE, compress: this.compressionLevel !== 0, compressionLevel: this.compressionLevel };
    try {
      // Lazy so that yazl's list of entries (kept for the central directory) does not keep each source alive.
      this.zip.addReadStreamLazy(name, entryOptions, (callback) => {
        const stream = pending!;
        pending = null;
        callback(null, stream);
      });
    } catch (error) {
      source.destroy();
      throw error;
    }
    this.sources.add(source);
    try {
      await Promise.race([finished(source, { writable: false }), this.failed]);
    } finally {
      this.sources.delete(source);
    }
  }

  /** Writes the central directory, ends the output and waits until it has flushed. */
  async finish(): Promise<void> {
    if (this.ended) throw new Error('ZipWriter: finish() called twice');
    this.ended = true;
    if (this.failure) throw this.failure;
    this.zip.end();
    await Promise.race([this.done, this.failed]);
  }

  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    this.rejectFailed(error);
    // Queued sources may hold open files.
    for (const source of this.sources) source.destroy();
    this.sources.clear();
    (this.zip.outputStream as Readable).destroy(error);
  }
}

export interface ZipSyncEntry {
  name: string;
  data: Uint8Array;
  mtime?: Date;
}

/**
 * Builds a small archive in memory, synchronously, for formats whose serialize() is synchronous
 * (XLSX workbooks). yazl only deflates asynchronously, so the entries are stored uncompressed;
 * stored entries are written and pumped to yazl's output within the calling tick.
 */
export function zipSync(files: readonly ZipSyncEntry[]): Buffer {
  const zip = new yazl.ZipFile();
  let failure: Error | null = null;
  zip.on('error', (error: Error) => (failure = error));
  for (const file of files) {
    checkName(file.name);
    const data = Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength);
    zip.addBuffer(data, file.name, { mtime: file.mtime ?? new Date(), mode: FILE_MODE, compress: false });
  }
  zip.end();
  // yazl's output is a PassThrough: its writable side tells whether every write has gone through.
  const output = zip.outputStream as PassThrough;
  const chunks: Buffer[] = [];
  let chunk = output.read() as Buffer | null;
  while (chunk !== null) {
    chunks.push(chunk);
    chunk = output.read() as Buffer | null;
  }
  if (failure) throw failure;
  // Guards against a yazl version that defers any of the writes: the archive would be cut short.
  if (!output.writableEnded || output.writableLength !== 0 || output.readableLength !== 0) throw new Error('zipSync: yazl did not write the archive synchronously');
  return Buffer.concat(chunks);
}
