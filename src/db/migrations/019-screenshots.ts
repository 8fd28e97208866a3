// Screenshots of a translation and the source strings they show; the images live in a ScreenshotStore.
import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const t = db.schema.createTable('screenshots');
  await (dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
    .addColumn('translation_id', 'integer', (c) => c.notNull().references('translations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('repository_filename', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('timestamp', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('screenshots_translation').on('screenshots').column('translation_id').execute();

  // The source units a screenshot shows (translations find theirs through units.source_unit_id).
  await db.schema
    .createTable('screenshot_units')
    .addColumn('screenshot_id', 'integer', (c) => c.notNull().references('screenshots.id').onDelete('cascade'))
    .addColumn('unit_id', 'integer', (c) => c.notNull().references('units.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('screenshot_units_pk', ['screenshot_id', 'unit_id'])
    .execute();
  await db.schema.createIndex('screenshot_units_unit').on('screenshot_units').column('unit_id').execute();
}
