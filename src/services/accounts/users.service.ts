// Users and their API tokens: authentication, creation (createadmin), editing with the profile, anonymising deletion;
// the anonymous user's row is shown but never changed.
import type { Db, Executor } from '../../db/database.js';
import { msgid } from '../../shared/msgid.js';
import type { AuditLogRow, TranslationRow, UserRow } from '../../db/schema.js';
import { countListedTranslations, listedTranslationsPage } from '../../db/translations.repository.js';
import { usersByEmail } from '../../db/account-links.repository.js';
import { ReadCache } from '../../db/read-cache.js';
import { userActor, type Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import { generateToken, hashToken } from '../../auth/tokens.js';
import { hashPassword } from '../../auth/passwords.js';
import { nowIso } from '../../shared/clock.js';
import { joinAutomaticTeams } from './team-setup.js';
import { auditViews, recordAudit, userAuditLog, type AuditEntryView } from './audit-log.js';
import { createDefaults as createDefaultSubscriptions } from '../activity/notifications.service.js';
import { randomAlnum } from '../../shared/hashing.js';
import {
  anonymiseUser,
  countUsers,
  deletePersonalMemory,
  deleteSubscriptionsOfUser,
  insertUser,
  languageCountOfChanges,
  setUserPassword,
  updateUser,
  userByUsername,
  usernameTakenByOther,
  usersPage,
  type UserListFilter,
} from '../../db/users.repository.js';
import { deleteTokensOfUser, deleteUserToken, insertToken, userOfToken, userTokenCreated } from '../../db/tokens.repository.js';
import { deleteSessionsOfUser } from '../../db/sessions.repository.js';
import { deleteChallengesOfUser, deleteSecondFactorsOfUser } from '../../db/two-factor.repository.js';
import { deleteIdentitiesOfUser } from '../../db/user-identities.repository.js';
import { leaveAllTeams } from '../../db/teams.repository.js';
import { deleteProfile, profileRows } from '../../db/user-profiles.repository.js';
import { isAnonymousUser } from '../../domain/system-users.js';
import { loadProfiles, prepareProfile, writeProfile, type PreparedProfile, type ProfileView } from './users-profile.js';
import { CONTENT_ACTIONS } from '../../domain/change-actions.js';
import { AuthenticationFailedError, NotFoundError, PermissionDeniedError, ValidationError, type FieldError } from '../../shared/errors.js';

export const USERNAME_PATTERN = /^[\w.@+-]+$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface NewUserInput {
  username: string;
  email: string;
  full_name?: string;
  password?: string | null;
  is_superuser?: boolean;
  is_active?: boolean;
  is_bot?: boolean;
  /** Profile fields to set (see users-profile.ts). */
  profile?: Record<string, unknown>;
}

export interface UserPatch {
  username?: string;
  email?: string;
  full_name?: string;
  is_superuser?: boolean;
  is_active?: boolean;
  is_bot?: boolean;
  /** Profile fields to change; those not named keep their values. */
  profile?: Record<string, unknown>;
}

type TokenUser = UserRow & { token_expires: string | null };
/** A token's row with its actor, built once per read of the row rather than once per request. */
type TokenEntry = { row: TokenUser; actor: Actor };

/** The actor of a token's row; a missing row, an expired token or an inactive user fail authentication. */
function tokenActor(entry: TokenEntry | undefined): Actor {
  if (!entry) throw new AuthenticationFailedError('Invalid token.');
  const { row } = entry;
  // Most tokens and users never expire: no clock read for them.
  const now = row.token_expires || row.date_expires ? nowIso() : '';
  if (row.token_expires && row.token_expires < now) throw new AuthenticationFailedError('Invalid token.');
  if (!row.is_active || (row.date_expires && row.date_expires < now)) throw new AuthenticationFailedError('User inactive or deleted.');
  return entry.actor;
}

/** A full name given on create or update is what the user is shown as: null or blanks are refused, not stored. */
function checkFullName(errors: FieldError[], value: string | null | undefined): boolean {
  if (value === undefined) return false;
  if (value === null) errors.push({ code: 'null', detail: msgid('This field may not be null.'), attr: 'full_name' });
  else if (typeof value !== 'string') errors.push({ code: 'invalid', detail: msgid('Not a valid string.'), attr: 'full_name' });
  else if (!value.trim()) errors.push({ code: 'blank', detail: msgid('This field may not be blank.'), attr: 'full_name' });
  else if (value.trim().length > 150) errors.push({ code: 'max_length', detail: msgid('Ensure this field has no more than 150 characters.'), attr: 'full_name' });
  else return true;
  return false;
}

export class UsersService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
    /**
     * Every API request authenticates: its token's user is read once per database change, not per request.
     * Keyed by the token itself (this process's memory only), so that a hit costs no hashing.
     */
    private readonly tokens: ReadCache<string, TokenEntry | undefined> = ReadCache.none(),
  ) {}

  async authenticateToken(token: string): Promise<Actor> {
    const entry = await this.tokens.get(token, async () => {
      const row = await userOfToken(this.db, hashToken(token));
      if (!row) return undefined;
      const { token_expires: _unused, ...user } = row;
      return { row, actor: userActor(user as UserRow) };
    });
    return tokenActor(entry);
  }

  /** authenticateToken without waiting, when the token's user is in the read cache; undefined when it is not. */
  cachedTokenActor(token: string): Actor | undefined {
    const entry = this.tokens.peek(token);
    return entry && tokenActor(entry);
  }

  canManage(actor: Actor): boolean {
    return this.access.canGlobal(actor, 'user.edit');
  }

  /** Whether the actor sees every user in full (e-mail, teams, profile) and filters by them: user.view or user.edit holders. */
  canViewAll(actor: Actor): boolean {
    return this.canManage(actor) || this.access.canGlobal(actor, 'user.view');
  }

  private async validateNew(db: Executor, input: NewUserInput): Promise<void> {
    const errors: FieldError[] = [];
    if (!input.username) errors.push({ code: 'required', detail: msgid('This field is required.'), attr: 'username' });
    else if (!USERNAME_PATTERN.test(input.username) || input.username.length > 150) {
      errors.push({ code: 'invalid', detail: msgid('Enter a valid username: letters, digits and @/./+/-/_ only, at most 150 characters.'), attr: 'username' });
    } else if (await this.findByUsername(db, input.username)) {
      errors.push({ code: 'unique', detail: msgid('A user with that username already exists.'), attr: 'username' });
    }
    if (!input.email) errors.push({ code: 'required', detail: msgid('This field is required.'), attr: 'email' });
    else if (!EMAIL_PATTERN.test(input.email)) errors.push({ code: 'invalid', detail: msgid('Enter a valid email address.'), attr: 'email' });
    checkFullName(errors, input.full_name);
    if (errors.length) throw new ValidationError(errors);
  }

  /** Creates a user with its automatic teams and default subscriptions, audited as made by `actor`. */
  async create(input: NewUserInput, db: Executor = this.db, actor: Actor | null = null): Promise<UserRow> {
    // The profile is checked before the transaction, for the user about to exist (no teams yet).
    let profile: PreparedProfile | undefined;
    if (input.profile !== undefined && db === this.db) {
      const errors: FieldError[] = [];
      const owner = { id: -1, username: input.username, email: input.email ?? '', is_superuser: 0, is_active: 1 } as UserRow;
      profile = await prepareProfile(this.db, this.access, owner, input.profile, errors);
      if (errors.length) {
        // One answer names every refused field, the account's and the profile's.
        try {
          await this.validateNew(this.db, input);
        } catch (e) {
          if (!(e instanceof ValidationError)) throw e;
          errors.unshift(...e.fieldErrors);
        }
        throw new ValidationError(errors);
      }
    }
    if (db === this.db)
      return this.db.transaction().execute(async (tx) => {
        const row = await this.create(input, tx, actor);
        if (profile) await writeProfile(tx, row.id, profile);
        return row;
      });
    await this.validateNew(db, input);
    const password = input.password ? await hashPassword(input.password) : null;
    const row = await insertUser(db, {
      username: input.username,
      email: input.email,
      full_name: input.full_name?.trim() ?? '',
      password,
      is_superuser: input.is_superuser ? 1 : 0,
      is_active: input.is_active === false ? 0 : 1,
      is_bot: input.is_bot ? 1 : 0,
      date_joined: nowIso(),
    });
    await joinAutomaticTeams(db, row);
    await recordAudit(db, actor, 'user.created', { userId: row.id, details: { username: row.username, is_superuser: row.is_superuser === 1, is_bot: row.is_bot === 1, is_active: row.is_active === 1 } });
    if (!row.is_bot) await createDefaultSubscriptions(db, row.id);
    return row;
  }

  /** Creates a superuser and returns it with a fresh API token (shown once). */
  async createAdmin(input: { username: string; email: string; password?: string | null; fullName?: string }): Promise<{ user: UserRow; token: string }> {
    return this.db.transaction().execute(async (tx) => {
      const user = await this.create({ username: input.username, email: input.email, full_name: input.fullName?.trim() || input.username, password: input.password, is_superuser: true }, tx);
      const token = await this.rotateToken(user.id, tx);
      return { user, token };
    });
  }

  async findByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
    return userByUsername(db, username);
  }

  /** Users visible to the actor: every user for signed-in callers (others see the basic fields), nobody for anonymous ones. */
  async getVisible(actor: Actor, username: string): Promise<UserRow> {
    if (!actor.authenticated) throw new NotFoundError();
    const user = await this.findByUsername(this.db, username);
    if (!user) throw new NotFoundError();
    return user;
  }

  /** A user named by username, or by the e-mail address of an active account that is not a bot (forms that add people to teams). */
  async getByUsernameOrEmail(actor: Actor, login: string): Promise<UserRow> {
    const name = login.trim();
    const byName = name ? await this.findByUsername(this.db, name) : undefined;
    if (byName) return this.getVisible(actor, byName.username);
    const account = name.includes('@') ? (await usersByEmail(this.db, name)).find((u) => u.is_active && !u.is_bot) : undefined;
    if (!account) throw new NotFoundError();
    return this.getVisible(actor, account.username);
  }

  /**
   * The user list as the actor sees it, a page at a time: nobody for anonymous callers. Those who see
   * every user (user.view, user.edit) see them all, those whose name starts with `username` when it is
   * given, and filter by state and e-mail address or by a text in the username, full name or address
   * (`options.search`, for the administration pages; not an API parameter). Others see only themselves, or, searching by a
   * `username` prefix of two characters or more, the users whose name starts with it except bots (a bot
   * finds itself); a shorter prefix finds nobody.
   */
  list(actor: Actor, query: { username?: string; is_active?: string; email?: string }, options: { search?: string } = {}): { count: () => Promise<number>; page: (limit: number, offset: number) => Promise<UserRow[]> } {
    const manager = this.canViewAll(actor);
    const filter: UserListFilter = {};
    if (!actor.authenticated) filter.nobody = true;
    else if (manager) {
      if (query.username) filter.usernamePrefix = query.username;
    } else if (query.username === undefined) filter.id = actor.user!.id;
    else if (query.username.length >= 2) {
      filter.usernamePrefix = query.username;
      filter.noBotsExcept = actor.user!.id;
    } else filter.nobody = true;
    if (manager && query.is_active !== undefined) filter.isActive = /^(1|true)$/i.test(query.is_active) ? 1 : 0;
    if (manager && query.email) filter.email = query.email;
    // Only those who see every user in full search their names and addresses.
    if (manager && options.search) filter.text = options.search;
    return { count: () => countUsers(this.db, filter), page: (limit, offset) => usersPage(this.db, filter, limit, offset) };
  }

  /** The translations the actor may see whose content the user changed, a page at a time in id order. */
  contributions(actor: Actor, user: UserRow): { count: () => Promise<number>; page: (limit: number, offset: number) => Promise<TranslationRow[]> } {
    const where = { projects: this.access.visibleProjects(actor), components: this.access.visibleComponents(actor), changedBy: { userId: user.id, actions: CONTENT_ACTIONS } };
    return { count: () => countListedTranslations(this.db, where), page: (limit, offset) => listedTranslationsPage(this.db, where, limit, offset) };
  }

  /**
   * Records a failed sign-in (of an existing account, when `accountId` is one) and the lockouts it
   * started, in one transaction.
   */
  async recordFailedLogin(accountId: number | null, origin: { address: string; userAgent: string }, lockouts: readonly { scope: 'account' | 'address'; seconds: number }[]): Promise<void> {
    const { address } = origin;
    await this.db.transaction().execute(async (tx) => {
      if (accountId !== null) await recordAudit(tx, null, 'login.failed', { userId: accountId, details: { address, user_agent: origin.userAgent } });
      for (const { scope, seconds } of lockouts) await recordAudit(tx, null, 'login.locked', { userId: accountId, details: { scope, address, seconds } });
    });
  }

  /** Records a browser sign-in: how it was made (a password, a second factor, an e-mail link), from which address and user agent. */
  async recordLogin(userId: number, origin: { address: string; userAgent: string }, method: 'password' | 'second-factor' | 'link'): Promise<void> {
    await recordAudit(this.db, null, 'login', { userId, details: { method, address: origin.address, user_agent: origin.userAgent } });
  }

  /** Audit entries about the user or made by them, newest first, a page at a time. */
  auditLog(user: UserRow): { count: () => Promise<number>; page: (limit: number, offset: number) => Promise<AuditLogRow[]> } {
    return userAuditLog(this.db, user.id);
  }

  auditViews(rows: readonly AuditLogRow[]): Promise<AuditEntryView[]> {
    return auditViews(this.db, rows);
  }

  /** Stores the scrypt hash of a new password and ends the user's browser sessions. */
  async setPassword(userId: number, password: string, actor: Actor | null = null): Promise<void> {
    if (!password) throw ValidationError.field('password', msgid('This field may not be blank.'), 'blank');
    const hash = await hashPassword(password);
    await this.db.transaction().execute(async (tx) => {
      await setUserPassword(tx, userId, hash);
      await deleteSessionsOfUser(tx, userId);
      // Sign-ins the old password began and that wait for their second factor end with the sessions.
      await deleteChallengesOfUser(tx, userId, 'login');
      await recordAudit(tx, actor, 'user.password', { userId });
    });
  }

  async rotateToken(userId: number, db: Executor = this.db, actor: Actor | null = null): Promise<string> {
    if (db === this.db) return this.db.transaction().execute((tx) => this.rotateToken(userId, tx, actor));
    const token = generateToken('user');
    await deleteUserToken(db, userId);
    await insertToken(db, { user_id: userId, key_hash: hashToken(token), kind: 'user', created: nowIso(), expires: null });
    await recordAudit(db, actor, 'user.token', { userId });
    return token;
  }

  async tokenInfo(userId: number): Promise<{ created: string } | null> {
    const row = await userTokenCreated(this.db, userId);
    return row ?? null;
  }

  requireSelfOrManager(actor: Actor, user: UserRow): void {
    if (actor.user?.id === user.id || this.canManage(actor)) return;
    throw new PermissionDeniedError();
  }

  /** The anonymous user is shown like others but never changed: not its fields, teams, profile or existence. */
  requireEditable(user: UserRow): void {
    if (isAnonymousUser(user)) throw new PermissionDeniedError(msgid('This user can not be edited.'));
  }

  /** The profiles of some users as `viewer` may see them (projects and component lists the viewer may not see are left out). */
  profiles(viewer: Actor, users: readonly UserRow[]): Promise<Map<number, ProfileView>> {
    return loadProfiles(this.db, this.access, viewer, users);
  }

  /** The interface language a user chose in the profile ('' for none: the browser's language is used). */
  async interfaceLanguage(userId: number): Promise<string> {
    return (await profileRows(this.db, [userId]))[0]?.language ?? '';
  }

  /** The interface languages of some users by id (users without a choice are left out). */
  async interfaceLanguages(userIds: readonly number[]): Promise<Map<number, string>> {
    const rows = await profileRows(this.db, userIds);
    return new Map(rows.filter((r) => r.language !== '').map((r) => [r.user_id, r.language]));
  }

  async update(actor: Actor, user: UserRow, patch: UserPatch): Promise<UserRow> {
    this.requireEditable(user);
    this.requireSelfOrManager(actor, user);
    const manager = this.canManage(actor);
    const set: Partial<UserRow> = {};
    const errors: FieldError[] = [];
    if (checkFullName(errors, patch.full_name)) set.full_name = patch.full_name!.trim();
    if (patch.email !== undefined && patch.email !== user.email) {
      if (!EMAIL_PATTERN.test(patch.email)) errors.push({ code: 'invalid', detail: msgid('Enter a valid email address.'), attr: 'email' });
      // The address is where notifications and password resets go: users pick only verified ones,
      // and the only address Parla has verified for a user is the one an administrator gave it.
      else if (!manager) errors.push({ code: 'invalid_choice', detail: msgid('Select one of your verified e-mail addresses.'), attr: 'email' });
      else set.email = patch.email;
    }
    if (manager) {
      if (patch.username !== undefined && patch.username !== user.username) {
        if (!USERNAME_PATTERN.test(patch.username)) errors.push({ code: 'invalid', detail: msgid('Enter a valid username.'), attr: 'username' });
        else if (await this.findByUsername(this.db, patch.username)) errors.push({ code: 'unique', detail: msgid('A user with that username already exists.'), attr: 'username' });
        else set.username = patch.username;
      }
      if (patch.is_superuser !== undefined) set.is_superuser = patch.is_superuser ? 1 : 0;
      if (patch.is_active !== undefined) set.is_active = patch.is_active ? 1 : 0;
      if (patch.is_bot !== undefined) set.is_bot = patch.is_bot ? 1 : 0;
    }
    // Fields only managers may change are silently read-only for others, as in the reference.
    // The profile is checked with the rest: nothing is written when any field is refused.
    const profile = patch.profile === undefined ? undefined : await prepareProfile(this.db, this.access, user, patch.profile, errors);
    if (errors.length) throw new ValidationError(errors);
    const changed = Object.keys(set).filter((k) => set[k as keyof UserRow] !== user[k as keyof UserRow]);
    if (changed.length === 0 && !profile?.fields.length) return user;
    return this.db.transaction().execute(async (tx) => {
      const row = changed.length ? await updateUser(tx, user.id, set) : user;
      // Deactivating a user ends what lets them in.
      if (set.is_active === 0) await deleteSessionsOfUser(tx, user.id);
      if (profile?.fields.length) await writeProfile(tx, user.id, profile);
      const fields = [...changed.sort(), ...(profile?.fields ?? []).map((f) => `profile.${f}`)];
      await recordAudit(tx, actor, 'user.updated', { userId: user.id, details: { fields } });
      return row;
    });
  }

  /**
   * Deactivates and wipes the user: the row stays so that history keeps pointing
   * somewhere, but nothing personal does — name, e-mail, password, tokens, sessions, teams,
   * team administration, subscriptions and personal translation memory go.
   */
  async remove(actor: Actor, user: UserRow): Promise<void> {
    this.requireEditable(user);
    if (!this.canManage(actor)) throw new PermissionDeniedError();
    await this.db.transaction().execute(async (tx) => {
      let username = `deleted-${user.id}`;
      if (await usernameTakenByOther(tx, username, user.id)) {
        username = `${username}-${randomAlnum(6).toLowerCase()}`;
      }
      await anonymiseUser(tx, user.id, username);
      await deleteTokensOfUser(tx, user.id);
      await deleteSessionsOfUser(tx, user.id);
      // The single sign-on identity goes too: signing in with it again finds no account (or makes a new one).
      await deleteIdentitiesOfUser(tx, user.id);
      await deleteSecondFactorsOfUser(tx, user.id);
      await leaveAllTeams(tx, user.id);
      await deleteSubscriptionsOfUser(tx, user.id);
      // Personal translation memory (entries of the user, not of a project) and the profile go with the person.
      await deletePersonalMemory(tx, user.id);
      await deleteProfile(tx, user.id);
      await recordAudit(tx, actor, 'user.removed', { userId: user.id, details: { username: user.username } });
    });
  }

  async statistics(user: UserRow, db: Executor = this.db): Promise<Record<string, number>> {
    const languages = await languageCountOfChanges(db, user.id);
    return {
      translated: user.stat_translated,
      suggested: user.stat_suggested,
      uploaded: user.stat_uploaded,
      commented: user.stat_commented,
      languages,
    };
  }
}
