// Component links: a component shown and translated in other projects as well as its own.
import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  let t = db.schema.createTable('component_links');
  t = dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await t
    .addColumn('component_id', 'integer', (c) => c.notNull().references('components.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addUniqueConstraint('component_links_pair', ['component_id', 'project_id'])
    .execute();
  await db.schema.createIndex('component_links_project').on('component_links').column('project_id').execute();
}
