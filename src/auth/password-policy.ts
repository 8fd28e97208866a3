// The password policy: long enough, not like the account's username or e-mail address, not a common password.
import { readFileSync } from 'node:fs';
import { msgid } from '../shared/msgid.js';

export const MIN_PASSWORD_LENGTH = 10;
/** Longer passwords only cost hashing time: scrypt reads all of them. */
export const MAX_PASSWORD_LENGTH = 4096;

export interface PasswordProblem {
  code: 'blank' | 'password_too_short' | 'password_too_long' | 'password_too_similar' | 'password_too_common' | 'password_entirely_numeric';
  detail: string;
}

let common: Set<string> | null = null;

/** The shipped list (src/auth/common-passwords.txt, lower case, "#" comment lines), read on first use. */
function commonPasswords(): Set<string> {
  if (!common) {
    const text = readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8');
    common = new Set(text.split('\n').filter((line) => line && !line.startsWith('#')));
  }
  return common;
}

/** Lower case, without what people put between words: "John.Smith-1" is compared as "johnsmith1". */
function folded(value: string): string {
  return value.toLowerCase().replace(/[\s._@+-]+/g, '');
}

/**
 * Whether the password is the attribute, contains it, or is contained in it (for attributes and
 * passwords of four characters or more): the username "marie" makes "marie-2024!" too similar.
 */
function similar(password: string, attribute: string): boolean {
  const p = folded(password);
  const a = folded(attribute);
  if (a.length < 4 || p.length < 4) return p === a && p !== '';
  return p.includes(a) || a.includes(p);
}

/**
 * What is wrong with a password for an account with this username and e-mail address (each part of the
 * address counts separately); an empty list when the password is acceptable.
 */
export function checkPassword(password: string, account: { username?: string; email?: string; fullName?: string }): PasswordProblem[] {
  if (!password) return [{ code: 'blank', detail: msgid('This field may not be blank.') }];
  const problems: PasswordProblem[] = [];
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    problems.push({ code: 'password_too_short', detail: `This password is too short. It must contain at least ${MIN_PASSWORD_LENGTH} characters.` });
  }
  if (password.length > MAX_PASSWORD_LENGTH) problems.push({ code: 'password_too_long', detail: `This password is too long. It may contain at most ${MAX_PASSWORD_LENGTH} characters.` });
  const email = account.email ?? '';
  const attributes: [string, string][] = [
    ['username', account.username ?? ''],
    ['email address', email],
    ['email address', email.split('@')[0] ?? ''],
    ['full name', account.fullName ?? ''],
  ];
  const like = attributes.find(([, value]) => value && similar(password, value));
  if (like) problems.push({ code: 'password_too_similar', detail: `The password is too similar to the ${like[0]}.` });
  if (commonPasswords().has(password.toLowerCase())) problems.push({ code: 'password_too_common', detail: msgid('This password is too common.') });
  else if (/^\d+$/.test(password)) problems.push({ code: 'password_entirely_numeric', detail: msgid('This password is entirely numeric.') });
  return problems;
}
