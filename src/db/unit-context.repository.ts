// The editor's context reads around one unit: its neighbours in file order, its other languages, its change records.
import type { Executor } from './database.js';
import type { UnitRow } from './schema.js';

/** The fields of a unit the context panels show. */
export type ContextUnitRow = Pick<UnitRow, 'id' | 'source' | 'target' | 'state' | 'context' | 'position'>;

const CONTEXT_FIELDS = ['units.id', 'units.source', 'units.target', 'units.state', 'units.context', 'units.position'] as const;

/**
 * Up to `n` units before and `n` after a unit of a translation, in file order (position, then id), the unit itself
 * left out: two index range reads on (translation_id, position, id).
 */
export async function neighbourUnits(db: Executor, unit: Pick<UnitRow, 'id' | 'translation_id' | 'position'>, n: number): Promise<{ before: ContextUnitRow[]; after: ContextUnitRow[] }> {
  const [before, after] = await Promise.all([
    db
      .selectFrom('units')
      .select(CONTEXT_FIELDS)
      .where('units.translation_id', '=', unit.translation_id)
      .where((eb) => eb.or([eb('units.position', '<', unit.position), eb.and([eb('units.position', '=', unit.position), eb('units.id', '<', unit.id)])]))
      .orderBy('units.position', 'desc')
      .orderBy('units.id', 'desc')
      .limit(n)
      .execute(),
    db
      .selectFrom('units')
      .select(CONTEXT_FIELDS)
      .where('units.translation_id', '=', unit.translation_id)
      .where((eb) => eb.or([eb('units.position', '>', unit.position), eb.and([eb('units.position', '=', unit.position), eb('units.id', '>', unit.id)])]))
      .orderBy('units.position')
      .orderBy('units.id')
      .limit(n)
      .execute(),
  ]);
  return { before: before.reverse(), after };
}

/** A unit of the same source string in another language of the component, with its language. */
export type LanguageUnitRow = Pick<UnitRow, 'id' | 'source' | 'target' | 'state'> & { code: string; name: string; direction: string };

/** The units that translate `sourceUnitId` into the component's other languages (not the source language, not `exceptUnitId`). */
export function otherLanguageUnits(db: Executor, sourceUnitId: number, exceptUnitId: number): Promise<LanguageUnitRow[]> {
  return db
    .selectFrom('units')
    .innerJoin('translations', 'translations.id', 'units.translation_id')
    .innerJoin('languages', 'languages.id', 'translations.language_id')
    .select(['units.id', 'units.source', 'units.target', 'units.state', 'languages.code', 'languages.name', 'languages.direction'])
    .where('units.source_unit_id', '=', sourceUnitId)
    .where('units.id', '!=', exceptUnitId)
    .where('translations.is_source', '=', 0)
    .orderBy('languages.name')
    .orderBy('units.id')
    .execute();
}

/** A change record of a unit with the username of whoever made it (null for changes nobody made, or removed users). */
export type UnitChangeRow = { id: number; action: number; timestamp: string; target: string; old: string; username: string | null; full_name: string | null };

/** The newest `limit` change records of a unit, newest first (the index on changes (unit_id, id)). */
export function unitChangeRows(db: Executor, unitId: number, limit: number): Promise<UnitChangeRow[]> {
  return db
    .selectFrom('changes')
    .leftJoin('users', 'users.id', 'changes.author_id')
    .select(['changes.id', 'changes.action', 'changes.timestamp', 'changes.target', 'changes.old', 'users.username', 'users.full_name'])
    .where('changes.unit_id', '=', unitId)
    .orderBy('changes.id', 'desc')
    .limit(limit)
    .execute();
}

/** One change record of a unit, or undefined when `changeId` names none of its changes. */
export function unitChangeRow(db: Executor, unitId: number, changeId: number): Promise<Pick<UnitChangeRow, 'id' | 'action' | 'target' | 'old'> | undefined> {
  return db.selectFrom('changes').select(['id', 'action', 'target', 'old']).where('id', '=', changeId).where('unit_id', '=', unitId).executeTakeFirst();
}
