// Second-factor primitives without storage: TOTP secrets (RFC 6238, otplib) sealed with a key derived from the site secret, recovery codes and their keyed hashes, WebAuthn ceremonies (@simplewebauthn/server).
import crypto from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';

/** Codes of the step before and after the current one are accepted too (clocks drift; typing takes time). */
const TOTP_TOLERANCE_SECONDS = 30;
const RECOVERY_CODES = 10;
/** Letters and digits that cannot be mistaken for one another when copied by hand. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export class SecondFactorCrypto {
  private readonly sealKey: Buffer;
  private readonly hashKey: Buffer;

  constructor(secretKey: string) {
    // Separate keys per use, so that neither can stand in for the other or for the session keys.
    this.sealKey = crypto.createHmac('sha256', secretKey).update('parla.2fa.totp-seal').digest();
    this.hashKey = crypto.createHmac('sha256', secretKey).update('parla.2fa.recovery-hash').digest();
  }

  newTotpSecret(): string {
    return generateSecret({ length: 20 });
  }

  /** The secret encrypted (AES-256-GCM) for storage: a database dump alone does not reveal it. */
  seal(secret: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.sealKey, iv);
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return `v1.${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${body.toString('base64url')}`;
  }

  unseal(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unknown TOTP secret format');
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.sealKey, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** The time step the code belongs to when it is right for the secret and newer than `afterStep`; null otherwise. */
  async totpStep(secret: string, code: string, afterStep: number): Promise<number | null> {
    if (!/^\d{6}$/.test(code)) return null;
    const result = await verify({ secret, token: code, epochTolerance: TOTP_TOLERANCE_SECONDS, afterTimeStep: afterStep > 0 ? afterStep : undefined });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }

  totpUri(secret: string, issuer: string, label: string): string {
    return generateURI({ issuer, label, secret });
  }

  /** The enrolment QR code as an SVG document (rendered here, so the secret never leaves the site). */
  qrSvg(uri: string): Promise<string> {
    return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  }

  newRecoveryCodes(): string[] {
    return Array.from({ length: RECOVERY_CODES }, () => {
      const bytes = crypto.randomBytes(10);
      const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
      return `${chars.slice(0, 5)}-${chars.slice(5)}`;
    });
  }

  /** Whether the text has the shape of a recovery code (rather than a six-digit TOTP code). */
  looksLikeRecoveryCode(text: string): boolean {
    return /^[a-z0-9]{5}-?[a-z0-9]{5}$/i.test(text.trim());
  }

  /** The keyed hash a recovery code is stored as; spaces, the dash and case do not matter. */
  recoveryHash(code: string): string {
    const normal = code.toLowerCase().replace(/[\s-]/g, '');
    return crypto.createHmac('sha256', this.hashKey).update(normal).digest('hex');
  }
}

/** Where WebAuthn ceremonies happen: the relying party id (host name) and the origin browsers report. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export interface StoredCredential {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

export function registrationOptions(rp: RelyingParty, user: { id: number; username: string; displayName: string }, exclude: StoredCredential[]): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.username,
    userDisplayName: user.displayName,
    userID: new TextEncoder().encode(`parla-user-${user.id}`),
    attestationType: 'none',
    excludeCredentials: exclude.map((c) => ({ id: c.credentialId, transports: c.transports })),
    authenticatorSelection: { residentKey: 'discouraged', userVerification: 'discouraged' },
  });
}

/** The new credential when the response answers `challenge` for this relying party; null when it does not. */
export async function verifiedRegistration(rp: RelyingParty, response: RegistrationResponseJSON, challenge: string): Promise<StoredCredential | null> {
  try {
    const result = await verifyRegistrationResponse({ response, expectedChallenge: challenge, expectedOrigin: rp.origin, expectedRPID: rp.id, requireUserVerification: false });
    if (!result.verified) return null;
    const c = result.registrationInfo.credential;
    return { credentialId: c.id, publicKey: Buffer.from(c.publicKey).toString('base64url'), counter: c.counter, transports: c.transports ?? [] };
  } catch {
    return null;
  }
}

export function authenticationOptions(rp: RelyingParty, allow: StoredCredential[]): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({ rpID: rp.id, allowCredentials: allow.map((c) => ({ id: c.credentialId, transports: c.transports })), userVerification: 'discouraged' });
}

/** The credential's new signature counter when the assertion is valid for it; null otherwise. */
export async function verifiedAssertion(rp: RelyingParty, response: AuthenticationResponseJSON, challenge: string, credential: StoredCredential): Promise<number | null> {
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: credential.credentialId, publicKey: new Uint8Array(Buffer.from(credential.publicKey, 'base64url')), counter: credential.counter, transports: credential.transports as never },
      requireUserVerification: false,
    });
    return result.verified ? result.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}
