// Two-factor authentication: enrolling and removing an authenticator app (TOTP) and security keys (WebAuthn), recovery codes, and the second step of a sign-in.
import crypto from 'node:crypto';
import { msgid } from '../../shared/msgid.js';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Db, Executor } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import type { Actor } from '../../auth/actor.js';
import {
  authenticationOptions,
  registrationOptions,
  SecondFactorCrypto,
  verifiedAssertion,
  verifiedRegistration,
  type RelyingParty,
  type StoredCredential,
} from '../../auth/second-factor.js';
import {
  challengeOf,
  claimTotpStep,
  deleteChallenge,
  deleteChallengesOfUser,
  deleteSecondFactorsOfUser,
  deleteTotp,
  deleteWebauthn,
  enforcementOfUser,
  insertChallenge,
  insertWebauthn,
  putUnconfirmedTotp,
  registrationOf,
  refreshHas2fa,
  replaceRecoveryCodes,
  setChallenge,
  setLast2fa,
  spendRecoveryCode,
  totpOf,
  unusedRecoveryCodes,
  useWebauthn,
  webauthnOf,
} from '../../db/two-factor.repository.js';
import { userById } from '../../db/users.repository.js';
import { nowIso } from '../../shared/clock.js';
import { sha256Hex } from '../../shared/hashing.js';
import { NotAuthenticatedError, NotFoundError, ValidationError } from '../../shared/errors.js';
import { recordAudit } from '../accounts/audit-log.js';

/** How long a sign-in whose password proved right waits for its second factor. */
export const PENDING_LOGIN_SECONDS = 300;
/** How long a security key registration may take between its options and its answer. */
const REGISTRATION_SECONDS = 300;

export const WRONG_CODE = 'The code is not valid, or was already used.';
export const WRONG_KEY = 'The security key could not be verified.';
export const LOGIN_EXPIRED = 'The sign-in has expired or was already completed; sign in again.';

export type SecondFactorMethod = 'totp' | 'webauthn' | 'recovery';

export interface SecondFactorStatus {
  totp: boolean;
  /** An authenticator app enrolment that was started and not yet confirmed with a code. */
  totp_pending: boolean;
  webauthn: { id: number; name: string; created: string; last_used: string | null }[];
  recovery_codes: number;
  last_2fa: string | null;
  /** Teams of the user and projects of those teams that require a second factor (enforced_2fa). */
  required_by: { teams: string[]; projects: { name: string; slug: string }[] };
}

export interface TotpEnrolment {
  secret: string;
  uri: string;
  qr_svg: string;
}

/** What completing a second factor gives back: recovery codes when a first factor was enrolled (shown once). */
export interface Enrolled {
  recovery_codes: string[] | null;
}

export interface SecondFactorInput {
  code?: string;
  webauthn?: AuthenticationResponseJSON;
}

function later(now: string, seconds: number): string {
  return new Date(Date.parse(now) + seconds * 1000).toISOString();
}

function storedCredential(row: { credential_id: string; public_key: string; counter: number | string; transports: string }): StoredCredential {
  return { credentialId: row.credential_id, publicKey: row.public_key, counter: Number(row.counter), transports: JSON.parse(row.transports) as string[] };
}

export class TwoFactorService {
  readonly crypto: SecondFactorCrypto;

  constructor(
    private readonly db: Db,
    secretKey: string,
    /** The issuer an authenticator app shows beside the account (the site's host name). */
    private readonly issuer: string,
  ) {
    this.crypto = new SecondFactorCrypto(secretKey);
  }

  async status(user: UserRow): Promise<SecondFactorStatus> {
    const [totp, keys, codes, fresh, required] = await Promise.all([
      totpOf(this.db, user.id),
      webauthnOf(this.db, user.id),
      unusedRecoveryCodes(this.db, user.id),
      userById(this.db, user.id),
      enforcementOfUser(this.db, user.id),
    ]);
    return {
      totp: totp?.confirmed === 1,
      totp_pending: totp !== undefined && totp.confirmed === 0,
      webauthn: keys.map((k) => ({ id: k.id, name: k.name, created: k.created, last_used: k.last_used })),
      recovery_codes: codes,
      last_2fa: fresh?.last_2fa ?? null,
      required_by: required,
    };
  }

