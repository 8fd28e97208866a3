// Byte encodings of Apple .strings files (UTF-8 or UTF-16 LE/BE, with or without BOM): detected on read, kept on write.

import { isUtf8 } from 'node:buffer';
import { FormatParseError } from '../format.js';
import { splitUtf8Bom, withUtf8Bom } from '../text/keyed-text-store.js';

export type StringsEncoding = 'utf8' | 'utf16le' | 'utf16be';

export interface DecodedStrings {
  text: string;
  encoding: StringsEncoding;
  bom: boolean;
}

/**
 * BOM-less UTF-16 (older Xcode output) is recognised by its zero bytes: ASCII-heavy text in
 * UTF-16 has a zero in every other byte, which valid UTF-8 text never has.
 */
function sniffUtf16(bytes: Uint8Array): 'utf16le' | 'utf16be' | null {
  if (bytes.length < 2 || bytes.length % 2 !== 0) return null;
  const sample = Math.min(bytes.length, 512);
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = sample / 2;
  if (oddZeros > pairs / 2 && evenZeros === 0) return 'utf16le';
  if (evenZeros > pairs / 2 && oddZeros === 0) return 'utf16be';
  return null;
}

function decodeUtf16(bytes: Uint8Array, encoding: 'utf16le' | 'utf16be', skip: number, filename?: string): string {
  const body = Buffer.from(bytes.subarray(skip));
  if (body.length % 2 !== 0) throw new FormatParseError('UTF-16 file has an odd number of bytes', undefined, filename);
  return (encoding === 'utf16be' ? Buffer.from(body).swap16() : body).toString('utf16le');
}

export function decodeStrings(bytes: Uint8Array, filename?: string): DecodedStrings {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: decodeUtf16(bytes, 'utf16le', 2, filename), encoding: 'utf16le', bom: true };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: decodeUtf16(bytes, 'utf16be', 2, filename), encoding: 'utf16be', bom: true };
  const { bom, body } = splitUtf8Bom(bytes);
  if (!bom) {
    const utf16 = sniffUtf16(bytes);
    if (utf16) return { text: decodeUtf16(bytes, utf16, 0, filename), encoding: utf16, bom: false };
  }
  if (!isUtf8(body)) throw new FormatParseError('the file is neither UTF-8 nor UTF-16', undefined, filename);
  return { text: body.toString('utf8'), encoding: 'utf8', bom };
}

export function encodeStrings(text: string, encoding: StringsEncoding, bom: boolean): Buffer {
  if (encoding === 'utf8') return withUtf8Bom(Buffer.from(text, 'utf8'), bom);
  const le = Buffer.from((bom ? '\ufeff' : '') + text, 'utf16le');
  return encoding === 'utf16be' ? le.swap16() : le;
}
