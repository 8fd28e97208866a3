// Edits not yet in the files: pending units and unit removals, and what writing them to the files clears.
import { isSqlite, type Executor } from './database.js';
import type { UnitRemovalsTable } from './schema.js';
import type { Selectable } from 'kysely';
import { unitsOfComponent, unitsWithComponents } from './unit-lists.repository.js';

/** Whether any unit of the component has an edit not yet written to its file. */
export async function hasPendingUnit(db: Executor, componentId: number): Promise<boolean> {
  const pending = await unitsOfComponent(db, componentId).select('units.id').where('units.pending', '<>', 0).limit(1).executeTakeFirst();
  return !!pending;
}

/** Marks every unit of the component pending, so that the next write rewrites every file. */
export async function markComponentUnitsPending(db: Executor, componentId: number): Promise<void> {
  await db.updateTable('units').set({ pending: 1 }).where('translation_id', 'in', (eb) => eb.selectFrom('translations').select('id').where('component_id', '=', componentId)).execute();
}

/** Components with pending edits, with their commit_pending_age (hours) and their oldest pending edit's time. */
export function oldestPendingByComponent(db: Executor) {
  return unitsWithComponents(db)
    .select(['components.id as id', 'components.commit_pending_age as age'])
    .select((eb) => eb.fn.min('units.last_updated').as('oldest'))
    .where('units.pending', '<>', 0)
    .groupBy(['components.id', 'components.commit_pending_age'])
    .execute();
}

/** The component's translations (or only `only`) with pending units or removals, each once. */
export async function dirtyTranslationIds(db: Executor, componentId: number, only?: number): Promise<number[]> {
  let pending = unitsOfComponent(db, componentId).select('units.translation_id as id').distinct().where('units.pending', '<>', 0);
  let removed = db
    .selectFrom('unit_removals')
    .innerJoin('translations', 'translations.id', 'unit_removals.translation_id')
    .select('unit_removals.translation_id as id')
    .distinct()
    .where('translations.component_id', '=', componentId);
  if (only !== undefined) {
    pending = pending.where('translations.id', '=', only);
    removed = removed.where('translations.id', '=', only);
  }
  const rows = [...(await pending.execute()), ...(await removed.execute())];
  return [...new Set(rows.map((r) => r.id))];
}

/** Units removed from a translation whose file still holds them. */
export function removalsOfTranslation(db: Executor, translationId: number): Promise<Selectable<UnitRemovalsTable>[]> {
  return db.selectFrom('unit_removals').selectAll().where('translation_id', '=', translationId).execute();
}

export async function insertUnitRemoval(db: Executor, translationId: number, idHash: string): Promise<void> {
  await db.insertInto('unit_removals').values({ translation_id: translationId, id_hash: idHash }).execute();
}

export async function deleteRemovals(db: Executor, ids: number[]): Promise<void> {
  await db.deleteFrom('unit_removals').where('id', 'in', ids).execute();
}

/**
 * PostgreSQL: locks the translation's pending units in id order, as an upload does (its rows FOR UPDATE by
 * id), so that batched updates that follow never hold one row while waiting for another (a deadlock).
 * SQLite's writers are serialized already.
 */
export async function lockPendingUnits(db: Executor, translationId: number): Promise<void> {
  if (!isSqlite(db)) await db.selectFrom('units').select('id').where('translation_id', '=', translationId).where('pending', '<>', 0).orderBy('id').forUpdate().execute();
}

/** Clears the pending mark of the translation's units that carry one of these stamps. */
export async function clearPendingStamps(db: Executor, translationId: number, stamps: number[]): Promise<void> {
  await db.updateTable('units').set({ pending: 0 }).where('translation_id', '=', translationId).where('pending', 'in', stamps).execute();
}

/** Clears the pending mark of the translation's units that carry this stamp (the file holds their values). */
export async function clearPendingStamp(db: Executor, translationId: number, stamp: number): Promise<void> {
  await db.updateTable('units').set({ pending: 0 }).where('translation_id', '=', translationId).where('pending', '=', stamp).execute();
}
