// Languages: lookups by code and id, the administrators' writes, and whether a language is in use.
import type { Insertable, Updateable } from 'kysely';
import type { Executor } from './database.js';
import type { LanguageRow, LanguagesTable } from './schema.js';

export function languageByCode(db: Executor, code: string): Promise<LanguageRow | undefined> {
  return db.selectFrom('languages').selectAll().where('code', '=', code).executeTakeFirst();
}

export function languageIdByCode(db: Executor, code: string): Promise<{ id: number } | undefined> {
  return db.selectFrom('languages').select('id').where('code', '=', code).executeTakeFirst();
}

/** The language a stored row points at (Kysely's NoResultError if the row is dangling). */
export function languageOfRow(db: Executor, id: number): Promise<LanguageRow> {
  return db.selectFrom('languages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The languages with these ids, in no particular order (none for no ids). */
export async function languagesByIds(db: Executor, ids: readonly number[]): Promise<LanguageRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('languages').selectAll().where('id', 'in', ids).execute();
}

/** Whether any translation is in the language. */
export async function languageHasTranslations(db: Executor, languageId: number): Promise<boolean> {
  return !!(await db.selectFrom('translations').select('id').where('language_id', '=', languageId).limit(1).executeTakeFirst());
}

/** Whether any component has the language as its source language. */
export async function languageIsSourceOfComponents(db: Executor, languageId: number): Promise<boolean> {
  return !!(await db.selectFrom('components').select('id').where('source_language_id', '=', languageId).limit(1).executeTakeFirst());
}

/** Every language, or (`withTranslationsOnly`) the languages that have translations, as a query to count or page. */
function listedLanguages(db: Executor, withTranslationsOnly: boolean) {
  let q = db.selectFrom('languages');
  if (withTranslationsOnly) {
    q = q.where((eb) => eb.exists(eb.selectFrom('translations').select('translations.id').whereRef('translations.language_id', '=', 'languages.id')));
  }
  return q;
}

export async function countListedLanguages(db: Executor, withTranslationsOnly: boolean): Promise<number> {
  const row = await listedLanguages(db, withTranslationsOnly).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A page of the listed languages in id order. */
export function listedLanguagesPage(db: Executor, withTranslationsOnly: boolean, limit: number, offset: number): Promise<LanguageRow[]> {
  return listedLanguages(db, withTranslationsOnly).selectAll('languages').orderBy('languages.id').limit(limit).offset(offset).execute();
}

export function insertLanguage(db: Executor, values: Insertable<LanguagesTable>): Promise<LanguageRow> {
  return db.insertInto('languages').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateLanguage(db: Executor, id: number, set: Updateable<LanguagesTable>): Promise<LanguageRow> {
  return db.updateTable('languages').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteLanguage(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('languages').where('id', '=', id).execute();
}
