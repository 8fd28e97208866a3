// What the units' trigram frequency samples read: the largest unit id and one indexed text column of units picked by id.
import { sql } from 'kysely';
import type { Executor } from './database.js';
import type { FtsColumn } from './unit-search/compile.js';

/** The largest unit id (0 without units): ids are dense enough to stand for the table's size. */
export async function maxUnitId(db: Executor): Promise<number> {
  const row = await db.selectFrom('units').select(sql<number | null>`max(id)`.as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** One indexed text column of the units with these ids ("" for a missing text), in no particular order. */
export async function unitTextsByIds(db: Executor, column: FtsColumn, ids: readonly number[]): Promise<string[]> {
  const rows = await db.selectFrom('units').select(sql<string>`${sql.ref(column)}`.as('text')).where('id', 'in', [...ids]).execute();
  return rows.map((r) => r.text ?? '');
}
