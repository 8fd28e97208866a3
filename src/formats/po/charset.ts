// Decodes PO file bytes to text according to the header's charset (UTF-8/ASCII, or ISO-8859-1), keeping the BOM.

import { isUtf8 } from 'node:buffer';
import { FormatParseError } from '../format.js';

export type PoEncoding = 'utf8' | 'latin1';

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** Charsets read as UTF-8. "CHARSET" is the placeholder xgettext writes into templates. */
const UTF8_NAMES = new Set(['utf-8', 'utf8', 'ascii', 'us-ascii', 'ansi_x3.4-1968', 'charset']);
const LATIN1_NAMES = new Set(['iso-8859-1', 'iso8859-1', 'iso_8859-1', 'latin1', 'latin-1', 'l1', 'iso-ir-100', 'cp819']);

export function isAsciiCharset(charset: string | null): boolean {
  const name = charset?.toLowerCase();
  return name === 'ascii' || name === 'us-ascii' || name === 'ansi_x3.4-1968';
}

export function classifyCharset(charset: string | null): PoEncoding | 'unsupported' {
  if (charset === null) return 'utf8';
  const name = charset.toLowerCase();
  if (UTF8_NAMES.has(name)) return 'utf8';
  if (LATIN1_NAMES.has(name)) return 'latin1';
  return 'unsupported';
}

function lineStartsWith(buf: Buffer, at: number, word: string): boolean {
  return (at === 0 || buf[at - 1] === 0x0a) && buf.toString('latin1', at, at + word.length) === word;
}

/**
 * Finds `charset=` in the header entry without decoding the file: the header is the first
 * `msgid ""` at the start of a line, and it ends at the next blank line or entry.
 */
export function sniffCharset(buf: Buffer): string | null {
  let at = -1;
  for (let from = 0; ; ) {
    const i = buf.indexOf('msgid', from, 'latin1');
    if (i < 0) return null;
    if (lineStartsWith(buf, i, 'msgid')) {
      at = i;
      break;
    }
    from = i + 5;
  }
  let q = at + 5;
  while (buf[q] === 0x20 || buf[q] === 0x09) q++;
  if (buf[q] !== 0x22 || buf[q + 1] !== 0x22) return null; // first entry is not the header
  let end = buf.length;
  for (const marker of ['\n\n', '\r\n\r\n', '\n#', '\nmsgid', '\nmsgctxt']) {
    const i = buf.indexOf(marker, q, 'latin1');
    if (i >= 0 && i < end) end = i;
  }
  const header = buf.toString('latin1', at, end);
  const match = /charset=([^\s"\\;]+)/i.exec(header);
  return match ? match[1]! : null;
}

/** Offset of the first byte that is not part of a well-formed UTF-8 sequence. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) {
      need = 1;
      min = 0x80;
    } else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      min = 0x800;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      min = 0x10000;
    } else {
      return i;
    }
    let cp = b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return -1;
}

function lineOf(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (bytes[i] === 0x0a) line++;
  return line;
}

export interface CheckedPo {
  /** The bytes after the BOM, if any. */
  body: Buffer;
  bom: boolean;
  encoding: PoEncoding;
  /** The charset named in the header, or null when there is none. */
  declaredCharset: string | null;
}

/** Picks the encoding of PO file bytes and checks that they are valid in it, without decoding them. */
export function checkPoBytes(bytes: Uint8Array, filename?: string): CheckedPo {
  const bom = bytes.length >= 3 && bytes[0] === UTF8_BOM[0] && bytes[1] === UTF8_BOM[1] && bytes[2] === UTF8_BOM[2];
  const body = Buffer.from(bytes.buffer, bytes.byteOffset + (bom ? 3 : 0), bytes.byteLength - (bom ? 3 : 0));
  const declaredCharset = sniffCharset(body);
  const kind = classifyCharset(declaredCharset);
  if (kind === 'latin1' && !bom) return { body, bom, encoding: 'latin1', declaredCharset };
  if (isUtf8(body)) return { body, bom, encoding: 'utf8', declaredCharset };
  const offset = firstInvalidUtf8(body);
  const detail = kind === 'unsupported' ? ` (charset "${declaredCharset}" is not supported; use UTF-8)` : '';
  throw new FormatParseError(`File is not valid UTF-8${detail}`, lineOf(body, Math.max(offset, 0)), filename);
}

/** Bytes produced by octal/hex escapes are in the file's charset. */
export function byteDecoder(encoding: PoEncoding): (bytes: number[]) => string {
  return (bytes) => Buffer.from(bytes).toString(encoding);
}
