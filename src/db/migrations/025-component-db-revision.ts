// Each git component records the checkout revision its database rows were last brought in line with.
import type { Kysely } from 'kysely';

/*
 * A process killed between moving a checkout's HEAD (a pull's merge) and importing the files leaves the
 * database behind while git reports nothing left to pull: comparing HEAD with db_revision finds it. Rows
 * from before this column start at '' ("not recorded"): the next repository operation adopts the HEAD it
 * finds, as the server trusted the checkout until now.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('components').addColumn('db_revision', 'text', (c) => c.notNull().defaultTo('')).execute();
}
