// Announcements: messages posted for a project, a category, a component, a translation or one language of a project.
import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/*
 * The scope is the set of columns that are filled: a project announcement has only project_id, a
 * component one project_id and component_id, a translation one also language_id, a project-language one
 * project_id and language_id, a category one project_id and category_id. Lists read one exact scope.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const table = db.schema.createTable('announcements');
  const withId = dialect === 'postgres' ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await withId
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('severity', 'text', (c) => c.notNull().defaultTo('info'))
    .addColumn('expiry', 'text') // YYYY-MM-DD, or null for no end
    .addColumn('notify', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('project_id', 'integer', (c) => c.references('projects.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.references('categories.id').onDelete('cascade'))
    .addColumn('component_id', 'integer', (c) => c.references('components.id').onDelete('cascade'))
    .addColumn('language_id', 'integer', (c) => c.references('languages.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('announcements_project').on('announcements').columns(['project_id', 'component_id']).execute();
  await db.schema.createIndex('announcements_category').on('announcements').column('category_id').execute();
  await db.schema.createIndex('announcements_component').on('announcements').column('component_id').execute();
}
