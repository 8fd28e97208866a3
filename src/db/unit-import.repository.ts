// Units as files bring them in and take them out: the plain and locked reads of an upload or a re-read of the files, and its writes.
import type { Updateable } from 'kysely';
import { isSqlite, type Executor } from './database.js';
import type { NewUnit, UnitRow, UnitsTable } from './schema.js';

/** A translation's units, in no particular order. */
export function unorderedUnitsOfTranslation(db: Executor, translationId: number): Promise<UnitRow[]> {
  return db.selectFrom('units').selectAll().where('translation_id', '=', translationId).execute();
}

/**
 * A translation's units, locked until the transaction ends (PostgreSQL): counter deltas computed from
 * these rows stay right, as a concurrent edit cannot change them in between. SQLite's writers are
 * serialized already.
 */
export function lockedUnitsOfTranslation(db: Executor, translationId: number): Promise<UnitRow[]> {
  const query = db.selectFrom('units').selectAll().where('translation_id', '=', translationId);
  // In id order, like every other writer that locks several units of a translation (no lock-order deadlock).
  return (isSqlite(db) ? query : query.orderBy('id').forUpdate()).execute();
}

/** The id hashes of a translation's units. */
export function unitHashesOfTranslation(db: Executor, translationId: number): Promise<{ id_hash: string }[]> {
  return db.selectFrom('units').select(['id_hash']).where('translation_id', '=', translationId).execute();
}

/** The units of these translations that have one of these id hashes. */
export function unitsWithHashes(db: Executor, translationIds: number[], hashes: string[]): Promise<UnitRow[]> {
  return db.selectFrom('units').selectAll().where('translation_id', 'in', translationIds).where('id_hash', 'in', hashes).execute();
}

/** The ids of a source translation's units by id hash. */
export function sourceUnitIds(db: Executor, translationId: number): Promise<{ id: number; id_hash: string }[]> {
  return db.selectFrom('units').select(['id', 'id_hash']).where('translation_id', '=', translationId).execute();
}

export async function deleteUnits(db: Executor, ids: number[]): Promise<void> {
  await db.deleteFrom('units').where('id', 'in', ids).execute();
}

/** Deletes the units with these id hashes in the component's translations other than `sourceTranslationId`. */
export async function deleteTranslatedUnitsWithHashes(db: Executor, componentId: number, sourceTranslationId: number, hashes: string[]): Promise<void> {
  await db
    .deleteFrom('units')
    .where('id_hash', 'in', hashes)
    .where('translation_id', 'in', (eb) => eb.selectFrom('translations').select('id').where('component_id', '=', componentId).where('id', '<>', sourceTranslationId))
    .execute();
}

/** Writes what a file now says of a unit. */
export async function updateUnitFromFile(db: Executor, unitId: number, values: Updateable<UnitsTable>): Promise<void> {
  await db.updateTable('units').set(values).where('id', '=', unitId).execute();
}

/** Inserts units, resolving to their ids, sources and targets in insertion order. */
export function insertUnits(db: Executor, rows: NewUnit[]): Promise<{ id: number; source: string; target: string }[]> {
  return db.insertInto('units').values(rows).returning(['id', 'source', 'target']).execute();
}

/** New source units (no source unit yet) point at themselves. */
export async function linkNewSourceUnits(db: Executor, translationId: number): Promise<void> {
  await db.updateTable('units').set((eb) => ({ source_unit_id: eb.ref('id') })).where('translation_id', '=', translationId).where('source_unit_id', 'is', null).execute();
}

export async function markUnitHasSuggestion(db: Executor, unitId: number): Promise<void> {
  await db.updateTable('units').set({ has_suggestion: 1 }).where('id', '=', unitId).execute();
}
