// Profile counters of a user that suggestions, comments, uploads and automatic translation add to.
import type { Executor } from '../../db/database.js';
import { addToUserStat } from '../../db/unit-discussion.repository.js';

/** Profile counters: suggested, commented, uploaded. */
export async function bumpUserStat(tx: Executor, userId: number | null | undefined, column: 'stat_suggested' | 'stat_commented' | 'stat_uploaded', n = 1): Promise<void> {
  if (!userId || n === 0) return;
  await addToUserStat(tx, userId, column, n);
}
