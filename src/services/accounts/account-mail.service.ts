// Account e-mails that a person asks for: password resets, self-registration with a confirmed address, and changes of address.
import type { Db, Executor } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { usersByEmail } from '../../db/account-links.repository.js';
import { setUserPassword, updateUser, userById, userByUsername } from '../../db/users.repository.js';
import { deleteSessionsOfUser } from '../../db/sessions.repository.js';
import { deleteChallengesOfUser } from '../../db/two-factor.repository.js';
import type { Actor } from '../../auth/actor.js';
import { checkPassword } from '../../auth/password-policy.js';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import { alreadyRegisteredMail, emailChangeMail, inLanguage, passwordResetMail, registrationMail } from '../../mail/templates.js';
import { profileRows } from '../../db/user-profiles.repository.js';
import { msgid } from '../../shared/msgid.js';
import { AppError, NotAuthenticatedError, PermissionDeniedError, ValidationError, type FieldError } from '../../shared/errors.js';
import type { MailService } from '../mail/mail.service.js';
import { AccountLinks, linkDetails } from './account-links.js';
import { recordAudit } from './audit-log.js';
import { USERNAME_PATTERN, type UsersService } from './users.service.js';

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The new password's field errors: the policy, and the confirmation field when one was sent. */
export function passwordFieldErrors(password: string, confirmation: string | undefined, account: { username?: string; email?: string; fullName?: string }): FieldError[] {
  const errors: FieldError[] = checkPassword(password, account).map((p) => ({ code: p.code, detail: p.detail, attr: 'password' }));
  if (confirmation !== undefined && confirmation !== password) errors.push({ code: 'password_mismatch', detail: msgid('The two password fields did not match.'), attr: 'password2' });
  return errors;
}

/** A username for a new account: its format and that nobody has it. */
export async function usernameFieldErrors(db: Executor, username: string): Promise<FieldError[]> {
  if (!username) return [{ code: 'required', detail: msgid('This field is required.'), attr: 'username' }];
  if (!USERNAME_PATTERN.test(username) || username.length > 150) return [{ code: 'invalid', detail: msgid('Enter a valid username: letters, digits and @/./+/-/_ only, at most 150 characters.'), attr: 'username' }];
  if (await userByUsername(db, username)) return [{ code: 'unique', detail: msgid('A user with that username already exists.'), attr: 'username' }];
  return [];
}

export function emailFieldErrors(email: string, attr = 'email'): FieldError[] {
  if (!email) return [{ code: 'required', detail: msgid('This field is required.'), attr }];
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) return [{ code: 'invalid', detail: msgid('Enter a valid email address.'), attr }];
  return [];
}

export function fullNameFieldErrors(fullName: string): FieldError[] {
  if (fullName.length > 150) return [{ code: 'max_length', detail: msgid('Ensure this field has no more than 150 characters.'), attr: 'full_name' }];
  return [];
}

export class AccountMailService {
  constructor(
    private readonly db: Db,
    private readonly users: UsersService,
    private readonly mail: MailService,
    private readonly links: AccountLinks,
    private readonly registrationOpen: boolean,
  ) {}

  get registration(): boolean {
    return this.registrationOpen;
  }

  // ----- password reset ---------------------------------------------------------------------------

  /**
   * Sends a reset link to each active account of the address. The caller answers the same whether
   * any exists: nothing here tells an unknown address from a known one.
   */
  async requestReset(email: string, base: string): Promise<void> {
    const errors = emailFieldErrors(email.trim());
    if (errors.length) throw new ValidationError(errors);
    const accounts = (await usersByEmail(this.db, email.trim())).filter((u) => u.is_active && !u.is_bot);
    if (accounts.length === 0) return;
    const languages = new Map((await profileRows(this.db, accounts.map((u) => u.id))).map((r) => [r.user_id, r.language]));
    const ids = await this.db.transaction().execute(async (tx) => {
      const out: number[] = [];
      for (const user of accounts) {
        const secret = await this.links.issue(tx, 'reset', { email: user.email, userId: user.id });
        const content = inLanguage(languages.get(user.id), () => passwordResetMail({ username: user.username, url: `${base}/accounts/reset/${secret}/`, validFor: this.links.age }));
        out.push(await this.mail.store(tx, user.email, content));
      }
      return out;
    });
    await this.mail.dispatch(ids);
  }

  /** The account a reset link is for; a LinkError when the link does not work. */
  async resetAccount(secret: string): Promise<UserRow> {
    const link = await this.links.find(this.db, 'reset', secret);
    const user = link.user_id === null ? undefined : await userById(this.db, link.user_id);
    if (!user || !user.is_active) throw new PermissionDeniedError(msgid('This account can not be used.'));
    return user;
  }

  /** Sets the new password through a reset link (used up by it), ends the account's sessions and pending sign-ins, audited. */
  async completeReset(secret: string, password: string, confirmation: string): Promise<UserRow> {
    const user = await this.resetAccount(secret);
    const errors = passwordFieldErrors(password, confirmation, { username: user.username, email: user.email, fullName: user.full_name });
    if (errors.length) throw new ValidationError(errors);
    const hash = await hashPassword(password);
    await this.db.transaction().execute(async (tx) => {
      await this.links.consume(tx, await this.links.find(tx, 'reset', secret));
      await setUserPassword(tx, user.id, hash);
      await deleteSessionsOfUser(tx, user.id);
      // Sign-ins the old password began and that wait for their second factor end too, as with any password change.
      await deleteChallengesOfUser(tx, user.id, 'login');
      await recordAudit(tx, null, 'user.password', { userId: user.id, details: { method: 'reset link' } });
    });
    return user;
  }