  /** Which second factors the user can sign in with. */
  async methods(userId: number): Promise<SecondFactorMethod[]> {
    const [totp, keys, codes] = await Promise.all([totpOf(this.db, userId), webauthnOf(this.db, userId), unusedRecoveryCodes(this.db, userId)]);
    const out: SecondFactorMethod[] = [];
    if (totp?.confirmed === 1) out.push('totp');
    if (keys.length) out.push('webauthn');
    if (codes > 0) out.push('recovery');
    return out;
  }

  private async enrolment(user: UserRow, secret: string): Promise<TotpEnrolment> {
    const uri = this.crypto.totpUri(secret, this.issuer, user.username);
    return { secret, uri, qr_svg: await this.crypto.qrSvg(uri) };
  }

  /** Starts an authenticator app enrolment with a new secret; confirmTotp() finishes it. */
  async startTotp(user: UserRow): Promise<TotpEnrolment> {
    const existing = await totpOf(this.db, user.id);
    if (existing?.confirmed === 1) throw ValidationError.field(null, 'An authenticator app is already set up; remove it first.', 'already_enrolled');
    const secret = this.crypto.newTotpSecret();
    await putUnconfirmedTotp(this.db, user.id, this.crypto.seal(secret), nowIso());
    return this.enrolment(user, secret);
  }

  /** The enrolment under way, shown again until a code confirms it (never after). */
  async pendingTotp(user: UserRow): Promise<TotpEnrolment | null> {
    const row = await totpOf(this.db, user.id);
    if (!row || row.confirmed === 1) return null;
    return this.enrolment(user, this.crypto.unseal(row.secret));
  }

  async confirmTotp(actor: Actor, user: UserRow, code: string): Promise<Enrolled> {
    const row = await totpOf(this.db, user.id);
    if (!row || row.confirmed === 1) throw ValidationError.field(null, 'There is no authenticator app set-up to confirm; start again.', 'no_enrolment');
    const step = await this.crypto.totpStep(this.crypto.unseal(row.secret), code.trim(), row.last_step);
    if (step === null) throw ValidationError.field('code', WRONG_CODE, 'invalid_code');
    return this.db.transaction().execute(async (tx) => {
      if (!(await claimTotpStep(tx, user.id, step))) throw ValidationError.field('code', WRONG_CODE, 'invalid_code');
      await recordAudit(tx, actor, '2fa.added', { userId: user.id, details: { method: 'totp' } });
      return this.afterEnrolment(tx, actor, user);
    });
  }

  /** A first factor brings recovery codes (unless unused ones are left) and turns has_2fa on. */
  private async afterEnrolment(tx: Executor, actor: Actor, user: UserRow): Promise<Enrolled> {
    await refreshHas2fa(tx, user.id);
    if ((await unusedRecoveryCodes(tx, user.id)) > 0) return { recovery_codes: null };
    return { recovery_codes: await this.writeRecoveryCodes(tx, actor, user) };
  }

  private async writeRecoveryCodes(tx: Executor, actor: Actor, user: UserRow): Promise<string[]> {
    const codes = this.crypto.newRecoveryCodes();
    await replaceRecoveryCodes(tx, user.id, codes.map((c) => this.crypto.recoveryHash(c)));
    await recordAudit(tx, actor, '2fa.recovery-generated', { userId: user.id, details: { count: codes.length } });
    return codes;
  }

