// Comments on units and votes on suggestions.
import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const withId = (name: string) => {
    const t = db.schema.createTable(name);
    return dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };
  // A comment belongs to one unit: scope "translation" to the translated unit, "global"/"report" to its source unit.
  await withId('comments')
    .addColumn('unit_id', 'integer', (c) => c.notNull().references('units.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull().defaultTo('translation'))
    .addColumn('resolved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('timestamp', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('comments_unit').on('comments').columns(['unit_id', 'resolved']).execute();

  // One vote per user and suggestion: +1 or -1.
  await withId('suggestion_votes')
    .addColumn('suggestion_id', 'integer', (c) => c.notNull().references('suggestions.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('value', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('suggestion_votes_unique').on('suggestion_votes').columns(['suggestion_id', 'user_id']).unique().execute();
}
