// A component shared into another project may be placed in one of that project's categories.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('component_links').addColumn('category_id', 'integer', (c) => c.references('categories.id').onDelete('set null')).execute();
}
