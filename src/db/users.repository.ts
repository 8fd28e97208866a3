// Users: lookups by name, id or sign-in address, creation, edits, anonymisation and the user list.
import { sql, type Insertable, type SqlBool } from 'kysely';
import type { Executor } from './database.js';
import type { UserRow, UsersTable } from './schema.js';

export function userByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

export function userById(db: Executor, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether a user has this username (a free username is one this finds nobody for). */
export async function usernameTaken(db: Executor, username: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst()) !== undefined;
}

/** Whether a user other than `exceptId` has this username. */
export async function usernameTakenByOther(db: Executor, username: string, exceptId: number): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('username', '=', username).where('id', '!=', exceptId).executeTakeFirst()) !== undefined;
}

/** Up to three users a sign-in name may designate: by username, or by e-mail address in any case. */
export function accountCandidates(db: Executor, login: string): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('username', '=', login), eb(eb.fn('lower', ['email']), '=', login.toLowerCase())]))
    .orderBy('id')
    .limit(3)
    .execute();
}

export function usernamesByIds(db: Executor, ids: readonly number[]): Promise<{ id: number; username: string }[]> {
  return db.selectFrom('users').select(['id', 'username']).where('id', 'in', [...ids]).execute();
}

export function allUsers(db: Executor): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().execute();
}

export function insertUser(db: Executor, values: Insertable<UsersTable>): Promise<UserRow> {
  return db.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Inserts a user and answers only its id. */
export async function insertUserId(db: Executor, values: Insertable<UsersTable>): Promise<number> {
  return (await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function setUserPassword(db: Executor, id: number, password: string): Promise<void> {
  await db.updateTable('users').set({ password }).where('id', '=', id).execute();
}

export async function setLastLogin(db: Executor, id: number, lastLogin: string): Promise<void> {
  await db.updateTable('users').set({ last_login: lastLogin }).where('id', '=', id).execute();
}

export function updateUser(db: Executor, id: number, set: Partial<UserRow>): Promise<UserRow> {
  return db.updateTable('users').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Deactivates the user and replaces everything personal on its row; the row stays for history to point at. */
export async function anonymiseUser(db: Executor, id: number, username: string): Promise<void> {
  await db
    .updateTable('users')
    .set({
      username,
      email: `noreply+${id}@parla.invalid`,
      full_name: 'Deleted User',
      is_active: 0,
      password: null,
      is_superuser: 0,
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteSubscriptionsOfUser(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('subscriptions').where('user_id', '=', userId).execute();
}

/** Personal translation memory (entries of the user, not of a project). */
export async function deletePersonalMemory(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('memory').where('user_id', '=', userId).where('project_id', 'is', null).execute();
}

/** Removes a bot user; any other user of that id stays. */
export async function deleteBot(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).where('is_bot', '=', 1).execute();
}

/** How many languages the user's changes were made in. */
export async function languageCountOfChanges(db: Executor, userId: number): Promise<number> {
  const languages = await db
    .selectFrom('changes')
    .innerJoin('translations', 'translations.id', 'changes.translation_id')
    .select((eb) => eb.fn.count<number>('translations.language_id').distinct().as('n'))
    .where('changes.user_id', '=', userId)
    .executeTakeFirst();
  return Number(languages?.n ?? 0);
}

/** Which users a list shows: nobody, those whose username starts with a prefix, or one user; then by state, e-mail and bots. */
export interface UserListFilter {
  nobody?: boolean;
  usernamePrefix?: string;
  id?: number;
  isActive?: number;
  /** Compared without case. */
  email?: string;
  /** Leaves out bots, except the user of this id (a bot finds itself). */
  noBotsExcept?: number;
  /** Users whose username, full name or e-mail address contains this text, without case. */
  text?: string;
}

function userList(db: Executor, filter: UserListFilter) {
  let q = db.selectFrom('users');
  if (filter.nobody) q = q.where('id', '<', 0);
  else if (filter.usernamePrefix !== undefined) q = q.where('username', 'like', `${filter.usernamePrefix.replace(/[%_\\]/g, '\\$&')}%`);
  else if (filter.id !== undefined) q = q.where('id', '=', filter.id);
  if (filter.isActive !== undefined) q = q.where('is_active', '=', filter.isActive);
  if (filter.noBotsExcept !== undefined) {
    const self = filter.noBotsExcept;
    q = q.where((eb) => eb.or([eb('is_bot', '=', 0), eb('id', '=', self)]));
  }
  if (filter.email !== undefined) {
    const email = filter.email;
    q = q.where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()));
  }
  if (filter.text !== undefined) {
    const pattern = `%${filter.text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const like = (column: 'username' | 'full_name' | 'email') => sql<SqlBool>`lower(${sql.ref(column)}) LIKE ${pattern} ESCAPE '\\'`;
    q = q.where((eb) => eb.or([like('username'), like('full_name'), like('email')]));
  }
  return q;
}

export async function countUsers(db: Executor, filter: UserListFilter): Promise<number> {
  const row = (await userList(db, filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst()) as { n?: number } | undefined;
  return Number(row?.n ?? 0);
}

/** A page of the list in id order. */
export function usersPage(db: Executor, filter: UserListFilter, limit: number, offset: number): Promise<UserRow[]> {
  return userList(db, filter).selectAll().orderBy('id').limit(limit).offset(offset).execute();
}
