// Byte-level decoding of XML files (BOM, UTF-16 sniffing, encoding declaration) and encoding back.

import { FormatParseError } from '../format.js';

export type XmlEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'iso-8859-1' | 'us-ascii';

export interface DecodedXml {
  /** The document text without the BOM. */
  text: string;
  encoding: XmlEncoding;
  /** True when the bytes started with a byte order mark (written back by encodeXml). */
  bom: boolean;
}

const UTF8_NAMES = new Set(['utf-8', 'utf8']);
const LATIN1_NAMES = new Set(['iso-8859-1', 'iso8859-1', 'iso_8859-1', 'latin1', 'latin-1', 'l1']);
const ASCII_NAMES = new Set(['us-ascii', 'ascii']);
const UTF16_NAMES = new Set(['utf-16', 'utf16', 'utf-16le', 'utf-16be', 'ucs-2']);

/** The `encoding` pseudo-attribute of an XML declaration at the start of `head`, lower-cased. */
function declaredEncoding(head: string): string | null {
  const match = /^\s*<\?xml[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head);
  return match ? match[1]!.toLowerCase() : null;
}

function lineOfByte(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < bytes.length; i++) if (bytes[i] === 0x0a) line++;
  return line;
}

/** Offset of the first byte that is not valid UTF-8 (only called once decoding failed). */
function firstInvalidUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    const len = b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0;
    if (len === 0) return i;
    for (let k = 1; k < len; k++) if ((bytes[i + k]! & 0xc0) !== 0x80) return i;
    i += len;
  }
  return bytes.length;
}

const utf8Decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Decodes an XML file's bytes: a BOM wins, then UTF-16 without BOM is sniffed from "<?", then
 * the declaration's encoding applies (UTF-8 when absent). Unsupported encodings and invalid
 * UTF-8 throw FormatParseError.
 */
export function decodeXmlBytes(input: Uint8Array, filename?: string): DecodedXml {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  // A dangling half code unit would be dropped by the decoder, so the file could not be written back byte for byte.
  const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff) || (bytes[0] === 0x3c && bytes[1] === 0x00 && bytes[2] === 0x3f && bytes[3] === 0x00) || (bytes[0] === 0x00 && bytes[1] === 0x3c && bytes[2] === 0x00 && bytes[3] === 0x3f);
  if (utf16 && bytes.length % 2 !== 0) throw new FormatParseError('UTF-16 file has an odd number of bytes', undefined, filename);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: bytes.toString('utf16le', 2), encoding: 'utf-16le', bom: true };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: Buffer.from(bytes.subarray(2)).swap16().toString('utf16le'), encoding: 'utf-16be', bom: true };
  }
  if (bytes[0] === 0x3c && bytes[1] === 0x00 && bytes[2] === 0x3f && bytes[3] === 0x00) {
    return { text: bytes.toString('utf16le'), encoding: 'utf-16le', bom: false };
  }
  if (bytes[0] === 0x00 && bytes[1] === 0x3c && bytes[2] === 0x00 && bytes[3] === 0x3f) {
    return { text: Buffer.from(bytes).swap16().toString('utf16le'), encoding: 'utf-16be', bom: false };
  }
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = bom ? bytes.subarray(3) : bytes;
  const declared = declaredEncoding(body.toString('latin1', 0, Math.min(body.length, 300)));
  // A UTF-16 declaration on bytes that are not UTF-16 (no BOM, no "<\0") is a common .NET quirk:
  // the file is really UTF-8.
  if (declared === null || UTF8_NAMES.has(declared) || ASCII_NAMES.has(declared) || UTF16_NAMES.has(declared)) {
    try {
      // Files that only claim ASCII are read as UTF-8: tools often write UTF-8 regardless.
      const encoding: XmlEncoding = declared !== null && ASCII_NAMES.has(declared) ? 'us-ascii' : 'utf-8';
      return { text: utf8Decoder.decode(body), encoding, bom };
    } catch {
      const at = firstInvalidUtf8(body);
      throw new FormatParseError('invalid UTF-8 byte sequence', lineOfByte(body, at), filename);
    }
  }
  if (LATIN1_NAMES.has(declared)) return { text: body.toString('latin1'), encoding: 'iso-8859-1', bom };
  throw new FormatParseError(`unsupported encoding "${declared}"`, 1, filename);
}

/** Characters the encoding cannot hold become character references (valid in text and attributes). */
function referenceUnencodable(text: string, max: number): string {
  let out = '';
  let last = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c <= max) continue;
    const cp = text.codePointAt(i)!;
    out += text.slice(last, i) + `&#x${cp.toString(16).toUpperCase()};`;
    if (cp > 0xffff) i++;
    last = i + 1;
  }
  return last === 0 ? text : out + text.slice(last);
}

/** Encodes document text back to bytes in the encoding it was read with. */
export function encodeXml(text: string, encoding: XmlEncoding = 'utf-8', bom = false): Buffer {
  switch (encoding) {
    case 'utf-16le':
      return Buffer.concat([bom ? Buffer.from([0xff, 0xfe]) : Buffer.alloc(0), Buffer.from(text, 'utf16le')]);
    case 'utf-16be':
      return Buffer.concat([bom ? Buffer.from([0xfe, 0xff]) : Buffer.alloc(0), Buffer.from(text, 'utf16le').swap16()]);
    case 'iso-8859-1':
      return withUtf8Bom(Buffer.from(referenceUnencodable(text, 0xff), 'latin1'), bom);
    default:
      // us-ascii files were read as UTF-8 and are written the same way.
      return withUtf8Bom(Buffer.from(text, 'utf8'), bom);
  }
}

function withUtf8Bom(body: Buffer, bom: boolean): Buffer {
  return bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]) : body;
}
