// Stable 64-bit hashes for unit identity (id_hash, content_hash) and SHA-256 digests for secrets.
import crypto from 'node:crypto';

/** Signed 64-bit integer (as a decimal string) derived from SHA-256 of the parts. */
export function hash64(...parts: string[]): string {
  const h = crypto.createHash('sha256');
  for (const p of parts) {
    h.update(p);
    h.update('\u0000'); // keeps ("ab","c") and ("a","bc") apart
  }
  return h.digest().readBigInt64BE(0).toString();
}

export function sha256Hex(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Uniformly random alphanumeric string (rejection sampling avoids modulo bias). */
export function randomAlnum(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const b of crypto.randomBytes(length * 2)) {
      if (b < 248 && out.length < length) out += ALNUM[b % 62];
    }
  }
  return out;
}