  async removeTotp(actor: Actor, user: UserRow): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const row = await totpOf(tx, user.id);
      if (!row) throw new NotFoundError(msgid('No authenticator app is set up.'));
      await deleteTotp(tx, user.id);
      if (row.confirmed === 1) await recordAudit(tx, actor, '2fa.removed', { userId: user.id, details: { method: 'totp' } });
      await this.afterRemoval(tx, user);
    });
  }

  /** Without a factor left, the recovery codes go too: they are a way around a factor, not one of their own. */
  private async afterRemoval(tx: Executor, user: UserRow): Promise<void> {
    if (!(await refreshHas2fa(tx, user.id))) await replaceRecoveryCodes(tx, user.id, []);
  }

  async regenerateRecoveryCodes(actor: Actor, user: UserRow): Promise<string[]> {
    return this.db.transaction().execute(async (tx) => {
      if (!(await refreshHas2fa(tx, user.id))) throw ValidationError.field(null, 'Set up an authenticator app or a security key first.', 'no_second_factor');
      return this.writeRecoveryCodes(tx, actor, user);
    });
  }

  /** Options for navigator.credentials.create(); the challenge is kept for registerWebauthn(). */
  async webauthnRegistrationOptions(user: UserRow, rp: RelyingParty) {
    const keys = await webauthnOf(this.db, user.id);
    const options = await registrationOptions(rp, { id: user.id, username: user.username, displayName: user.full_name || user.username }, keys.map(storedCredential));
    const now = nowIso();
    await this.db.transaction().execute(async (tx) => {
      await deleteChallengesOfUser(tx, user.id, 'register');
      await insertChallenge(tx, { id: sha256Hex(`register:${crypto.randomBytes(16).toString('hex')}`), user_id: user.id, purpose: 'register', challenge: options.challenge, created: now, expires: later(now, REGISTRATION_SECONDS) });
    });
    return options;
  }

  async registerWebauthn(actor: Actor, user: UserRow, rp: RelyingParty, name: string, response: RegistrationResponseJSON): Promise<Enrolled & { id: number; name: string }> {
    const label = name.trim().slice(0, 100) || 'Security key';
    const clientChallenge = challengeOfClientData(response.response?.clientDataJSON);
    const pending = await this.registrationChallenge(user.id, clientChallenge);
    if (!pending) throw ValidationError.field('credential', msgid('The registration has expired; start again.'), 'expired');
    const credential = await verifiedRegistration(rp, response, pending.challenge);
    if (!credential) throw ValidationError.field('credential', WRONG_KEY, 'invalid_credential');
    return this.db.transaction().execute(async (tx) => {
      if (!(await deleteChallenge(tx, pending.id))) throw ValidationError.field('credential', msgid('The registration has expired; start again.'), 'expired');
      const id = await insertWebauthn(tx, {
        user_id: user.id,
        credential_id: credential.credentialId,
        public_key: credential.publicKey,
        counter: credential.counter,
        transports: JSON.stringify(credential.transports),
        name: label,
        created: nowIso(),
      });
      await recordAudit(tx, actor, '2fa.added', { userId: user.id, details: { method: 'webauthn', name: label } });
      return { id, name: label, ...(await this.afterEnrolment(tx, actor, user)) };
    });
  }

  /** The user's registration under way when the response answers its challenge. */
  private async registrationChallenge(userId: number, challenge: string | null): Promise<{ id: string; challenge: string } | null> {
    if (!challenge) return null;
    const row = await registrationOf(this.db, userId, nowIso());
    return row?.challenge === challenge ? { id: row.id, challenge } : null;
  }

  async removeWebauthn(actor: Actor, user: UserRow, id: number): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const key = (await webauthnOf(tx, user.id)).find((k) => k.id === id);
      if (!key || (await deleteWebauthn(tx, user.id, id)) === 0) throw new NotFoundError(msgid('No such security key.'));
      await recordAudit(tx, actor, '2fa.removed', { userId: user.id, details: { method: 'webauthn', name: key.name } });
      await this.afterRemoval(tx, user);
    });
  }

  /**
   * Removes every second factor of the user (an operator's way back in for someone who lost them and
   * their recovery codes); false when the user had none.
   */
  async resetUser(userId: number, by: string): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      // One after the other: a transaction is one connection, which runs one query at a time.
      const totp = await totpOf(tx, userId);
      const keys = await webauthnOf(tx, userId);
      const codes = await unusedRecoveryCodes(tx, userId);
      if (!totp && keys.length === 0 && codes === 0) return false;
      await deleteSecondFactorsOfUser(tx, userId);
      await recordAudit(tx, null, '2fa.removed', { userId, details: { method: 'all', by } });
      return true;
    });
  }

  // ---------------------------------------------------------------- sign-in

  /** A sign-in whose password proved right: the token that stands for it until the second factor (only its hash is stored). */
  async beginLogin(userId: number): Promise<string> {
    const token = crypto.randomBytes(32).toString('base64url');
    const now = nowIso();
    await insertChallenge(this.db, { id: sha256Hex(token), user_id: userId, purpose: 'login', challenge: null, created: now, expires: later(now, PENDING_LOGIN_SECONDS) });
    return token;
  }

  /** The user a pending sign-in belongs to, or null when the token is unknown or expired. */
  async pendingUser(token: string): Promise<UserRow | null> {
    if (!token || token.length > 200) return null;
    const row = await challengeOf(this.db, sha256Hex(token), 'login', nowIso());
    if (!row) return null;
    const user = await userById(this.db, row.user_id);
    return user && user.is_active === 1 ? user : null;
  }

  /** Options for navigator.credentials.get() during a pending sign-in. */
  async loginWebauthnOptions(token: string, rp: RelyingParty) {
    const user = await this.pendingUser(token);
    if (!user) throw new NotAuthenticatedError(LOGIN_EXPIRED);
    const keys = await webauthnOf(this.db, user.id);
    if (!keys.length) throw ValidationError.field(null, 'No security key is registered for this account.', 'no_security_key');
    const options = await authenticationOptions(rp, keys.map(storedCredential));
    await setChallenge(this.db, sha256Hex(token), options.challenge);
    return options;
  }

  /**
   * Checks the second factor of a pending sign-in and ends it: the user on success (the caller starts
   * the session), a validation error otherwise. A code is a TOTP code or a recovery code (by its shape).
   */
  async completeLogin(token: string, input: SecondFactorInput, rp: RelyingParty): Promise<{ user: UserRow; method: SecondFactorMethod }> {
    const id = sha256Hex(token || '-');
    const pending = token && token.length <= 200 ? await challengeOf(this.db, id, 'login', nowIso()) : undefined;
    const user = pending ? await userById(this.db, pending.user_id) : undefined;
    if (!pending || !user || user.is_active !== 1) throw new NotAuthenticatedError(LOGIN_EXPIRED);
    const method = await this.check(user, pending.challenge, input, rp);
    const now = nowIso();
    const done = await this.db.transaction().execute(async (tx) => {
      if (!(await deleteChallenge(tx, id))) return false;
      await setLast2fa(tx, user.id, now);
      return true;
    });
    if (!done) throw new NotAuthenticatedError(LOGIN_EXPIRED);
    return { user, method };
  }

  private async check(user: UserRow, challenge: string | null, input: SecondFactorInput, rp: RelyingParty): Promise<SecondFactorMethod> {
    if (input.webauthn) {
      const keys = await webauthnOf(this.db, user.id);
      const key = keys.find((k) => k.credential_id === input.webauthn!.id);
      if (!key || !challenge) throw ValidationError.field('webauthn', WRONG_KEY, 'invalid_credential');
      const counter = await verifiedAssertion(rp, input.webauthn, challenge, storedCredential(key));
      if (counter === null) throw ValidationError.field('webauthn', WRONG_KEY, 'invalid_credential');
      await useWebauthn(this.db, key.id, counter, nowIso());
      return 'webauthn';
    }
    const code = (input.code ?? '').trim();
    if (!code) throw ValidationError.field('code', msgid('This field is required.'), 'required');
    if (this.crypto.looksLikeRecoveryCode(code)) {
      const remaining = await this.db.transaction().execute(async (tx) => {
        if (!(await spendRecoveryCode(tx, user.id, this.crypto.recoveryHash(code), nowIso()))) return null;
        const left = await unusedRecoveryCodes(tx, user.id);
        await recordAudit(tx, { user, authenticated: true, isSuperuser: false }, '2fa.recovery-used', { userId: user.id, details: { remaining: left } });
        return left;
      });
      if (remaining === null) throw ValidationError.field('code', WRONG_CODE, 'invalid_code');
      return 'recovery';
    }
    const totp = await totpOf(this.db, user.id);
    const step = totp?.confirmed === 1 ? await this.crypto.totpStep(this.crypto.unseal(totp.secret), code, totp.last_step) : null;
    if (step === null || !(await claimTotpStep(this.db, user.id, step))) throw ValidationError.field('code', WRONG_CODE, 'invalid_code');
    return 'totp';
  }

  /** A wrong second factor, and the locks it started, in the user's audit log. */
  async recordFailure(userId: number, address: string, method: string, lockouts: readonly { scope: 'account' | 'address'; seconds: number }[]): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await recordAudit(tx, null, '2fa.failed', { userId, details: { address, method } });
      for (const { scope, seconds } of lockouts) await recordAudit(tx, null, '2fa.locked', { userId, details: { scope, address, seconds } });
    });
  }
}

/** The challenge a WebAuthn response's client data names (base64url), or null when it cannot be read. */
function challengeOfClientData(clientDataJSON: unknown): string | null {
  if (typeof clientDataJSON !== 'string') return null;
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' ? data.challenge : null;
  } catch {
    return null;
  }
}
