// Hook authenticity checks each forge hook builds on: X-Hub-Signature-256 HMAC (GitHub, Gitea/Forgejo, Bitbucket), X-Gitlab-Token, X-Gitee-Token.
import crypto from 'node:crypto';

/** Constant-time string equality (digests first, so differing lengths leak nothing either). */
export function safeEqual(a: string, b: string): boolean {
  const da = crypto.createHash('sha256').update(a, 'utf8').digest();
  const db = crypto.createHash('sha256').update(b, 'utf8').digest();
  return crypto.timingSafeEqual(da, db) && a.length === b.length;
}

function toBuffer(raw: string | Uint8Array): Buffer {
  return typeof raw === 'string' ? Buffer.from(raw, 'utf8') : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
}

/** Hex HMAC-SHA256 of the raw body. */
export function hmacSha256Hex(rawBody: string | Uint8Array, secret: string): string {
  return crypto.createHmac('sha256', secret).update(toBuffer(rawBody)).digest('hex');
}

/** Value GitHub puts in X-Hub-Signature-256: `sha256=<hex hmac>`. */
export function hubSignature256(rawBody: string | Uint8Array, secret: string): string {
  return `sha256=${hmacSha256Hex(rawBody, secret)}`;
}

/** Checks `sha256=<hex>` (X-Hub-Signature-256 style) against the HMAC of the exact raw body bytes. */
export function verifyHubSignature256(rawBody: string | Uint8Array, secret: string, signature: string | undefined): boolean {
  if (!secret || !signature) return false;
  const match = /^sha256=([0-9a-f]{64})$/i.exec(signature.trim());
  if (!match) return false;
  return safeEqual(match[1].toLowerCase(), hmacSha256Hex(rawBody, secret));
}

/** Checks a bare hex HMAC (X-Gitea-Signature / X-Forgejo-Signature). */
export function verifyHexSignature(rawBody: string | Uint8Array, secret: string, signature: string | undefined): boolean {
  if (!secret || !signature) return false;
  const hex = signature.trim().toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(hex)) return false;
  return safeEqual(hex, hmacSha256Hex(rawBody, secret));
}

/** GitLab sends the configured secret token verbatim in X-Gitlab-Token. */
export function verifyGitlabToken(secret: string, token: string | undefined): boolean {
  if (!secret || token === undefined) return false;
  return safeEqual(token, secret);
}

/**
 * Gitee: X-Gitee-Token is either the password itself or, in signing mode,
 * base64(HMAC-SHA256(secret, `${X-Gitee-Timestamp}\n${secret}`)).
 */
export function verifyGiteeToken(secret: string, token: string | undefined, timestamp: string | undefined): boolean {
  if (!secret || token === undefined) return false;
  if (safeEqual(token, secret)) return true;
  if (!timestamp) return false;
  const sign = crypto.createHmac('sha256', secret).update(`${timestamp}\n${secret}`, 'utf8').digest('base64');
  return safeEqual(token, sign);
}

export type HookSignatureScheme = 'hub-signature-256' | 'gitlab-token' | 'gitee-token';
