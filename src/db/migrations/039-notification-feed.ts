// Notifications delivered from the change feed: its cursor, the items waiting for a digest, and the digests sent.
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const withId = (name: string) => {
    const t = db.schema.createTable(name);
    return dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };
  // The last change id the notification feed handled; it starts at the newest change so that an
  // existing database does not mail its history.
  await db.schema
    .createTable('notification_cursor')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('last_change_id', 'integer', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO notification_cursor (id, last_change_id) SELECT 1, COALESCE(MAX(id), 0) FROM changes`.execute(db);
  // A change waiting for the recipient's next digest of that frequency; one row per user, frequency and change.
  await withId('notification_digest_items')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('frequency', 'integer', (c) => c.notNull())
    .addColumn('change_id', 'integer', (c) => c.notNull())
    .addColumn('notification', 'text', (c) => c.notNull())
    // The subscription that asked for it: the digest's unsubscribe link ends that one (no foreign key: a removed one is skipped).
    .addColumn('subscription_id', 'integer', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notification_digest_items_unique').on('notification_digest_items').unique().columns(['user_id', 'frequency', 'change_id']).execute();
  // A digest sent: the unique row is the claim that keeps two processes from sending the same period twice.
  await withId('notification_digests')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('frequency', 'integer', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('items', 'integer', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notification_digests_unique').on('notification_digests').unique().columns(['user_id', 'frequency', 'period']).execute();
}
