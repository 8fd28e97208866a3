// What discussion (suggestions and comments) writes beside them: the unit's has_suggestion/has_comment flags, the profile counters.
import type { Executor } from './database.js';

export async function setUnitDiscussionFlags(tx: Executor, unitId: number, hasSuggestion: number, hasComment: number): Promise<void> {
  await tx.updateTable('units').set({ has_suggestion: hasSuggestion, has_comment: hasComment }).where('id', '=', unitId).execute();
}

/** Sets has_suggestion on units that have just been given suggestions. */
export async function markHasSuggestion(tx: Executor, unitIds: number[]): Promise<void> {
  await tx.updateTable('units').set({ has_suggestion: 1 }).where('id', 'in', unitIds).execute();
}

/** Moves a profile counter (suggested, commented, uploaded) by `n`. */
export async function addToUserStat(tx: Executor, userId: number, column: 'stat_suggested' | 'stat_commented' | 'stat_uploaded', n: number): Promise<void> {
  await tx.updateTable('users').set((eb) => ({ [column]: eb(column, '+', n) })).where('id', '=', userId).execute();
}
