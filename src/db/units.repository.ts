// Unit rows as edits change them: the unit lock, reads by string, inserts of new strings, writes of target, state, flags and pending marks.
import type { Insertable, Updateable } from 'kysely';
import type { Executor } from './database.js';
import type { NewUnit, TranslationRow, TranslationsTable, UnitRow, UnitsTable } from './schema.js';
import { unitsOfComponent } from './unit-lists.repository.js';

/**
 * Takes the unit's row lock (a no-op UPDATE: the database's write lock on SQLite) and reads the row as it
 * is then, in one statement; undefined if the unit is gone. Edits of one unit serialize on it.
 */
export function lockUnit(tx: Executor, id: number): Promise<UnitRow | undefined> {
  return tx.updateTable('units').set((eb) => ({ id: eb.ref('id') })).where('id', '=', id).returningAll().executeTakeFirst();
}

/** Whether the translation has a unit with this id hash. */
export async function hasUnitWithHash(db: Executor, translationId: number, idHash: string): Promise<boolean> {
  return !!(await db.selectFrom('units').select('id').where('translation_id', '=', translationId).where('id_hash', '=', idHash).executeTakeFirst());
}

/** The translation's unit with this id hash. */
export function unitWithHash(db: Executor, translationId: number, idHash: string): Promise<UnitRow | undefined> {
  return db.selectFrom('units').selectAll().where('translation_id', '=', translationId).where('id_hash', '=', idHash).executeTakeFirst();
}

/** The ids of the translation's units with these id hashes (one statement: callers keep the list under the parameter limits). */
export function unitIdsWithHashes(db: Executor, translationId: number, idHashes: string[]): Promise<{ id: number; id_hash: string }[]> {
  return db.selectFrom('units').select(['id', 'id_hash']).where('translation_id', '=', translationId).where('id_hash', 'in', idHashes).execute();
}

/** The translations of a source string: the units that link to it, itself left out. */
export function translationsOfSourceUnit(db: Executor, sourceUnitId: number): Promise<UnitRow[]> {
  return db.selectFrom('units').selectAll().where('source_unit_id', '=', sourceUnitId).where('id', '<>', sourceUnitId).execute();
}

/** The translations of several source strings (the units that link to them, the source units left out). */
export async function translationsOfSourceUnits(db: Executor, sourceUnitIds: readonly number[]): Promise<UnitRow[]> {
  const out: UnitRow[] = [];
  for (let i = 0; i < sourceUnitIds.length; i += 500) {
    const ids = sourceUnitIds.slice(i, i + 500);
    out.push(...(await db.selectFrom('units').selectAll().where('source_unit_id', 'in', ids).whereRef('id', '<>', 'source_unit_id').execute()));
  }
  return out;
}

/** The units of one string (id hash) in every translation of the component, but `exceptId`. */
export function otherUnitsOfString(db: Executor, componentId: number, idHash: string, exceptId: number): Promise<UnitRow[]> {
  return unitsOfComponent(db, componentId).selectAll('units').where('units.id_hash', '=', idHash).where('units.id', '<>', exceptId).execute();
}

/** The units of one string (id hash) in every translation of the component, each with its translation's language. */
export function unitsOfStringWithLanguage(db: Executor, componentId: number, idHash: string): Promise<(UnitRow & { t_language_id: number })[]> {
  return unitsOfComponent(db, componentId).selectAll('units').select(['translations.language_id as t_language_id']).where('units.id_hash', '=', idHash).execute();
}

/** The highest position in the translation (0 when it has no units). */
export async function lastPosition(db: Executor, translationId: number): Promise<number> {
  const last = await db.selectFrom('units').select((eb) => eb.fn.max('position').as('p')).where('translation_id', '=', translationId).executeTakeFirst();
  return Number(last?.p ?? 0);
}

export function insertUnit(db: Executor, values: NewUnit): Promise<UnitRow> {
  return db.insertInto('units').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Inserts units (one statement: callers keep the list under the parameter limits). */
export async function insertUnitRows(db: Executor, rows: NewUnit[]): Promise<void> {
  await db.insertInto('units').values(rows).execute();
}

/** Inserts a translation row (with its counters) and returns it. */
export function insertTranslationRow(db: Executor, values: Insertable<TranslationsTable>): Promise<TranslationRow> {
  return db.insertInto('translations').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function setSourceUnit(db: Executor, unitId: number, sourceUnitId: number): Promise<void> {
  await db.updateTable('units').set({ source_unit_id: sourceUnitId }).where('id', '=', unitId).execute();
}

/** Whether some unit has no link to a source unit (a restored backup may hold translations whose source string is missing). */
export async function anyUnlinkedUnit(db: Executor): Promise<boolean> {
  return !!(await db.selectFrom('units').select('id').where('source_unit_id', 'is', null).limit(1).executeTakeFirst());
}

/** Source units point at themselves, so that every unit has a source_unit link: all the units of a source translation. */
export async function linkSourceUnitsToThemselves(db: Executor, translationId: number): Promise<void> {
  await db.updateTable('units').set((eb) => ({ source_unit_id: eb.ref('id') })).where('translation_id', '=', translationId).execute();
}

/** A unit's new target and state with what they imply: the check outcome, the pending mark and the time. */
export async function setUnitContent(db: Executor, id: number, values: Pick<UnitRow, 'target' | 'state' | 'has_failing_check' | 'pending' | 'last_updated'>): Promise<void> {
  await db.updateTable('units').set(values).where('id', '=', id).execute();
}

/** A source string's explanation and extra flags. */
export async function setUnitSourceFields(db: Executor, id: number, values: Partial<Pick<UnitRow, 'explanation' | 'extra_flags'>>): Promise<void> {
  await db.updateTable('units').set(values).where('id', '=', id).execute();
}

/** A unit's source text with its metrics and hash, and what changing it implies (state, previous source, pending mark, time). */
export async function setUnitSource(
  db: Executor,
  id: number,
  values: Pick<UnitRow, 'source' | 'num_words' | 'num_chars' | 'content_hash'> & Partial<Pick<UnitRow, 'state' | 'previous_source' | 'pending' | 'last_updated'>>,
): Promise<void> {
  await db.updateTable('units').set(values).where('id', '=', id).execute();
}

/**
 * The outcome of re-checking units: has_failing_check, and where the state moved also the state, the
 * pending mark and the time (one statement: callers keep the list under the parameter limits).
 */
export async function setUnitsCheckOutcome(db: Executor, ids: number[], values: Pick<Updateable<UnitsTable>, 'state' | 'has_failing_check' | 'pending' | 'last_updated'>): Promise<void> {
  await db.updateTable('units').set(values).where('id', 'in', ids).execute();
}

export async function deleteUnit(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('units').where('id', '=', id).execute();
}
