// Single sign-on: the provider identities (issuer and subject) linked to accounts, and the sign-ins started at a provider and not yet finished.
import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  let t = db.schema.createTable('user_identities');
  t = dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await t
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('last_login', 'text')
    .execute();
  await db.schema.createIndex('user_identities_subject').on('user_identities').columns(['issuer', 'subject']).unique().execute();
  await db.schema.createIndex('user_identities_user').on('user_identities').column('user_id').execute();

  // Keyed by the SHA-256 of the state sent to the provider; a callback consumes its row, so it works once.
  await db.schema
    .createTable('oidc_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('next', 'text', (c) => c.notNull())
    .addColumn('expires', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('oidc_requests_expires').on('oidc_requests').column('expires').execute();
}
