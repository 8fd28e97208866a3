// The password policy on its own: length, similarity to the account, the shipped list of common passwords.
import { describe, expect, it } from 'vitest';
import { checkPassword } from './password-policy.js';

const codes = (password: string, account: Parameters<typeof checkPassword>[1] = {}) => checkPassword(password, account).map((p) => p.code);

describe('password policy', () => {
  it('accepts a long, unrelated password', () => {
    expect(codes('violet kettle on a bicycle', { username: 'marie', email: 'marie@example.com' })).toEqual([]);
    expect(codes('x7#Qp2!vLm9z')).toEqual([]);
  });

  it('refuses blank and short passwords (counted in characters, not bytes)', () => {
    expect(codes('')).toEqual(['blank']);
    expect(codes('Tr0ub4dor')).toEqual(['password_too_short']);
    expect(codes('ÿÿÿÿÿÿÿÿÿ')).toEqual(['password_too_short']); // 9 characters, 18 bytes
    expect(codes('x'.repeat(4097))).toContain('password_too_long');
  });

  it('refuses passwords like the username, the address or its local part, the full name', () => {
    expect(codes('marie.curie2024', { username: 'marie-curie' })).toEqual(['password_too_similar']);
    expect(codes('Marie_Curie', { username: 'x', email: 'marie.curie@lab.example' })).toEqual(['password_too_similar']);
    expect(codes('radium-and-polonium', { fullName: 'Radium and Polonium' })).toEqual(['password_too_similar']);
    expect(checkPassword('marie.curie2024', { username: 'mariecurie' })[0]!.detail).toBe('The password is too similar to the username.');
    // A short attribute is not searched for inside a password (every password contains some two-letter name).
    expect(codes('an unrelated sentence', { username: 'an' })).toEqual([]);
  });

  it('refuses common passwords from the shipped list, in any case, and all-digit ones', () => {
    expect(codes('password123')).toEqual(['password_too_common']);
    expect(codes('Qwertyuiop')).toEqual(['password_too_common']);
    expect(codes('Sunshine2024')).toEqual(['password_too_common']);
    expect(codes('1234567890')).toEqual(['password_too_common']);
    expect(codes('9081726354')).toEqual(['password_entirely_numeric']);
  });
});
