// Notification subscriptions of users: what to be told about, where and how often.
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const table = db.schema.createTable('subscriptions');
  await (dialect === 'postgres' ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('notification', 'text', (c) => c.notNull())
    .addColumn('scope', 'integer', (c) => c.notNull())
    .addColumn('frequency', 'integer', (c) => c.notNull())
    .addColumn('project_id', 'integer', (c) => c.references('projects.id').onDelete('cascade'))
    .addColumn('component_id', 'integer', (c) => c.references('components.id').onDelete('cascade'))
    .execute();
  // NULLs are distinct in unique indexes on both engines: index 0 in their place (ids start at 1).
  await db.schema
    .createIndex('subscriptions_unique')
    .on('subscriptions')
    .unique()
    .expression(sql`user_id, notification, scope, coalesce(project_id, 0), coalesce(component_id, 0)`)
    .execute();
  await db.schema.createIndex('subscriptions_project').on('subscriptions').column('project_id').execute();
  await db.schema.createIndex('subscriptions_component').on('subscriptions').column('component_id').execute();
}
