// The units that translate one source unit: the same string in the component's other languages.
import type { Executor } from './database.js';

/** Ids of the units whose source unit is `sourceUnitId`, itself excluded, in id order. */
export async function translationUnitIdsOf(db: Executor, sourceUnitId: number): Promise<number[]> {
  const rows = await db.selectFrom('units').select('id').where('source_unit_id', '=', sourceUnitId).where('id', '!=', sourceUnitId).orderBy('id').execute();
  return rows.map((r) => r.id);
}
