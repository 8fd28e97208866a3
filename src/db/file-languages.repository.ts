// Languages as components' files name them: a component's source language, a file's language code, and new languages for unknown codes.
import type { Insertable } from 'kysely';
import type { Executor } from './database.js';
import type { LanguageRow, LanguagesTable } from './schema.js';

/** The language a stored row points at (Kysely's NoResultError if the row is dangling). */
export function languageOfRow(db: Executor, id: number): Promise<LanguageRow> {
  return db.selectFrom('languages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export function languageByCode(db: Executor, code: string): Promise<LanguageRow | undefined> {
  return db.selectFrom('languages').selectAll().where('code', '=', code).executeTakeFirst();
}

export function insertLanguage(db: Executor, values: Insertable<LanguagesTable>): Promise<LanguageRow> {
  return db.insertInto('languages').values(values).returningAll().executeTakeFirstOrThrow();
}
