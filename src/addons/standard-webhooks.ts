// Standard Webhooks (standardwebhooks.com) signing: whsec_ secrets, v1 HMAC-SHA256 signatures, verification.
import crypto from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';
/** The scheme asks for keys of 24 to 64 bytes. */
const MIN_KEY_BYTES = 24;
const MAX_KEY_BYTES = 64;
/** Receivers reject messages older or newer than this (replay protection). */
export const DEFAULT_TOLERANCE_SECONDS = 5 * 60;

export class WebhookSecretError extends Error {}
export class WebhookVerificationError extends Error {}

export type SignedHeaders = {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
};

/** A new random secret in the `whsec_<base64>` form receivers expect. */
export function generateSecret(bytes = 32): string {
  return SECRET_PREFIX + crypto.randomBytes(bytes).toString('base64');
}

/** The key bytes of a `whsec_<base64>` secret (the prefix is optional, as in the reference libraries). */
export function decodeSecret(secret: string): Buffer {
  const body = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body) || body.length % 4 !== 0) throw new WebhookSecretError('The secret must be base64 encoded, optionally prefixed with "whsec_".');
  const key = Buffer.from(body, 'base64');
  if (key.length < MIN_KEY_BYTES || key.length > MAX_KEY_BYTES) throw new WebhookSecretError(`The secret must decode to between ${MIN_KEY_BYTES} and ${MAX_KEY_BYTES} bytes.`);
  return key;
}

/** `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`. */
export function sign(secret: string, id: string, timestamp: number, body: string): string {
  const mac = crypto.createHmac('sha256', decodeSecret(secret)).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The three headers of a signed message; `timestamp` is in whole seconds since the epoch. */
export function signedHeaders(secret: string, id: string, body: string, timestamp = Math.floor(Date.now() / 1000)): SignedHeaders {
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': sign(secret, id, timestamp, body) };
}

/**
 * Checks a received message as a receiver would: the timestamp within the tolerance and one of the
 * space-separated `v1,` signatures matching (compared in constant time). Throws on failure.
 */
export function verify(secret: string, headers: Record<string, string | string[] | undefined>, body: string, now = Math.floor(Date.now() / 1000), toleranceSeconds = DEFAULT_TOLERANCE_SECONDS): void {
  const one = (name: string): string => {
    const v = headers[name];
    const s = Array.isArray(v) ? v[0] : v;
    if (!s) throw new WebhookVerificationError(`Missing ${name} header.`);
    return s;
  };
  const id = one('webhook-id');
  const rawTimestamp = one('webhook-timestamp');
  const signatures = one('webhook-signature');
  if (!/^\d+$/.test(rawTimestamp)) throw new WebhookVerificationError('Invalid timestamp.');
  const timestamp = Number(rawTimestamp);
  if (Math.abs(now - timestamp) > toleranceSeconds) throw new WebhookVerificationError('Message timestamp outside the tolerance.');
  const expected = Buffer.from(sign(secret, id, timestamp, body).slice(3), 'base64');
  for (const candidate of signatures.split(' ')) {
    const comma = candidate.indexOf(',');
    if (comma < 0 || candidate.slice(0, comma) !== 'v1') continue;
    const given = Buffer.from(candidate.slice(comma + 1), 'base64');
    if (given.length === expected.length && crypto.timingSafeEqual(given, expected)) return;
  }
  throw new WebhookVerificationError('No matching signature found.');
}
