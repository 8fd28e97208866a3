// Audit log: who changed which user, team, role or token, kept when the subject user is anonymised.
import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  let t = db.schema.createTable('audit_log');
  t = dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await t
    .addColumn('timestamp', 'text', (c) => c.notNull())
    // No foreign keys: entries outlive what they mention (deleted teams, removed bots).
    .addColumn('actor_id', 'integer')
    .addColumn('user_id', 'integer')
    .addColumn('group_id', 'integer')
    .addColumn('role_id', 'integer')
    .addColumn('project_id', 'integer')
    .addColumn('activity', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  for (const f of ['actor_id', 'user_id', 'group_id']) await db.schema.createIndex(`audit_log_${f}`).on('audit_log').columns([f, 'id']).execute();
}
