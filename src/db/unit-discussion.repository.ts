// What discussion (suggestions and comments) writes beside them: the unit's row lock, its has_suggestion/has_comment flags, the profile counters.
import type { Executor } from './database.js';
import type { UnitRow } from './schema.js';

/** Takes the unit's row lock (a no-op UPDATE) so flag updates of one unit serialize, and re-reads it; undefined if it is gone. */
export async function lockAndReadUnit(tx: Executor, unitId: number): Promise<UnitRow | undefined> {
  await tx.updateTable('units').set((eb) => ({ id: eb.ref('id') })).where('id', '=', unitId).execute();
  return tx.selectFrom('units').selectAll().where('id', '=', unitId).executeTakeFirst();
}

export async function setUnitDiscussionFlags(tx: Executor, unitId: number, hasSuggestion: number, hasComment: number): Promise<void> {
  await tx.updateTable('units').set({ has_suggestion: hasSuggestion, has_comment: hasComment }).where('id', '=', unitId).execute();
}

/** Sets has_suggestion on units that have just been given suggestions. */
export async function markHasSuggestion(tx: Executor, unitIds: number[]): Promise<void> {
  await tx.updateTable('units').set({ has_suggestion: 1 }).where('id', 'in', unitIds).execute();
}

/** Moves a profile counter (suggested, commented) by `n`. */
export async function addToUserStat(tx: Executor, userId: number, column: 'stat_suggested' | 'stat_commented', n: number): Promise<void> {
  await tx.updateTable('users').set((eb) => ({ [column]: eb(column, '+', n) })).where('id', '=', userId).execute();
}
