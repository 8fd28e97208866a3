// Image recognition by content: real tiny PNG, JPEG and WebP files pass, damaged ones and other files do not.
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, detectImage } from './image-types.js';

/** A 1×1 PNG made by a real encoder (CRCs not computed by the code under test). */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** The smallest well-formed baseline-free JPEG (arithmetic coding, 1×1 grey). */
const JPEG_1X1 = Buffer.from(
  'ffd8ffe000104a46494600010101004800480000ffdb004300030202020202030202020303030304060404040404080606050609080a0a090809090a0c0f0c0a0b0e0b09090d110d0e0f101011100a0c12131210130f101010ffc9000b080001000101011100ffcc000600101005ffda0008010100003f00d2cf20ffd9',
  'hex',
);
const WEBP_LOSSLESS = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
const WEBP_LOSSY = Buffer.from('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', 'base64');

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

describe('detectImage', () => {
  it('crc32 is the PNG/zip CRC', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
  });

  it('recognizes PNG, JPEG and both WebP flavours', () => {
    expect(detectImage(PNG_1X1)?.mimeType).toBe('image/png');
    expect(detectImage(JPEG_1X1)?.mimeType).toBe('image/jpeg');
    expect(detectImage(WEBP_LOSSLESS)?.mimeType).toBe('image/webp');
    expect(detectImage(WEBP_LOSSY)?.extension).toBe('webp');
  });

  it('accepts a PNG assembled chunk by chunk', () => {
    const ihdr = Buffer.from([0, 0, 0, 2, 0, 0, 0, 3, 8, 2, 0, 0, 0]);
    const raw = Buffer.alloc(3 * (1 + 2 * 3));
    const png = Buffer.concat([PNG_1X1.subarray(0, 8), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
    expect(detectImage(png)?.format).toBe('png');
  });

  it('refuses text, truncated or corrupted images and signatures alone', () => {
    expect(detectImage(Buffer.from('this is not an image, whatever its name says\n'))).toBeNull();
    expect(detectImage(Buffer.alloc(0))).toBeNull();
    expect(detectImage(PNG_1X1.subarray(0, 8))).toBeNull();
    expect(detectImage(PNG_1X1.subarray(0, PNG_1X1.length - 12))).toBeNull(); // no IEND
    const badCrc = Buffer.from(PNG_1X1);
    badCrc[20] ^= 0xff;
    expect(detectImage(badCrc)).toBeNull();
    expect(detectImage(JPEG_1X1.subarray(0, 30))).toBeNull();
    expect(detectImage(JPEG_1X1.subarray(0, JPEG_1X1.length - 2))).toBeNull(); // no EOI
    expect(detectImage(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('garbage garbage garbage')]))).toBeNull();
    expect(detectImage(WEBP_LOSSY.subarray(0, 30))).toBeNull(); // shorter than its RIFF size
    const notVp8 = Buffer.from(WEBP_LOSSY);
    notVp8.write('ABCD', 12, 'latin1');
    expect(detectImage(notVp8)).toBeNull();
    expect(detectImage(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'))).toBeNull();
  });
});
