// Installed add-ons and their run log.
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const withId = (name: string) => {
    const t = db.schema.createTable(name);
    return dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };
  // Exactly one of component_id/project_id is set, or neither for a site-wide add-on.
  await withId('addons')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('component_id', 'integer', (c) => c.references('components.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (c) => c.references('projects.id').onDelete('cascade'))
    .addColumn('configuration', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('last_run', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('addons_component').on('addons').column('component_id').execute();
  await db.schema.createIndex('addons_project').on('addons').column('project_id').execute();

  await withId('addon_log')
    .addColumn('addon_id', 'integer', (c) => c.notNull().references('addons.id').onDelete('cascade'))
    .addColumn('component_id', 'integer', (c) => c.references('components.id').onDelete('cascade'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('success', 'integer', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('timestamp', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('addon_log_addon').on('addon_log').columns(['addon_id', 'id']).execute();

  // The outbox cursor of the change feed (AddonsService.startChangeFeed): the last change id handed to
  // add-ons. It starts at the newest change so that an existing database does not replay its history.
  await db.schema
    .createTable('addon_change_cursor')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('last_change_id', 'integer', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO addon_change_cursor (id, last_change_id) SELECT 1, COALESCE(MAX(id), 0) FROM changes`.execute(db);
}
