// Single sign-on with OpenID Connect: sending a sign-in to the provider, and taking it back — which account the identity is (linked, matched by verified e-mail, or new), who may not sign in, and the audit entries of both.
import crypto from 'node:crypto';
import type { OidcConfig } from '../../config.js';
import type { Db, Executor } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { userById } from '../../db/users.repository.js';
import { identitiesOfUser, identityBySubject, insertIdentity, insertOidcRequest, takeOidcRequest, touchIdentity, usersByEmail } from '../../db/user-identities.repository.js';
import { OidcResponseError, OidcUnavailableError, type OidcClaims, type OidcClient } from '../../auth/oidc.js';
import { nowIso } from '../../shared/clock.js';
import { sha256Hex } from '../../shared/hashing.js';
import { recordAudit } from '../accounts/audit-log.js';
import { USERNAME_PATTERN, type UsersService } from '../accounts/users.service.js';

/** Seconds a sign-in may spend at the provider before its callback is refused. */
const REQUEST_LIFETIME = 600;

export type SsoFailure = 'state' | 'denied' | 'invalid' | 'unavailable' | 'email' | 'domain' | 'no_account' | 'inactive' | 'conflict';

/** A sign-in that did not happen, with the reason shown to the person and recorded in the audit log. */
export class SsoRefusedError extends Error {
  constructor(
    readonly reason: SsoFailure,
    message: string,
    readonly userId: number | null = null,
    /** Who the provider said it was (subject, e-mail address), once known. */
    readonly identity: { subject?: string; email?: string } = {},
  ) {
    super(message);
  }

  /** The HTTP status of the page that explains it. */
  get status(): number {
    if (this.reason === 'unavailable') return 503;
    return this.reason === 'state' || this.reason === 'invalid' ? 400 : 403;
  }
}

/** Where a sign-in comes from, for the audit log. */
export interface SignInOrigin {
  address: string;
  userAgent: string;
}

export interface SsoCallback {
  /** The redirect URI the sign-in was started with. */
  redirectUri: string;
  /** The callback's query string as the browser sent it (without "?"). */
  query: string;
  /** The state the provider sent back, and the one this browser's cookie holds. */
  state: string | null;
  cookieState: string | null;
}

const STATE_MESSAGE = 'This sign-in does not match one started in this browser: it is missing, has expired or was already used. Start again from the sign-in page.';

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(sha256Hex(a), 'hex');
  const y = Buffer.from(sha256Hex(b), 'hex');
  return crypto.timingSafeEqual(x, y);
}

/** A boolean claim; a few providers send it as a string or a number. */
function isTrue(value: unknown): boolean {
  return value === true || value === 'true' || value === 1 || value === '1';
}

/**
 * Whether the provider vouches for the e-mail address: `email_verified`, or, from Microsoft Entra, which
 * sends no `email_verified`, its optional `xms_edov` claim (the owner of the address's domain verified it).
 */
function emailVerified(claims: OidcClaims): boolean {
  return claims.email_verified === undefined ? isTrue(claims.xms_edov) : isTrue(claims.email_verified);
}

function usable(user: UserRow, now: string): boolean {
  return user.is_active === 1 && user.is_bot === 0 && !(user.date_expires && user.date_expires < now);
}

/** A valid username from a claim value: letters without accents, other characters as "_", at most 140 characters (room for a suffix). */
function usernameBase(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w.@+-]+/g, '_')
    .replace(/^[_.]+|[_.]+$/g, '')
    .slice(0, 140);
}

export class SingleSignOnService {
  constructor(
    private readonly db: Db,
    private readonly users: UsersService,
    private readonly settings: OidcConfig | null,
    private readonly client: OidcClient | null,
  ) {}

  /** The provider's name for the sign-in button, or null when single sign-on is not configured. */
  get providerName(): string | null {
    return this.settings?.name ?? null;
  }

  private configured(): { settings: OidcConfig; client: OidcClient } {
    if (!this.settings || !this.client) throw new Error('single sign-on is not configured');
    return { settings: this.settings, client: this.client };
  }

  /** Starts a sign-in: where to send the browser, and the state its cookie keeps until the provider sends it back. */
  async start(redirectUri: string, next: string): Promise<{ url: string; state: string }> {
    const { client } = this.configured();
    let request;
    try {
      request = await client.authorize(redirectUri);
    } catch (e) {
      if (e instanceof OidcUnavailableError) throw new SsoRefusedError('unavailable', e.message);
      throw e;
    }
    const now = nowIso();
    const expires = new Date(Date.parse(now) + REQUEST_LIFETIME * 1000).toISOString();
    await insertOidcRequest(this.db, { id: sha256Hex(request.state), nonce: request.nonce, code_verifier: request.codeVerifier, next, expires }, now);
    return { url: request.url, state: request.state };
  }

  /**
   * Finishes a sign-in from the provider's callback: the account signed in and where to go next. Any
   * refusal is an SsoRefusedError, recorded in the audit log with the origin of the attempt.
   */
  async finish(callback: SsoCallback, origin: SignInOrigin): Promise<{ user: UserRow; next: string }> {
    const { settings } = this.configured();
    const audit = { issuer: settings.issuer, address: origin.address, user_agent: origin.userAgent };
    try {
      return await this.complete(callback, audit);
    } catch (e) {
      if (!(e instanceof SsoRefusedError)) throw e;
      await recordAudit(this.db, null, 'login.sso-failed', { userId: e.userId, details: { ...audit, ...e.identity, reason: e.reason, detail: e.message } });
      throw e;
    }
  }

