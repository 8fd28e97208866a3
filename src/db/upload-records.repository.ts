// Rows a file upload writes besides the units' content: the authors it names, the suggestions it adds, the uploader's counter.
import type { Executor } from './database.js';

export function userIdByEmail(db: Executor, email: string): Promise<{ id: number } | undefined> {
  return db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
}

export function userIdByUsername(db: Executor, username: string): Promise<{ id: number } | undefined> {
  return db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
}

/** A suggestion of exactly this target on the unit, if there is one. */
export function suggestionWithTarget(db: Executor, unitId: number, target: string): Promise<{ id: number } | undefined> {
  return db.selectFrom('suggestions').select('id').where('unit_id', '=', unitId).where('target', '=', target).executeTakeFirst();
}

export async function insertSuggestion(db: Executor, values: { unit_id: number; target: string; user_id: number | null; timestamp: string; details: string }): Promise<void> {
  await db.insertInto('suggestions').values(values).execute();
}

/** One more upload on the user's profile. */
export async function bumpUploadCount(db: Executor, userId: number): Promise<void> {
  await db.updateTable('users').set((eb) => ({ stat_uploaded: eb('stat_uploaded', '+', 1) })).where('id', '=', userId).execute();
}