  // ----- registration -----------------------------------------------------------------------------

  private requireOpen(): void {
    if (!this.registrationOpen) throw new AppError('permission_denied', 'Registration is closed on this server. Ask an administrator for an invitation.');
  }

  /**
   * Starts a registration: a confirmation link to the address, or, when the address already has an
   * account, a message saying so to that address; the answer is the same.
   */
  async register(input: { username: string; email: string; full_name: string }, base: string): Promise<void> {
    this.requireOpen();
    const username = input.username.trim();
    const email = input.email.trim();
    const fullName = input.full_name.trim();
    const errors = [...(await usernameFieldErrors(this.db, username)), ...emailFieldErrors(email), ...fullNameFieldErrors(fullName)];
    if (errors.length) throw new ValidationError(errors);
    const existing = (await usersByEmail(this.db, email)).filter((u) => !u.is_bot);
    const ids = await this.db.transaction().execute(async (tx) => {
      if (existing.length) {
        return [await this.mail.store(tx, email, alreadyRegisteredMail({ usernames: existing.map((u) => u.username), signInUrl: `${base}/accounts/login/`, resetUrl: `${base}/accounts/reset/` }))];
      }
      const secret = await this.links.issue(tx, 'registration', { email, details: { username, full_name: fullName } });
      return [await this.mail.store(tx, email, registrationMail({ username, url: `${base}/accounts/register/${secret}/`, validFor: this.links.age }))];
    });
    await this.mail.dispatch(ids);
  }

  /** What a registration link confirms: the address, username and name given when registering. */
  async registrationOf(secret: string): Promise<{ email: string; username: string; fullName: string }> {
    this.requireOpen();
    const link = await this.links.find(this.db, 'registration', secret);
    const details = linkDetails(link);
    return { email: link.email, username: String(details.username ?? ''), fullName: String(details.full_name ?? '') };
  }

  /** Creates the registered account with its password; the link is used up. */
  async completeRegistration(secret: string, password: string, confirmation: string): Promise<UserRow> {
    const r = await this.registrationOf(secret);
    const errors = passwordFieldErrors(password, confirmation, { username: r.username, email: r.email, fullName: r.fullName });
    errors.unshift(...(await usernameFieldErrors(this.db, r.username)));
    if (errors.length) throw new ValidationError(errors);
    return this.db.transaction().execute(async (tx) => {
      await this.links.consume(tx, await this.links.find(tx, 'registration', secret));
      return this.users.create({ username: r.username, email: r.email, full_name: r.fullName || r.username, password }, tx);
    });
  }

  // ----- e-mail address change ------------------------------------------------------------------

  /** Sends a confirmation link to the new address; the account's address changes only once it is followed. */
  async requestEmailChange(actor: Actor, input: { email: string; password: string }, base: string): Promise<void> {
    const user = actor.user;
    if (!actor.authenticated || !user) throw new NotAuthenticatedError();
    const email = input.email.trim();
    const errors = emailFieldErrors(email);
    if (!errors.length && email.toLowerCase() === user.email.toLowerCase()) errors.push({ code: 'invalid', detail: msgid('This is already the address of your account.'), attr: 'email' });
    // Whoever finds a signed-in browser must not move the account to their own mailbox.
    if (user.password && !(await verifyPassword(input.password, user.password))) errors.push({ code: 'invalid', detail: msgid('Your password was entered incorrectly.'), attr: 'password' });
    if (errors.length) throw new ValidationError(errors);
    const language = (await profileRows(this.db, [user.id]))[0]?.language;
    const id = await this.db.transaction().execute(async (tx) => {
      const secret = await this.links.issue(tx, 'email', { email, userId: user.id, authorId: user.id });
      const content = inLanguage(language, () => emailChangeMail({ username: user.username, email, url: `${base}/accounts/email/${secret}/`, validFor: this.links.age }));
      return this.mail.store(tx, email, content);
    });
    await this.mail.dispatch([id]);
  }

  /** The account and new address of an address-change link. */
  async emailChangeOf(secret: string): Promise<{ user: UserRow; email: string }> {
    const link = await this.links.find(this.db, 'email', secret);
    const user = link.user_id === null ? undefined : await userById(this.db, link.user_id);
    if (!user || !user.is_active) throw new PermissionDeniedError(msgid('This account can not be used.'));
    return { user, email: link.email };
  }

  /** Gives the account its confirmed new address, audited; the link is used up. */
  async confirmEmailChange(secret: string): Promise<UserRow> {
    const { user, email } = await this.emailChangeOf(secret);
    return this.db.transaction().execute(async (tx) => {
      await this.links.consume(tx, await this.links.find(tx, 'email', secret));
      const row = await updateUser(tx, user.id, { email });
      await recordAudit(tx, null, 'user.email', { userId: user.id, details: { from: user.email, to: email } });
      return row;
    });
  }
}
