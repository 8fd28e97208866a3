// Repository state kept with the component: the last failed merge or rebase, shown until the next successful pull.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('components').addColumn('merge_failure', 'text', (c) => c.notNull().defaultTo('')).execute();
}
