// Comments on units, and what discussion (comments and suggestions) writes beside them: the unit's row lock, its has_suggestion/has_comment flags, the profile counters.
import type { Executor } from './database.js';
import type { CommentRow, UnitRow } from './schema.js';

/** Which comments to read: those on some units, or one by id. */
export interface CommentsWhere {
  unitIds?: number[];
  id?: number;
}

/** Comments with their author's username, oldest first. */
export function commentsWithUsernames(db: Executor, where: CommentsWhere): Promise<(CommentRow & { username: string | null })[]> {
  let q = db.selectFrom('comments').leftJoin('users', 'users.id', 'comments.user_id').selectAll('comments').select(['users.username as username']);
  if (where.unitIds) q = q.where('comments.unit_id', 'in', where.unitIds);
  if (where.id !== undefined) q = q.where('comments.id', '=', where.id);
  return q.orderBy('comments.id').execute();
}

/** Whether the unit has an unresolved comment. */
export async function unitHasUnresolvedComment(db: Executor, unitId: number): Promise<boolean> {
  return (await db.selectFrom('comments').select('id').where('unit_id', '=', unitId).where('resolved', '=', 0).limit(1).executeTakeFirst()) !== undefined;
}

/** Adds a comment and answers its id. */
export async function insertComment(db: Executor, values: { unit_id: number; user_id: number | null; comment: string; scope: string; resolved: number; timestamp: string }): Promise<number> {
  return (await db.insertInto('comments').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function markCommentResolved(db: Executor, id: number): Promise<void> {
  await db.updateTable('comments').set({ resolved: 1 }).where('id', '=', id).execute();
}

/** Deletes a comment; false when it was already gone. */
export async function deleteComment(db: Executor, id: number): Promise<boolean> {
  const gone = await db.deleteFrom('comments').where('id', '=', id).executeTakeFirst();
  return Number(gone.numDeletedRows) > 0;
}

/** Takes the unit's row lock (a no-op UPDATE) so flag updates of one unit serialize, and re-reads it; undefined if it is gone. */
export async function lockAndReadUnit(tx: Executor, unitId: number): Promise<UnitRow | undefined> {
  await tx.updateTable('units').set((eb) => ({ id: eb.ref('id') })).where('id', '=', unitId).execute();
  return tx.selectFrom('units').selectAll().where('id', '=', unitId).executeTakeFirst();
}

export async function setUnitDiscussionFlags(tx: Executor, unitId: number, hasSuggestion: number, hasComment: number): Promise<void> {
  await tx.updateTable('units').set({ has_suggestion: hasSuggestion, has_comment: hasComment }).where('id', '=', unitId).execute();
}

/** Moves a profile counter (suggested, commented) by `n`. */
export async function addToUserStat(tx: Executor, userId: number, column: 'stat_suggested' | 'stat_commented', n: number): Promise<void> {
  await tx.updateTable('users').set((eb) => ({ [column]: eb(column, '+', n) })).where('id', '=', userId).execute();
}
