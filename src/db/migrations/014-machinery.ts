// Machine translation settings: one engine configuration per project, or site-wide when project_id is null.
import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  let t = db.schema.createTable('machinery_settings');
  t = dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await t
    .addColumn('project_id', 'integer', (c) => c.references('projects.id').onDelete('cascade'))
    .addColumn('engine', 'text', (c) => c.notNull())
    // JSON object; secrets are stored as given and masked by the API.
    .addColumn('configuration', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .execute();
  // One row per (project, engine); NULL project ids are distinct in a unique index, so the service checks site-wide rows.
  await db.schema.createIndex('machinery_settings_project_engine').on('machinery_settings').columns(['project_id', 'engine']).unique().execute();
}
