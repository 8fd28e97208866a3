// Component lists with their automatic assignment rules; glossaries need no new columns (components.is_glossary).
import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const withId = (name: string) => {
    const t = db.schema.createTable(name);
    return dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };
  await withId('component_lists')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('show_dashboard', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('component_list_components')
    .addColumn('componentlist_id', 'integer', (c) => c.notNull().references('component_lists.id').onDelete('cascade'))
    .addColumn('component_id', 'integer', (c) => c.notNull().references('components.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('component_list_components_pk', ['componentlist_id', 'component_id'])
    .execute();
  await db.schema.createIndex('component_list_components_component').on('component_list_components').column('component_id').execute();
  // Rules are few (a handful per list) and read on every component creation: kept in their own table.
  await withId('component_list_rules')
    .addColumn('componentlist_id', 'integer', (c) => c.notNull().references('component_lists.id').onDelete('cascade'))
    .addColumn('project_match', 'text', (c) => c.notNull())
    .addColumn('component_match', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('component_list_rules_list').on('component_list_rules').column('componentlist_id').execute();
  // Glossary lookups select a project's glossary components.
  await db.schema.createIndex('components_glossary').on('components').columns(['project_id', 'is_glossary']).execute();
}