  private async complete(callback: SsoCallback, audit: Record<string, string>): Promise<{ user: UserRow; next: string }> {
    const { settings, client } = this.configured();
    // The state must come back to the browser that started the sign-in (no login CSRF), and only once.
    if (!callback.state || !callback.cookieState || !sameSecret(callback.state, callback.cookieState)) throw new SsoRefusedError('state', STATE_MESSAGE);
    const pending = await takeOidcRequest(this.db, sha256Hex(callback.state));
    if (!pending || pending.expires < nowIso()) throw new SsoRefusedError('state', STATE_MESSAGE);

    let claims: OidcClaims;
    try {
      const url = new URL(callback.redirectUri);
      url.search = callback.query;
      const wanted = ['email', 'email_verified', settings.usernameClaim, settings.nameClaim];
      claims = await client.finish(url, { state: callback.state, nonce: pending.nonce, codeVerifier: pending.code_verifier }, wanted);
    } catch (e) {
      if (e instanceof OidcResponseError) throw new SsoRefusedError(e.reason, e.message);
      if (e instanceof OidcUnavailableError) throw new SsoRefusedError('unavailable', e.message);
      throw e;
    }

    const email = typeof claims.email === 'string' ? claims.email.trim() : '';
    if (!email.includes('@') || !emailVerified(claims)) {
      throw new SsoRefusedError('email', 'The sign-in provider did not confirm an e-mail address for this account, and an account here needs one.', null, { subject: claims.sub, email });
    }
    const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
    if (settings.allowedDomains.length && !settings.allowedDomains.includes(domain)) {
      throw new SsoRefusedError('domain', `Accounts with e-mail addresses at ${domain} may not sign in here.`, null, { subject: claims.sub, email });
    }
    const identity = { issuer: claims.iss, subject: claims.sub, email };
    const user = await this.db.transaction().execute(async (tx) => {
      const user = await this.accountOf(tx, settings, identity, claims);
      await recordAudit(tx, null, 'login.sso', { userId: user.id, details: audit });
      return user;
    });
    return { user, next: pending.next };
  }

  /** The account of an identity: the one linked to it, else the one with its verified e-mail address (linked now), else a new one when allowed. */
  private async accountOf(tx: Executor, settings: OidcConfig, identity: { issuer: string; subject: string; email: string }, claims: OidcClaims): Promise<UserRow> {
    const now = nowIso();
    const about = { subject: identity.subject, email: identity.email };
    const linked = await identityBySubject(tx, identity.issuer, identity.subject);
    if (linked) {
      const user = await userById(tx, linked.user_id);
      if (!user || !usable(user, now)) throw new SsoRefusedError('inactive', 'This account is inactive.', user?.id ?? null, about);
      await touchIdentity(tx, linked.id, identity.email, now);
      return user;
    }
    const link = async (user: UserRow, how: 'email' | 'created') => {
      await insertIdentity(tx, { user_id: user.id, ...identity, created: now, last_login: now });
      await recordAudit(tx, null, 'user.sso-linked', { userId: user.id, details: { ...identity, linked_by: how } });
    };
    const matches = (await usersByEmail(tx, identity.email)).filter((u) => u.is_bot === 0);
    if (matches.length > 1) {
      throw new SsoRefusedError('conflict', 'Several accounts here have this e-mail address, so the sign-in cannot tell which one is yours. Ask an administrator to sort it out.', null, about);
    }
    const [match] = matches;
    if (match) {
      if (!usable(match, now)) throw new SsoRefusedError('inactive', 'This account is inactive.', match.id, about);
      if ((await identitiesOfUser(tx, match.id, identity.issuer)).length) {
        throw new SsoRefusedError('conflict', 'The account with this e-mail address is linked to another identity at the sign-in provider.', match.id, about);
      }
      await link(match, 'email');
      return match;
    }
    if (!settings.createUsers) {
      throw new SsoRefusedError('no_account', 'There is no account here for this identity or its e-mail address, and accounts are not created at sign-in. Ask an administrator for one.', null, about);
    }
    const username = await this.freeUsername(tx, usernameBase(claims[settings.usernameClaim]) || usernameBase(identity.email.slice(0, identity.email.lastIndexOf('@'))) || 'user');
    const name = typeof claims[settings.nameClaim] === 'string' ? (claims[settings.nameClaim] as string).trim().slice(0, 150) : '';
    const user = await this.users.create({ username, email: identity.email, full_name: name || username }, tx);
    await link(user, 'created');
    return user;
  }

  /** `base`, or `base-2`, `base-3` … : the first name nobody has. */
  private async freeUsername(tx: Executor, base: string): Promise<string> {
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? base : `${base}-${n}`;
      if (USERNAME_PATTERN.test(candidate) && !(await this.users.findByUsername(tx, candidate))) return candidate;
    }
  }
}
