// ZIP archives without third-party code: a streaming writer (data descriptors, constant memory) and a small sync builder.
import { Readable, Transform, Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

/** Thrown when an archive would need ZIP64 (an entry, offset or the archive past 4 GiB, or > 65,535 entries). */
export class ZipLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipLimitError';
  }
}

// Slice-by-8 tables: Node 20 (our floor) has no zlib.crc32, and a byte-wise loop would dominate a 1 GB export.
const CRC_TABLES: Uint32Array[] = (() => {
  const tables = Array.from({ length: 8 }, () => new Uint32Array(256));
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    tables[0]![n] = c >>> 0;
  }
  for (let n = 0; n < 256; n++) {
    let c = tables[0]![n]!;
    for (let t = 1; t < 8; t++) {
      c = tables[0]![c & 0xff]! ^ (c >>> 8);
      tables[t]![n] = c >>> 0;
    }
  }
  return tables;
})();

/** CRC-32 (ISO-HDLC, as ZIP and gzip use) of `data`, continuing from `crc` (the previous result). */
export function crc32(data: Uint8Array, crc = 0): number {
  const [t0, t1, t2, t3, t4, t5, t6, t7] = CRC_TABLES as [Uint32Array, Uint32Array, Uint32Array, Uint32Array, Uint32Array, Uint32Array, Uint32Array, Uint32Array];
  let c = ~crc >>> 0;
  let i = 0;
  const end8 = data.length - (data.length % 8);
  while (i < end8) {
    const lo = (c ^ (data[i]! | (data[i + 1]! << 8) | (data[i + 2]! << 16) | (data[i + 3]! << 24))) >>> 0;
    c =
      t7[lo & 0xff]! ^
      t6[(lo >>> 8) & 0xff]! ^
      t5[(lo >>> 16) & 0xff]! ^
      t4[lo >>> 24]! ^
      t3[data[i + 4]!]! ^
      t2[data[i + 5]!]! ^
      t1[data[i + 6]!]! ^
      t0[data[i + 7]!]!;
    i += 8;
  }
  while (i < data.length) c = t0[(c ^ data[i++]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

const MAX_32 = 0xffffffff;
const MAX_ENTRIES = 0xffff;
const FLAG_DATA_DESCRIPTOR = 1 << 3;
const FLAG_UTF8 = 1 << 11;
const METHOD_DEFLATE = 8;
const VERSION_NEEDED = 20;
// "Made by" Unix so that unzip applies the permission bits in the external attributes.
const VERSION_MADE_BY = (3 << 8) | 20;
const EXTERNAL_FILE_ATTRIBUTES = (0o100644 << 16) >>> 0;

interface EntryRecord {
  name: Buffer;
  flags: number;
  time: number;
  date: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

/** MS-DOS date and time (local time, 2-second resolution), clamped to the format's 1980–2107 range. */
function dosDateTime(date: Date): { time: number; date: number } {
  const year = Math.min(Math.max(date.getFullYear(), 1980), 2107);
  if (year !== date.getFullYear()) return { time: 0, date: ((year - 1980) << 9) | (1 << 5) | 1 };
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1),
    date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

function entryName(name: string): Buffer {
  if (name === '' || name.includes('\u0000')) throw new Error(`Invalid ZIP entry name: ${JSON.stringify(name)}`);
  const bytes = Buffer.from(name, 'utf8');
  if (bytes.length > 0xffff) throw new Error('ZIP entry name is too long');
  return bytes;
}

function localHeader(e: EntryRecord): Buffer {
  const b = Buffer.alloc(30 + e.name.length);
  b.writeUInt32LE(0x04034b50, 0);
  b.writeUInt16LE(VERSION_NEEDED, 4);
  b.writeUInt16LE(e.flags, 6);
  b.writeUInt16LE(METHOD_DEFLATE, 8);
  b.writeUInt16LE(e.time, 10);
  b.writeUInt16LE(e.date, 12);
  // With a data descriptor these three stay zero here and follow the data instead.
  const known = (e.flags & FLAG_DATA_DESCRIPTOR) === 0;
  b.writeUInt32LE(known ? e.crc : 0, 14);
  b.writeUInt32LE(known ? e.compressedSize : 0, 18);
  b.writeUInt32LE(known ? e.size : 0, 22);
  b.writeUInt16LE(e.name.length, 26);
  b.writeUInt16LE(0, 28);
  e.name.copy(b, 30);
  return b;
}

function dataDescriptor(e: EntryRecord): Buffer {
  const b = Buffer.alloc(16);
  b.writeUInt32LE(0x08074b50, 0);
  b.writeUInt32LE(e.crc, 4);
  b.writeUInt32LE(e.compressedSize, 8);
  b.writeUInt32LE(e.size, 12);
  return b;
}

function centralHeader(e: EntryRecord): Buffer {
  const b = Buffer.alloc(46 + e.name.length);
  b.writeUInt32LE(0x02014b50, 0);
  b.writeUInt16LE(VERSION_MADE_BY, 4);
  b.writeUInt16LE(VERSION_NEEDED, 6);
  b.writeUInt16LE(e.flags, 8);
  b.writeUInt16LE(METHOD_DEFLATE, 10);
  b.writeUInt16LE(e.time, 12);
  b.writeUInt16LE(e.date, 14);
  b.writeUInt32LE(e.crc, 16);
  b.writeUInt32LE(e.compressedSize, 20);
  b.writeUInt32LE(e.size, 24);
  b.writeUInt16LE(e.name.length, 28);
  // extra length, comment length, disk number, internal attributes: all zero
  b.writeUInt32LE(EXTERNAL_FILE_ATTRIBUTES, 38);
  b.writeUInt32LE(e.offset, 42);
  e.name.copy(b, 46);
  return b;
}

function endOfCentralDirectory(count: number, size: number, offset: number): Buffer {
  const b = Buffer.alloc(22);
  b.writeUInt32LE(0x06054b50, 0);
  b.writeUInt16LE(count, 8);
  b.writeUInt16LE(count, 10);
  b.writeUInt32LE(size, 12);
  b.writeUInt32LE(offset, 16);
  return b;
}

function tooLarge(what: string): ZipLimitError {
  return new ZipLimitError(`ZIP archive too large: ${what} exceeds 4 GiB, and ZIP64 is not supported`);
}

export interface ZipWriterOptions {
  /** zlib compression level, default 6. */
  level?: number;
  /** Largest size or offset accepted, default 0xffffffff (the ZIP32 limit); lowered by tests. */
  maxSize?: number;
}

export interface ZipFileOptions {
  /** Modification time stored for the entry, default now. */
  mtime?: Date;
}

/**
 * Writes a ZIP archive to `output` as entries arrive. Each entry is deflated while it streams and
 * followed by a data descriptor, so neither sizes nor data are held in memory: memory use does not
 * depend on the archive size. Calls to addFile are queued in order; await finish() at the end.
 * After a ZipLimitError (or any other failure) the archive is incomplete: abort the output.
 */
export class ZipWriter {
  private readonly entries: EntryRecord[] = [];
  private offset = 0;
  private queue: Promise<void> = Promise.resolve();
  private failure: Error | null = null;
  private finished = false;
  private readonly level: number;
  private readonly maxSize: number;

  constructor(
    private readonly output: Writable,
    options: ZipWriterOptions = {},
  ) {
    this.level = options.level ?? 6;
    this.maxSize = options.maxSize ?? MAX_32;
  }

  /** Adds one file; resolves once its bytes (and data descriptor) are handed to the output. */
  addFile(name: string, data: Buffer | Readable, options: ZipFileOptions = {}): Promise<void> {
    if (this.finished) return Promise.reject(new Error('ZipWriter: addFile() after finish()'));
    return this.enqueue(() => this.writeEntry(name, data, options));
  }

  /** Writes the central directory, ends the output and waits until it has flushed. */
  finish(): Promise<void> {
    if (this.finished) return Promise.reject(new Error('ZipWriter: finish() called twice'));
    this.finished = true;
    return this.enqueue(async () => {
      const directoryOffset = this.offset;
      for (const entry of this.entries) await this.write(centralHeader(entry));
      const directorySize = this.offset - directoryOffset;
      if (directoryOffset > this.maxSize || directorySize > this.maxSize) throw tooLarge('the central directory offset');
      await this.write(endOfCentralDirectory(this.entries.length, directorySize, directoryOffset));
      const done = finished(this.output, { readable: false });
      this.output.end();
      await done;
    });
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    const run = this.queue.then(async () => {
      if (this.failure) throw this.failure;
      try {
        await task();
      } catch (error) {
        this.failure = error as Error;
        throw error;
      }
    });
    this.queue = run.catch(() => {});
    return run;
  }

  private async write(chunk: Buffer): Promise<void> {
    this.offset += chunk.length;
    if (this.output.destroyed) throw new Error('ZipWriter: the output was closed before the archive was complete');
    if (!this.output.write(chunk)) await drained(this.output);
  }

  private async writeEntry(name: string, data: Buffer | Readable, options: ZipFileOptions): Promise<void> {
    if (this.entries.length >= MAX_ENTRIES) throw new ZipLimitError(`ZIP archive too large: more than ${MAX_ENTRIES} entries, and ZIP64 is not supported`);
    if (this.offset > this.maxSize) throw tooLarge(`the offset of ${name}`);
    const { time, date } = dosDateTime(options.mtime ?? new Date());
    const entry: EntryRecord = { name: entryName(name), flags: FLAG_DATA_DESCRIPTOR | FLAG_UTF8, time, date, crc: 0, compressedSize: 0, size: 0, offset: this.offset };
    await this.write(localHeader(entry));

    const maxSize = this.maxSize;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        entry.size += chunk.length;
        if (entry.size > maxSize) return callback(tooLarge(`entry ${name}`));
        entry.crc = crc32(chunk, entry.crc);
        callback(null, chunk);
      },
    });
    const sink = new Writable({
      write: (chunk: Buffer, _encoding, callback) => {
        entry.compressedSize += chunk.length;
        if (entry.compressedSize > maxSize || this.offset + chunk.length > maxSize) return callback(tooLarge(`entry ${name}`));
        this.write(chunk).then(() => callback(), callback);
      },
    });
    const source = Buffer.isBuffer(data) ? Readable.from(chunksOf(data)) : data;
    await pipeline(source, measure, zlib.createDeflateRaw({ level: this.level }), sink);
    await this.write(dataDescriptor(entry));
    this.entries.push(entry);
  }
}

/** Resolves on 'drain'; rejects when the output fails or closes first (a client that went away). */
function drained(output: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const cleanup = (): void => {
      output.off('drain', onDrain);
      output.off('close', onClose);
      output.off('error', onError);
    };
    const onDrain = (): void => {
      cleanup();
      resolve();
    };
    const onClose = (): void => {
      cleanup();
      reject(new Error('ZipWriter: the output was closed before the archive was complete'));
    };
    const onError = (error: Error): void => {
      cleanup();
      reject(error);
    };
    output.on('drain', onDrain);
    output.on('close', onClose);
    output.on('error', onError);
  });
}

