// Single sign-on storage: provider identities linked to accounts, and the pending sign-ins started at a provider.
import type { Executor } from './database.js';
import type { UserRow } from './schema.js';

export interface IdentityRow {
  id: number;
  user_id: number;
  issuer: string;
  subject: string;
  email: string;
  created: string;
  last_login: string | null;
}

export function identityBySubject(db: Executor, issuer: string, subject: string): Promise<IdentityRow | undefined> {
  return db.selectFrom('user_identities').selectAll().where('issuer', '=', issuer).where('subject', '=', subject).executeTakeFirst();
}

/** The identities of one provider that an account already has. */
export function identitiesOfUser(db: Executor, userId: number, issuer: string): Promise<IdentityRow[]> {
  return db.selectFrom('user_identities').selectAll().where('user_id', '=', userId).where('issuer', '=', issuer).orderBy('id').execute();
}

export async function insertIdentity(db: Executor, row: Omit<IdentityRow, 'id'>): Promise<void> {
  await db.insertInto('user_identities').values(row).execute();
}

export async function touchIdentity(db: Executor, id: number, email: string, lastLogin: string): Promise<void> {
  await db.updateTable('user_identities').set({ email, last_login: lastLogin }).where('id', '=', id).execute();
}

export async function deleteIdentitiesOfUser(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('user_identities').where('user_id', '=', userId).execute();
}

/** Up to three accounts whose e-mail address is this one, in any case (two are enough to tell that it is not unique). */
export function usersByEmail(db: Executor, email: string): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .orderBy('id')
    .limit(3)
    .execute();
}

export interface OidcRequestRow {
  id: string;
  nonce: string;
  code_verifier: string;
  next: string;
  expires: string;
}

/** Stores a new pending sign-in and drops those that expired before `now`. */
export async function insertOidcRequest(db: Executor, row: OidcRequestRow, now: string): Promise<void> {
  await db.deleteFrom('oidc_requests').where('expires', '<', now).execute();
  await db.insertInto('oidc_requests').values(row).execute();
}

/** Removes the pending sign-in and returns it: only the first caller gets it, so a callback works once. */
export async function takeOidcRequest(db: Executor, id: string): Promise<OidcRequestRow | undefined> {
  return db.deleteFrom('oidc_requests').where('id', '=', id).returning(['id', 'nonce', 'code_verifier', 'next', 'expires']).executeTakeFirst();
}
