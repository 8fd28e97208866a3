// Second factors: TOTP secrets (encrypted), WebAuthn credentials, hashed recovery codes, pending second-factor sign-ins; users.has_2fa and last_2fa.
import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const serial = (t: ReturnType<Kysely<any>['schema']['createTable']>) =>
    dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  // Kept on the user row so that authenticating a session knows it without another query.
  await db.schema.alterTable('users').addColumn('has_2fa', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('users').addColumn('last_2fa', 'text').execute();

  await db.schema
    .createTable('user_totp')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('confirmed', 'integer', (c) => c.notNull().defaultTo(0))
    // The newest time step a code was accepted for: codes of that step and earlier are refused (no replay).
    .addColumn('last_step', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();

  await serial(db.schema.createTable('user_webauthn'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('last_used', 'text')
    .execute();
  await db.schema.createIndex('user_webauthn_user').on('user_webauthn').column('user_id').execute();

  await serial(db.schema.createTable('user_recovery_codes'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used', 'text')
    .execute();
  await db.schema.createIndex('user_recovery_codes_user').on('user_recovery_codes').columns(['user_id', 'code_hash']).execute();

  // A password that proved right and waits for its second factor (login), or a key registration under way (register).
  await db.schema
    .createTable('second_factor_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('challenge', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('expires', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('second_factor_challenges_expires').on('second_factor_challenges').column('expires').execute();
}
