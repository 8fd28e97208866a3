// Browser sessions, keyed by the SHA-256 of their cookie value.
import type { Executor } from './database.js';
import type { SessionRow, UserRow } from './schema.js';

export async function insertSession(db: Executor, session: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

export async function deleteSession(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Removes the sessions that expired before `now`. */
export async function deleteExpiredSessions(db: Executor, now: string): Promise<void> {
  await db.deleteFrom('sessions').where('expires', '<', now).execute();
}

export async function deleteSessionsOfUser(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** The session's user with the session's own columns prefixed s_, or undefined for an unknown session. */
export function sessionWithUser(
  db: Executor,
  id: string,
): Promise<(UserRow & { s_id: string; s_csrf_secret: string; s_created: string; s_last_seen: string; s_expires: string; p_language: string | null }) | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    // The profile's interface language comes along: every page needs it, and it saves a query per page.
    .leftJoin('user_profiles', 'user_profiles.user_id', 'users.id')
    .selectAll('users')
    .select([
      'user_profiles.language as p_language',
      'sessions.id as s_id',
      'sessions.csrf_secret as s_csrf_secret',
      'sessions.created as s_created',
      'sessions.last_seen as s_last_seen',
      'sessions.expires as s_expires',
    ])
    .where('sessions.id', '=', id)
    .executeTakeFirst();
}

export async function renewSession(db: Executor, id: string, lastSeen: string, expires: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen: lastSeen, expires }).where('id', '=', id).execute();
}

/** A user's live sessions, the most recently seen first. */
export function sessionsOfUser(db: Executor, userId: number, now: string): Promise<Pick<SessionRow, 'id' | 'created' | 'last_seen' | 'expires'>[]> {
  return db.selectFrom('sessions').select(['id', 'created', 'last_seen', 'expires']).where('user_id', '=', userId).where('expires', '>', now).orderBy('last_seen', 'desc').execute();
}

/** Ends every session of the user but `keepId`. */
export async function deleteOtherSessionsOfUser(db: Executor, userId: number, keepId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '<>', keepId).execute();
}
