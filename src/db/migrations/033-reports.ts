// Generated reports (credits, contributor statistics): their parameters and data, kept for later downloads.
import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const table = db.schema.createTable('reports');
  const withId = dialect === 'postgres' ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await withId
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('creator_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created', 'text', (c) => c.notNull())
    // At most one scope; none for a site-wide report.
    .addColumn('project_id', 'integer', (c) => c.references('projects.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.references('categories.id').onDelete('cascade'))
    .addColumn('component_id', 'integer', (c) => c.references('components.id').onDelete('cascade'))
    .addColumn('parameters', 'text', (c) => c.notNull()) // JSON object
    .addColumn('data', 'text', (c) => c.notNull()) // JSON
    .execute();
  await db.schema.createIndex('reports_creator').on('reports').column('creator_id').execute();
  await db.schema.createIndex('reports_project').on('reports').column('project_id').execute();
}
