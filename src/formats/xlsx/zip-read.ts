// Synchronous reading of a ZIP held in memory (central directory + stored/deflated entries), for XLSX parsing.
import zlib from 'node:zlib';
import { crc32 } from '../../shared/zip-writer.js';
import { FormatParseError } from '../format.js';

export interface ZipEntryInfo {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** Largest part we inflate: spreadsheets bigger than this are not translation files (or are ZIP bombs). */
const MAX_PART_BYTES = 256 * 1024 * 1024;

/** The archive's entries by name, from the central directory. */
export function readZipDirectory(zip: Uint8Array, filename?: string): Map<string, ZipEntryInfo> {
  const fail = (message: string): never => {
    throw new FormatParseError(message, undefined, filename);
  };
  const buf = Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
  const signature = buf.length >= 22 ? buf.readUInt32LE(0) : 0;
  if (signature !== 0x04034b50 && signature !== 0x06054b50) fail('not an XLSX file (no ZIP signature)');
  let eocd = -1;
  for (let p = buf.length - 22; p >= Math.max(0, buf.length - 22 - 0xffff); p--) {
    if (buf.readUInt32LE(p) === 0x06054b50) {
      eocd = p;
      break;
    }
  }
  if (eocd < 0) fail('damaged ZIP archive: end of central directory not found');
  const count = buf.readUInt16LE(eocd + 10);
  const directorySize = buf.readUInt32LE(eocd + 12);
  const directoryOffset = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || directoryOffset === 0xffffffff) fail('ZIP64 archives are not supported');
  if (directoryOffset + directorySize > eocd) fail('damaged ZIP archive: central directory out of range');

  const entries = new Map<string, ZipEntryInfo>();
  let p = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > eocd || buf.readUInt32LE(p) !== 0x02014b50) fail('damaged ZIP archive: bad central directory entry');
    const flags = buf.readUInt16LE(p + 8);
    const nameLength = buf.readUInt16LE(p + 28);
    const next = p + 46 + nameLength + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
    if (next > eocd) fail('damaged ZIP archive: central directory entry out of range');
    const name = buf.toString(flags & (1 << 11) ? 'utf8' : 'latin1', p + 46, p + 46 + nameLength);
    if (flags & 1) fail(`encrypted ZIP entry ${name} is not supported`);
    entries.set(name, {
      name,
      method: buf.readUInt16LE(p + 10),
      crc: buf.readUInt32LE(p + 16),
      compressedSize: buf.readUInt32LE(p + 20),
      size: buf.readUInt32LE(p + 24),
      localOffset: buf.readUInt32LE(p + 42),
    });
    p = next;
  }
  return entries;
}

/** One entry's bytes, inflated and CRC-checked. */
export function readZipEntry(zip: Uint8Array, entry: ZipEntryInfo, filename?: string): Buffer {
  const fail = (message: string): never => {
    throw new FormatParseError(`${entry.name}: ${message}`, undefined, filename);
  };
  const buf = Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
  const p = entry.localOffset;
  if (p + 30 > buf.length || buf.readUInt32LE(p) !== 0x04034b50) fail('damaged ZIP archive: bad local header');
  const start = p + 30 + buf.readUInt16LE(p + 26) + buf.readUInt16LE(p + 28);
  const end = start + entry.compressedSize;
  if (end > buf.length) fail('damaged ZIP archive: entry data out of range');
  if (entry.size > MAX_PART_BYTES) fail('part too large');
  const raw = buf.subarray(start, end);
  let data: Buffer;
  if (entry.method === 0) data = Buffer.from(raw);
  else if (entry.method === 8) {
    try {
      data = zlib.inflateRawSync(raw, { maxOutputLength: MAX_PART_BYTES });
    } catch (e) {
      return fail(`cannot inflate (${(e as Error).message})`);
    }
  } else return fail(`unsupported compression method ${entry.method}`);
  if (data.length !== entry.size || crc32(data) !== entry.crc) fail('damaged ZIP archive: size or CRC mismatch');
  return data;
}
