// Text helpers shared by the document formats (HTML, Markdown): strict UTF-8 decoding, line numbers, segment keys.

import { isUtf8 } from 'node:buffer';
import { FormatParseError } from '../format.js';

export interface DecodedDocument {
  text: string;
  bom: boolean;
}

/** Offset of the first byte that breaks UTF-8, for the error's line number. */
function firstInvalidUtf8(buf: Uint8Array): number {
  let i = 0;
  while (i < buf.length) {
    const b = buf[i]!;
    const len = b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0;
    if (len === 0 || i + len > buf.length) return i;
    if (!isUtf8(buf.subarray(i, i + len))) return i;
    i += len;
  }
  return buf.length;
}

function lineAtByte(buf: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (buf[i] === 0x0a) line++;
  return line;
}

/** Documents are UTF-8 (an optional BOM is kept); anything else is rejected rather than garbled. */
export function decodeDocument(bytes: Uint8Array, filename?: string): DecodedDocument {
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = bom ? bytes.subarray(3) : bytes;
  if (!isUtf8(body)) {
    const at = firstInvalidUtf8(body);
    throw new FormatParseError('the document is not valid UTF-8 text', lineAtByte(body, at), filename);
  }
  const text = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
  const nul = text.indexOf('\u0000');
  if (nul >= 0) throw new FormatParseError('NUL character in a text document', lineAt(text, nul), filename);
  return { text, bom };
}

export function encodeDocument(text: string, bom: boolean): Buffer {
  const body = Buffer.from(text, 'utf8');
  return bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]) : body;
}

/** 1-based line of `offset` (linear; use LineIndex for many lookups). */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** Line numbers for increasing offsets in one pass over the text. */
export class LineCounter {
  private line = 1;
  private at = 0;

  constructor(private readonly text: string) {}

  lineOf(offset: number): number {
    if (offset < this.at) {
      this.line = 1;
      this.at = 0;
    }
    for (let i = this.text.indexOf('\n', this.at); i >= 0 && i < offset; i = this.text.indexOf('\n', i + 1)) this.line++;
    this.at = offset;
    return this.line;
  }
}

/** The document's line terminator, for text the formats write themselves. */
export function detectEol(text: string): '\n' | '\r\n' {
  const i = text.indexOf('\n');
  return i > 0 && text[i - 1] === '\r' ? '\r\n' : '\n';
}

/** 40 bits of a 53-bit string hash (cyrb53) as 10 hex digits: cheap enough for 100,000 segments. */
export function hash40(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return ((h2 >>> 0) & 0xff).toString(16).padStart(2, '0') + (h1 >>> 0).toString(16).padStart(8, '0');
}

/**
 * Keys that survive edits elsewhere in the document: a short hash of the segment's kind (its
 * element) and text, and "-2", "-3", ... for later segments whose hash was already used
 * (duplicates, rare collisions). Editing one of several identical segments of the same kind can
 * renumber the later ones; nothing else changes a key.
 */
export class SegmentKeys {
  private readonly used = new Map<string, number>();

  next(kind: string, text: string): string {
    return this.claim(hash40(`${kind}\u0000${text}`));
  }

  /** Reserves a key given from outside (template keys) so that hashed keys never repeat it. */
  claim(key: string): string {
    const seen = this.used.get(key);
    if (seen === undefined) {
      this.used.set(key, 1);
      return key;
    }
    let n = seen + 1;
    while (this.used.has(`${key}-${n}`)) n++;
    this.used.set(key, n);
    this.used.set(`${key}-${n}`, 1);
    return `${key}-${n}`;
  }
}
