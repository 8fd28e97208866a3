// Reads untrusted ZIP archives with yauzl: extraction of uploads (no traversal, no links) and in-memory reading of parts, all bounded.
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

export class ZipError extends Error {}

export interface ZipLimits {
  maxEntries: number;
  maxTotalBytes: number;
  maxRatio: number; // uncompressed / compressed, per entry
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxEntries: 10_000, maxTotalBytes: 512 * 1024 * 1024, maxRatio: 200 };

const OPEN_OPTIONS = { lazyEntries: true, validateEntrySizes: true, strictFileNames: false } as const;

function openZip(buffer: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { ...OPEN_OPTIONS }, (err, zip) => {
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

export interface PartLimits {
  maxEntries: number;
  /** Largest uncompressed size of one entry that read() inflates. */
  maxEntryBytes: number;
  /** Largest uncompressed / compressed ratio of an entry above RATIO_FLOOR bytes (a ZIP bomb inflates a thousandfold). */
  maxRatio: number;
}

/** Small parts may compress very well (a row of zeros); only sizes that cost something are judged by ratio. */
const RATIO_FLOOR = 1024 * 1024;

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/**
 * yauzl's reader for a Buffer answers on a later tick; this one answers at once, so that opening
 * the archive and reading its directory complete inside the call (for synchronous format parsers).
 */
class ImmediateBufferReader extends yauzl.RandomAccessReader {
  constructor(private readonly buffer: Buffer) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    return Readable.from([this.buffer.subarray(start, end)]);
  }

  override read(target: Buffer, offset: number, length: number, position: number, callback: (err: Error | null) => void): void {
    const end = Math.min(position + Math.min(length, target.length - offset), this.buffer.length);
    const copied = position < end ? this.buffer.copy(target, offset, position, end) : 0;
    // yauzl takes the count of bytes read as a second argument, which its typings leave out.
    (callback as (err: Error | null, bytesRead: number) => void)(null, copied);
  }

  override close(callback: (err: Error | null) => void): void {
    callback(null);
  }
}

/** Runs one yauzl step that ImmediateBufferReader lets finish within the call. */
function immediately<T>(step: (callback: (err: Error | null, value: T) => void) => void): T {
  let outcome: { err: Error | null; value: T } | null = null;
  step((err, value) => (outcome ??= { err, value }));
  if (!outcome) throw new ZipError('Could not read the ZIP file: an entry could not be read synchronously.');
  const { err, value } = outcome as { err: Error | null; value: T };
  if (err) throw err instanceof ZipError ? err : new ZipError(err.message);
  return value;
}

/** A ZIP archive held in memory: its entries by name, each inflated on request. */
export class ZipParts {
  private constructor(
    private readonly zip: ZipFile,
    private readonly buffer: Buffer,
    private readonly limits: PartLimits,
    readonly entries: ReadonlyMap<string, Entry>,
  ) {}

  /**
   * Reads the central directory synchronously (yauzl parses it, ZIP64 included). Throws a ZipError
   * for anything that is not a readable archive or has more than limits.maxEntries entries.
   */
  static open(bytes: Uint8Array, limits: PartLimits): ZipParts {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const zip = immediately<ZipFile>((done) => yauzl.fromRandomAccessReader(new ImmediateBufferReader(buffer), buffer.length, { ...OPEN_OPTIONS, autoClose: false }, done));
    if (zip.entryCount > limits.maxEntries) throw new ZipError(`The ZIP file has too many entries (${zip.entryCount}, at most ${limits.maxEntries}).`);
    let entry: Entry | null = null;
    let failure: Error | null = null;
    zip.on('entry', (e: Entry) => (entry = e));
    // Stays attached: a step yauzl defers (which we report as an error) may still fail later.
    zip.on('error', (error: Error) => (failure ??= error));
    const entries = new Map<string, Entry>();
    for (let i = 0; i < zip.entryCount; i++) {
      entry = null;
      zip.readEntry();
      if (failure) throw new ZipError((failure as Error).message);
      const read = entry as Entry | null;
      if (!read) throw new ZipError('Could not read the ZIP file: an entry could not be read synchronously.');
      if (read.isEncrypted()) throw new ZipError(`The ZIP file entry ${read.fileName} is encrypted.`);
      // Two entries of one name would let a checked one stand for an unchecked one.
      if (entries.has(read.fileName)) throw new ZipError(`The ZIP file holds the entry ${read.fileName} twice.`);
      entries.set(read.fileName, read);
    }
    return new ZipParts(zip, buffer, limits, entries);
  }

  /**
   * Refuses an entry whose declared size is over the cap or whose compression ratio marks a ZIP
   * bomb, before anything is inflated. read() never inflates past the declared size, so a lie
   * about it cannot get around these checks.
   */
  check(entry: Entry): void {
    const { uncompressedSize: size, compressedSize: packed, fileName } = entry;
    if (size > this.limits.maxEntryBytes) {
      throw new ZipError(`The ZIP file entry ${fileName} is too large (${sizeText(size)} inflated, at most ${sizeText(this.limits.maxEntryBytes)}).`);
    }
    if (size > RATIO_FLOOR && size > packed * this.limits.maxRatio) {
      throw new ZipError(`The ZIP file entry ${fileName} inflates to ${sizeText(size)} from ${sizeText(packed)}, more than ${this.limits.maxRatio} times its compressed size: refused as a likely ZIP bomb.`);
    }
  }

  /** One entry's bytes, inflated, with its size and CRC checked (yauzl leaves the CRC to its callers). */
  read(entry: Entry): Buffer {
    this.check(entry);
    // Also checks that the entry's data lies inside the archive.
    const { fileDataStart } = immediately<{ fileDataStart: number }>((done) => this.zip.readLocalFileHeader(entry, { minimal: true }, done));
    const raw = this.buffer.subarray(fileDataStart, fileDataStart + entry.compressedSize);
    let data: Buffer;
    if (entry.compressionMethod === 0) data = Buffer.from(raw);
    else if (entry.compressionMethod === 8) {
      try {
        // One byte past the declared size is enough to see that the entry lies about it.
        data = zlib.inflateRawSync(raw, { maxOutputLength: entry.uncompressedSize + 1 });
      } catch (e) {
        throw new ZipError(`The ZIP file entry ${entry.fileName} cannot be inflated (${(e as Error).message}).`);
      }
    } else throw new ZipError(`The ZIP file entry ${entry.fileName} uses unsupported compression method ${entry.compressionMethod}.`);
    if (data.length !== entry.uncompressedSize || zlib.crc32(data) !== entry.crc32) throw new ZipError(`The ZIP file entry ${entry.fileName} is damaged (size or CRC mismatch).`);
    return data;
  }
}
