// Reads and writes the binary gettext MO layout: string tables of originals and translations, bounded by the file's size.

import { FormatParseError } from '../format.js';

/** Larger files are refused: the biggest catalogues compile to a few megabytes. */
export const MAX_MO_BYTES = 64 * 1024 * 1024;
const MAGIC = 0x950412de;
const HEADER_SIZE = 28;
/** Separates msgctxt from msgid in an original string. */
export const CONTEXT_GLUE = '\u0004';

/** One table entry as stored: raw bytes of the original (msgctxt EOT msgid [NUL msgid_plural]) and the translation. */
export interface MoPair {
  original: Buffer;
  translation: Buffer;
}

/** Reads the string tables of an MO file (either byte order), checking every offset against the file. */
export function readMoPairs(bytes: Uint8Array, filename?: string): MoPair[] {
  const fail = (why: string): never => {
    throw new FormatParseError(why, undefined, filename);
  };
  if (bytes.length > MAX_MO_BYTES) fail(`MO file is larger than ${MAX_MO_BYTES} bytes`);
  if (bytes.length < HEADER_SIZE) fail('not an MO file (too short)');
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let read: (at: number) => number;
  if (buf.readUInt32LE(0) === MAGIC) read = (at) => buf.readUInt32LE(at);
  else if (buf.readUInt32BE(0) === MAGIC) read = (at) => buf.readUInt32BE(at);
  else return fail('not an MO file (bad magic number)');
  const revision = read(4);
  if (revision >> 16 > 1) fail(`unsupported MO revision ${revision >> 16}`);
  const count = read(8);
  const originals = read(12);
  const translations = read(16);
  // Every table entry takes 8 bytes in each of the two tables: a count beyond that is a lie.
  if (count > (buf.length - HEADER_SIZE) / 16) fail('MO string count exceeds the file');
  const table = (offset: number, i: number): Buffer => {
    const at = offset + i * 8;
    if (at + 8 > buf.length) fail('MO string table runs past the end of the file');
    const length = read(at);
    const start = read(at + 4);
    if (start + length > buf.length) fail('MO string runs past the end of the file');
    return buf.subarray(start, start + length);
  };
  const pairs: MoPair[] = [];
  for (let i = 0; i < count; i++) pairs.push({ original: table(originals, i), translation: table(translations, i) });
  return pairs;
}

/**
 * Writes an MO file as msgfmt lays it out, little-endian, without the optional hash table (gettext
 * then looks strings up by binary search): the 28-byte header, the two tables, the originals, then
 * the translations, each string followed by NUL. Pairs are sorted by their original bytes, as the
 * format requires, so the same pairs always give the same bytes.
 */
export function writeMo(pairs: readonly MoPair[]): Buffer {
  const sorted = [...pairs].sort((a, b) => Buffer.compare(a.original, b.original));
  const n = sorted.length;
  const originalsAt = HEADER_SIZE;
  const translationsAt = originalsAt + n * 8;
  let stringsAt = translationsAt + n * 8;
  const head = Buffer.alloc(stringsAt);
  head.writeUInt32LE(MAGIC, 0);
  head.writeUInt32LE(0, 4);
  head.writeUInt32LE(n, 8);
  head.writeUInt32LE(originalsAt, 12);
  head.writeUInt32LE(translationsAt, 16);
  head.writeUInt32LE(0, 20);
  head.writeUInt32LE(stringsAt, 24);
  const chunks: Buffer[] = [head];
  const nul = Buffer.alloc(1);
  const place = (tableAt: number, i: number, data: Buffer): void => {
    head.writeUInt32LE(data.length, tableAt + i * 8);
    head.writeUInt32LE(stringsAt, tableAt + i * 8 + 4);
    chunks.push(data, nul);
    stringsAt += data.length + 1;
  };
  sorted.forEach((pair, i) => place(originalsAt, i, pair.original));
  sorted.forEach((pair, i) => place(translationsAt, i, pair.translation));
  return Buffer.concat(chunks);
}
