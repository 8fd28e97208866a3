// Project labels and their assignment to source strings.
import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const id = dialect === 'postgres' ? db.schema.createTable('labels').addColumn('id', 'serial', (c) => c.primaryKey()) : db.schema.createTable('labels').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await id
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('color', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('labels_project_name').on('labels').columns(['project_id', 'name']).unique().execute();

  // Labels are shared by every translation of a string, so they hang on the source unit only.
  await db.schema
    .createTable('unit_labels')
    .addColumn('unit_id', 'integer', (c) => c.notNull().references('units.id').onDelete('cascade'))
    .addColumn('label_id', 'integer', (c) => c.notNull().references('labels.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('unit_labels_pk', ['unit_id', 'label_id'])
    .execute();
  await db.schema.createIndex('unit_labels_label').on('unit_labels').column('label_id').execute();
}
