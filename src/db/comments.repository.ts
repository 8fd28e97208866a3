// Comments on units: the list with authors, whether a unit has an open one, adding, resolving and removal.
import type { Executor } from './database.js';
import type { CommentRow } from './schema.js';

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
