// Quality checks: one row per failing check of a unit; dismissed rows stay while the check keeps failing.
import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  let t = db.schema.createTable('checks');
  t = dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await t
    .addColumn('unit_id', 'integer', (c) => c.notNull().references('units.id').onDelete('cascade'))
    // The reference's check id, e.g. "c_format", "max-length".
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('dismissed', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('checks_unit_name', ['unit_id', 'name'])
    .execute();
  await db.schema.createIndex('checks_name').on('checks').column('name').execute();
  await db.schema.createIndex('checks_unit').on('checks').column('unit_id').execute();
}
