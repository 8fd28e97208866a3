// Recognizes screenshot images by their content (PNG, JPEG, WebP): the signature and the container structure, never the file name.
export interface ImageType {
  format: 'png' | 'jpeg' | 'webp';
  mimeType: string;
  extension: string;
}

const PNG: ImageType = { format: 'png', mimeType: 'image/png', extension: 'png' };
const JPEG: ImageType = { format: 'jpeg', mimeType: 'image/jpeg', extension: 'jpg' };
const WEBP: ImageType = { format: 'webp', mimeType: 'image/webp', extension: 'webp' };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** Chunks with valid lengths and CRCs, IHDR first with a non-empty size, at least one IDAT, IEND last. */
function isPng(data: Buffer): boolean {
  if (data.length < 8 + 25 + 12 || !data.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  let pos = 8;
  let first = true;
  let idat = false;
  while (pos + 12 <= data.length) {
    const length = data.readUInt32BE(pos);
    const type = data.toString('latin1', pos + 4, pos + 8);
    const end = pos + 12 + length;
    if (length > 0x7fffffff || end > data.length || !/^[A-Za-z]{4}$/.test(type)) return false;
    if (crc32(data.subarray(pos + 4, pos + 8 + length)) !== data.readUInt32BE(pos + 8 + length)) return false;
    if (first) {
      if (type !== 'IHDR' || length !== 13 || data.readUInt32BE(pos + 8) === 0 || data.readUInt32BE(pos + 12) === 0) return false;
      first = false;
    }
    if (type === 'IDAT') idat = true;
    if (type === 'IEND') return idat && length === 0;
    pos = end;
  }
  return false;
}

/** Marker segments up to a frame header (SOFn) with a non-empty size and a scan (SOS), then an end (EOI). */
function isJpeg(data: Buffer): boolean {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8 || data[2] !== 0xff) return false;
  let pos = 2;
  let frame = false;
  while (pos + 4 <= data.length) {
    if (data[pos] !== 0xff) return false;
    const marker = data[pos + 1]!;
    if (marker === 0xff) {
      pos++; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      pos += 2; // markers without a length
      continue;
    }
    const length = data.readUInt16BE(pos + 2);
    if (length < 2 || pos + 2 + length > data.length) return false;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (length < 8 || data.readUInt16BE(pos + 5) === 0 || data.readUInt16BE(pos + 7) === 0) return false;
      frame = true;
    }
    if (marker === 0xda) {
      // Entropy-coded data follows the scan header; the image ends with EOI (trailing bytes are tolerated).
      return frame && data.indexOf(Buffer.from([0xff, 0xd9]), pos + 2 + length) !== -1;
    }
    pos += 2 + length;
  }
  return false;
}

/** A RIFF container of the size it declares holding a VP8, VP8L or VP8X chunk with a plausible header. */
function isWebp(data: Buffer): boolean {
  if (data.length < 30 || data.toString('latin1', 0, 4) !== 'RIFF' || data.toString('latin1', 8, 12) !== 'WEBP') return false;
  const riffSize = data.readUInt32LE(4);
  if (riffSize < 22 || riffSize + 8 > data.length) return false;
  const chunk = data.toString('latin1', 12, 16);
  const size = data.readUInt32LE(16);
  const body = 20;
  if (body + size > riffSize + 8) return false;
  switch (chunk) {
    case 'VP8 ':
      // A key frame: the start code 9d 01 2a after the 3-byte frame tag, then 14-bit width and height.
      return size >= 10 && data[body + 3] === 0x9d && data[body + 4] === 0x01 && data[body + 5] === 0x2a && (data.readUInt16LE(body + 6) & 0x3fff) > 0 && (data.readUInt16LE(body + 8) & 0x3fff) > 0;
    case 'VP8L':
      return size >= 5 && data[body] === 0x2f;
    case 'VP8X':
      return size >= 10;
    default:
      return false;
  }
}

/** The image type of `data`, or null when it is not a well-formed PNG, JPEG or WebP image. */
export function detectImage(data: Buffer): ImageType | null {
  if (isPng(data)) return PNG;
  if (isJpeg(data)) return JPEG;
  if (isWebp(data)) return WEBP;
  return null;
}
