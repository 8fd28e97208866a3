// Translations as files: their file names and languages, what a commit says about them, and the rows a re-read of the files rewrites.
import type { Updateable } from 'kysely';
import type { Executor } from './database.js';
import type { TranslationRow, TranslationsTable } from './schema.js';

/** A translation with its language's code and plural rule, as a file writer or exporter needs them. */
export type TranslationWithLanguage = TranslationRow & { l_code: string; l_number: number; l_formula: string };

/** The file names of a component's translations. */
export async function translationFilenames(db: Executor, componentId: number): Promise<string[]> {
  return (await db.selectFrom('translations').select('filename').where('component_id', '=', componentId).execute()).map((t) => t.filename);
}

/** A component's translations that have a file, with their language codes: the source first, then by id. */
export function translationFilesOfComponent(db: Executor, componentId: number): Promise<{ translationId: number; filename: string; languageCode: string }[]> {
  return db
    .selectFrom('translations')
    .innerJoin('languages', 'languages.id', 'translations.language_id')
    .select(['translations.id as translationId', 'translations.filename as filename', 'languages.code as languageCode'])
    .where('translations.component_id', '=', componentId)
    .where('translations.filename', '<>', '')
    .orderBy('translations.is_source', 'desc')
    .orderBy('translations.id')
    .execute();
}

/** A translation with its language's name, for its commit message. */
export function translationWithLanguageName(db: Executor, translationId: number): Promise<TranslationRow & { l_name: string }> {
  return db
    .selectFrom('translations')
    .innerJoin('languages', 'languages.id', 'translations.language_id')
    .selectAll('translations')
    .select(['languages.name as l_name'])
    .where('translations.id', '=', translationId)
    .executeTakeFirstOrThrow();
}

/** The names and e-mail a commit of this user's edits is authored with. */
/** A commit author's account and the commit identity chosen in the profile (null: no profile row, the defaults). */
export function commitAuthor(
  db: Executor,
  userId: number,
): Promise<{ full_name: string; username: string; email: string; commit_name: string | null; commit_email: string | null } | undefined> {
  return db
    .selectFrom('users')
    .leftJoin('user_profiles', 'user_profiles.user_id', 'users.id')
    .select(['users.full_name', 'users.username', 'users.email', 'user_profiles.commit_name', 'user_profiles.commit_email'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

/** Translations with their language's code and plural rule, as a query to narrow. */
function translationsWithLanguages(db: Executor) {
  return db
    .selectFrom('translations')
    .innerJoin('languages', 'languages.id', 'translations.language_id')
    .selectAll('translations')
    .select(['languages.code as l_code', 'languages.plural_number as l_number', 'languages.plural_formula as l_formula']);
}

/** These translations with their languages, the base file first (documents render from it), then by id. */
export function translationsToWrite(db: Executor, ids: number[]): Promise<TranslationWithLanguage[]> {
  return translationsWithLanguages(db)
    .where('translations.id', 'in', ids)
    .orderBy('translations.is_source', 'desc') // the base file first: documents render from it
    .orderBy('translations.id')
    .execute();
}

/** A component's translations with their languages by file name; only one language's with `languageId`. */
export function translationsForZip(db: Executor, componentId: number, languageId?: number): Promise<TranslationWithLanguage[]> {
  let q = translationsWithLanguages(db).where('translations.component_id', '=', componentId).orderBy('translations.filename');
  if (languageId !== undefined) q = q.where('translations.language_id', '=', languageId);
  return q.execute();
}

/** A component's translations, in no particular order. */
export function translationsOfComponent(db: Executor, componentId: number): Promise<TranslationRow[]> {
  return db.selectFrom('translations').selectAll().where('component_id', '=', componentId).execute();
}

/** A component's translations, the source first, then by id. */
export function translationsSourceFirst(db: Executor, componentId: number): Promise<TranslationRow[]> {
  return db.selectFrom('translations').selectAll().where('component_id', '=', componentId).orderBy('is_source', 'desc').orderBy('id').execute();
}

/** Keeps a translation's file name and plural rule as its file says. */
export async function setTranslationFile(db: Executor, translationId: number, values: Pick<Updateable<TranslationsTable>, 'filename' | 'plural_source' | 'plural_number' | 'plural_formula' | 'plural_categories'>): Promise<void> {
  await db.updateTable('translations').set(values).where('id', '=', translationId).execute();
}

/**
 * Locks the translation row until the transaction ends (a no-op write): an edit that changed a unit holds
 * this lock until it commits its counter update.
 */
export async function lockTranslationRow(db: Executor, translationId: number): Promise<void> {
  await db.updateTable('translations').set((eb) => ({ id: eb.ref('id') })).where('id', '=', translationId).execute();
}
