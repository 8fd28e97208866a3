// File round trips: suggestions from uploads, units removed from the DB but not yet from their file, pending-unit index.
import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

type Builder = CreateTableBuilder<any, any>;

function withId(dialect: DialectName, table: Builder): Builder {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  let t = withId(dialect, db.schema.createTable('suggestions'));
  t = t.addColumn('unit_id', 'integer', (c) => c.notNull().references('units.id').onDelete('cascade'));
  t = t.addColumn('target', 'text', (c) => c.notNull().defaultTo(''));
  t = t.addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'));
  t = t.addColumn('timestamp', 'text', (c) => c.notNull().defaultTo(''));
  t = t.addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'));
  await t.execute();
  await db.schema.createIndex('suggestions_unit').on('suggestions').columns(['unit_id', 'id']).execute();

  // The file writer removes these entries from the translation file, then forgets them.
  t = withId(dialect, db.schema.createTable('unit_removals'));
  t = t.addColumn('translation_id', 'integer', (c) => c.notNull().references('translations.id').onDelete('cascade'));
  t = t.addColumn('id_hash', 'text', (c) => c.notNull());
  await t.execute();
  await db.schema.createIndex('unit_removals_translation').on('unit_removals').column('translation_id').execute();

  await sql`CREATE INDEX units_pending ON units (translation_id) WHERE pending <> 0`.execute(db);
}
