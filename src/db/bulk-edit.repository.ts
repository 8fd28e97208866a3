// The reads bulk edits and search and replace need: the ids a search finds in a translation, and units by id.
import type { Expression, SqlBool } from 'kysely';
import type { Executor } from './database.js';
import type { UnitRow } from './schema.js';
import { searchableUnits } from './unit-lists.repository.js';

/** The ids of a translation's units that a compiled search finds (all units without one), in file order. */
export async function unitIdsOfSearch(db: Executor, translationId: number, where: Expression<SqlBool> | null): Promise<number[]> {
  let q = searchableUnits(db).select('units.id').where('units.translation_id', '=', translationId);
  if (where) q = q.where(where);
  return (await q.orderBy('units.position').orderBy('units.id').execute()).map((r) => r.id);
}

/** Units by id, in the order of `ids` (those gone meanwhile left out). */
export async function unitsInOrder(db: Executor, ids: readonly number[]): Promise<UnitRow[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('units').selectAll().where('id', 'in', [...ids]).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is UnitRow => r !== undefined);
}

/** The file flags and extra flags of source units, by id. */
export async function flagsOfUnits(db: Executor, ids: readonly number[]): Promise<Map<number, { flags: string; extra_flags: string }>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('units').select(['id', 'flags', 'extra_flags']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, { flags: r.flags, extra_flags: r.extra_flags }]));
}
