// Browser sessions: password login, the session cookie's token (only its SHA-256 is stored), sliding expiry, CSRF tokens.
import crypto from 'node:crypto';
import type { Db } from '../db/database.js';
import type { SessionRow, UserRow } from '../db/schema.js';
import { nowIso } from '../shared/clock.js';
import { sha256Hex } from '../shared/hashing.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { accountCandidates, setLastLogin } from '../db/users.repository.js';
import { deleteExpiredSessions, deleteOtherSessionsOfUser, deleteSession, deleteSessionsOfUser, insertSession, renewSession, sessionsOfUser, sessionWithUser } from '../db/sessions.repository.js';

export const SESSION_COOKIE = 'parla_session';

/** A session is renewed (expiry pushed out, cookie re-sent) at most this often, not on every request. */
const RENEW_AFTER_MS = 60_000;
const CSRF_BYTES = 32;

export interface ActiveSession {
  session: SessionRow;
  user: UserRow;
  /** True when this lookup pushed the expiry out: the cookie should be sent again with the new lifetime. */
  renewed: boolean;
  /** The interface language the user chose in the profile ('' for none). */
  interfaceLanguage: string;
}

function addSeconds(iso: string, seconds: number): string {
  return new Date(Date.parse(iso) + seconds * 1000).toISOString();
}

function usable(user: UserRow, now: string): boolean {
  return user.is_active === 1 && !(user.date_expires && user.date_expires < now);
}

export class SessionsService {
  /** Verified against when the user is unknown or has no password, so every failed login costs one scrypt. */
  private readonly dummyHash: Promise<string> = hashPassword(crypto.randomBytes(16).toString('hex'));

  constructor(
    private readonly db: Db,
    private readonly secretKey: string,
    /** Seconds a session lives after its last use. */
    readonly maxAge: number,
  ) {}

  /**
   * The active user with this username (or, failing that, this unique e-mail address) and password, or null.
   * Costs one scrypt whether or not the user exists, so timing does not tell which usernames are taken.
   */
  async verifyCredentials(login: string, password: string): Promise<UserRow | null> {
    const user = await this.findAccount(login);
    const stored = user?.password ?? (await this.dummyHash);
    const ok = await verifyPassword(password, stored);
    if (!ok || !user || !user.password || !usable(user, nowIso())) return null;
    return user;
  }

  /** The user a sign-in name designates: this username or, failing that, this unique e-mail address. */
  async findAccount(login: string): Promise<UserRow | undefined> {
    const candidates = await accountCandidates(this.db, login);
    const byName = candidates.find((u) => u.username === login);
    const byEmail = candidates.filter((u) => u.email.toLowerCase() === login.toLowerCase());
    return byName ?? (byEmail.length === 1 ? byEmail[0] : undefined);
  }

  /** A new session for the user; `previousToken` (the caller's old cookie, if any) is ended: no session fixation. */
  async create(userId: number, previousToken?: string | null): Promise<{ token: string; session: SessionRow }> {
    const token = crypto.randomBytes(32).toString('base64url');
    const now = nowIso();
    const session: SessionRow = {
      id: sha256Hex(token),
      user_id: userId,
      csrf_secret: crypto.randomBytes(CSRF_BYTES).toString('base64url'),
      created: now,
      last_seen: now,
      expires: addSeconds(now, this.maxAge),
    };
    await this.db.transaction().execute(async (tx) => {
      if (previousToken) await deleteSession(tx, sha256Hex(previousToken));
      await deleteExpiredSessions(tx, now);
      await insertSession(tx, session);
      await setLastLogin(tx, userId, now);
    });
    return { token, session };
  }

  /** The live session behind a cookie value and its (still active) user, or null. Slides the expiry forward. */
  async authenticate(token: string): Promise<ActiveSession | null> {
    if (!token || token.length > 200) return null;
    const row = await sessionWithUser(this.db, sha256Hex(token));
    if (!row) return null;
    const { s_id, s_csrf_secret, s_created, s_last_seen, s_expires, p_language, ...user } = row;
    const now = nowIso();
    if (s_expires <= now) {
      await deleteSession(this.db, s_id);
      return null;
    }
    if (!usable(user as UserRow, now)) return null;
    const session: SessionRow = { id: s_id, user_id: user.id, csrf_secret: s_csrf_secret, created: s_created, last_seen: s_last_seen, expires: s_expires };
    let renewed = false;
    if (Date.parse(now) - Date.parse(s_last_seen) >= RENEW_AFTER_MS) {
      session.last_seen = now;
      session.expires = addSeconds(now, this.maxAge);
      await renewSession(this.db, s_id, session.last_seen, session.expires);
      renewed = true;
    }
    return { session, user: user as UserRow, renewed, interfaceLanguage: p_language ?? '' };
  }

  async destroy(token: string): Promise<void> {
    await deleteSession(this.db, sha256Hex(token));
  }

  async destroyForUser(userId: number): Promise<void> {
    await deleteSessionsOfUser(this.db, userId);
  }

  /** The user's live sessions (newest use first); `current` marks the one with this id. */
  async listForUser(userId: number, currentId: string | null): Promise<{ created: string; last_seen: string; expires: string; current: boolean }[]> {
    return (await sessionsOfUser(this.db, userId, nowIso())).map((s) => ({ created: s.created, last_seen: s.last_seen, expires: s.expires, current: s.id === currentId }));
  }

  /** Ends the user's other sessions, keeping `keepId` (the caller's own). */
  async destroyOthers(userId: number, keepId: string): Promise<void> {
    await deleteOtherSessionsOfUser(this.db, userId, keepId);
  }

  /** The key a CSRF token must carry: keyed with the site secret, so a database dump alone cannot forge tokens. */
  private csrfKey(session: SessionRow): Buffer {
    return crypto.createHmac('sha256', this.secretKey).update(`parla.csrf:${session.csrf_secret}`).digest();
  }

  /** A CSRF token for the session, masked afresh on every call (as Django does) so responses never repeat it. */
  csrfToken(session: SessionRow): string {
    const key = this.csrfKey(session);
    const mask = crypto.randomBytes(key.length);
    const masked = Buffer.alloc(key.length);
    for (let i = 0; i < key.length; i++) masked[i] = key[i] ^ mask[i];
    return Buffer.concat([mask, masked]).toString('base64url');
  }

  /** Whether `supplied` is a token issued by csrfToken() for this session; compared in constant time. */
  checkCsrf(session: SessionRow, supplied: string | undefined): boolean {
    if (!supplied) return false;
    const key = this.csrfKey(session);
    const raw = Buffer.from(supplied, 'base64url');
    if (raw.length !== 2 * key.length) return false;
    const unmasked = Buffer.alloc(key.length);
    for (let i = 0; i < key.length; i++) unmasked[i] = raw[i] ^ raw[key.length + i];
    return crypto.timingSafeEqual(unmasked, key);
  }
}