/** A large buffer in 64 KiB views, so that one addFile(Buffer) does not deflate in a single step. */
function* chunksOf(data: Buffer): Generator<Buffer> {
  const size = 64 * 1024;
  if (data.length === 0) return;
  for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size);
}

export interface ZipSyncEntry {
  name: string;
  data: Uint8Array;
  mtime?: Date;
}

/**
 * Builds a small archive in memory, synchronously (sizes in the local headers, no data descriptors),
 * for formats whose serialize() is synchronous, such as XLSX workbooks.
 */
export function zipSync(files: readonly ZipSyncEntry[], options: { level?: number } = {}): Buffer {
  if (files.length > MAX_ENTRIES) throw new ZipLimitError(`ZIP archive too large: more than ${MAX_ENTRIES} entries, and ZIP64 is not supported`);
  const parts: Buffer[] = [];
  const entries: EntryRecord[] = [];
  let offset = 0;
  for (const file of files) {
    const compressed = zlib.deflateRawSync(file.data, { level: options.level ?? 6 });
    const { time, date } = dosDateTime(file.mtime ?? new Date());
    const entry: EntryRecord = { name: entryName(file.name), flags: FLAG_UTF8, time, date, crc: crc32(file.data), compressedSize: compressed.length, size: file.data.length, offset };
    if (offset > MAX_32 || entry.size > MAX_32) throw tooLarge(`entry ${file.name}`);
    const header = localHeader(entry);
    parts.push(header, compressed);
    offset += header.length + compressed.length;
    entries.push(entry);
  }
  const directory = entries.map(centralHeader);
  const directorySize = directory.reduce((sum, b) => sum + b.length, 0);
  if (offset > MAX_32) throw tooLarge('the central directory offset');
  return Buffer.concat([...parts, ...directory, endOfCentralDirectory(entries.length, directorySize, offset)]);
}
