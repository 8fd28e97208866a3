// Rows a file upload writes besides the units' content and the suggestions it adds: the authors it names.
import type { Executor } from './database.js';

export function userIdByEmail(db: Executor, email: string): Promise<{ id: number } | undefined> {
  return db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
}
