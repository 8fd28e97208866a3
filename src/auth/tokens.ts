// API tokens: "plu_" (user) and "plp_" (project) + 36 random characters; only their SHA-256 is stored.
import { randomAlnum, sha256Hex } from '../shared/hashing.js';

export const USER_TOKEN_PREFIX = 'plu_';
export const PROJECT_TOKEN_PREFIX = 'plp_';

export function generateToken(kind: 'user' | 'project'): string {
  return (kind === 'user' ? USER_TOKEN_PREFIX : PROJECT_TOKEN_PREFIX) + randomAlnum(36);
}

export function hashToken(token: string): string {
  return sha256Hex(token);
}
