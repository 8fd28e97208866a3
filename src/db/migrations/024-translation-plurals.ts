// Each translation keeps the plural rule its file follows: where it comes from and its forms' CLDR names.
import type { Kysely } from 'kysely';

/*
 * plural_number and plural_formula already exist on translations; plural_source says whether they come
 * from the language, the file's own header, CLDR or a format without plurals, and plural_categories (a
 * JSON array) names each form. Existing rows keep the language's rule until their files are scanned again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('translations').addColumn('plural_source', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('translations').addColumn('plural_categories', 'text', (c) => c.notNull().defaultTo('')).execute();
}
