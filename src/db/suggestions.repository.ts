// Suggestions and their votes: the list with vote sums, lookups, adding (one or many), voting and removal.
import type { ExpressionBuilder, Insertable } from 'kysely';
import type { Executor } from './database.js';
import type { Database, SuggestionRow, SuggestionsTable } from './schema.js';

/** Which suggestions to read: those of one unit, or one by id. */
export interface SuggestionsWhere {
  unitId?: number;
  id?: number;
}

/** The sum of a suggestion's votes (0 without votes), as the column `votes` of a query over `suggestions`. */
export function voteSum(eb: ExpressionBuilder<Database, 'suggestions'>) {
  return eb
    .selectFrom('suggestion_votes')
    .select((e) => e.fn.coalesce(e.fn.sum<number>('suggestion_votes.value'), e.lit(0)).as('v'))
    .whereRef('suggestion_votes.suggestion_id', '=', 'suggestions.id')
    .as('votes');
}

/** Suggestions with their author's username and the sum of their votes, newest first (as the reference lists them). */
export function suggestionsWithVotes(db: Executor, where: SuggestionsWhere): Promise<(SuggestionRow & { username: string | null; votes: number | null })[]> {
  let q = db
    .selectFrom('suggestions')
    .leftJoin('users', 'users.id', 'suggestions.user_id')
    .selectAll('suggestions')
    .select(['users.username as username'])
    .select(voteSum);
  if (where.unitId !== undefined) q = q.where('suggestions.unit_id', '=', where.unitId);
  if (where.id !== undefined) q = q.where('suggestions.id', '=', where.id);
  return q.orderBy('suggestions.id', 'desc').execute();
}

/** The unit's oldest suggestion with exactly this text. */
export function suggestionWithTarget(db: Executor, unitId: number, target: string): Promise<SuggestionRow | undefined> {
  return db.selectFrom('suggestions').selectAll().where('unit_id', '=', unitId).where('target', '=', target).orderBy('id').executeTakeFirst();
}

export function suggestionById(db: Executor, id: number): Promise<SuggestionRow | undefined> {
  return db.selectFrom('suggestions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The unit a suggestion is on, or undefined when there is no such suggestion. */
export async function unitIdOfSuggestion(db: Executor, id: number): Promise<number | undefined> {
  const s = await db.selectFrom('suggestions').select('unit_id').where('id', '=', id).executeTakeFirst();
  return s?.unit_id;
}

/** Whether the unit has any suggestion. */
export async function unitHasSuggestion(db: Executor, unitId: number): Promise<boolean> {
  return (await db.selectFrom('suggestions').select('id').where('unit_id', '=', unitId).limit(1).executeTakeFirst()) !== undefined;
}

/** Adds a suggestion and answers its id. */
export async function insertSuggestion(db: Executor, values: { unit_id: number; target: string; user_id: number | null; timestamp: string; details: string }): Promise<number> {
  return (await db.insertInto('suggestions').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** The suggestion texts the units have. */
export function suggestionTargetsOf(tx: Executor, unitIds: number[]): Promise<{ unit_id: number; target: string }[]> {
  return tx.selectFrom('suggestions').select(['unit_id', 'target']).where('unit_id', 'in', unitIds).execute();
}

/** Adds many suggestions in one statement (automatic translation). */
export async function insertSuggestions(tx: Executor, rows: Insertable<SuggestionsTable>[]): Promise<void> {
  await tx.insertInto('suggestions').values(rows).execute();
}

/** Deletes a suggestion (its votes go with it); false when it was already gone. */
export async function deleteSuggestion(db: Executor, id: number): Promise<boolean> {
  const gone = await db.deleteFrom('suggestions').where('id', '=', id).executeTakeFirst();
  return Number(gone.numDeletedRows) > 0;
}

export async function insertSuggestionVote(db: Executor, suggestionId: number, userId: number, value: number): Promise<void> {
  await db.insertInto('suggestion_votes').values({ suggestion_id: suggestionId, user_id: userId, value }).execute();
}

/** Takes back a user's vote on a suggestion. */
export async function deleteSuggestionVote(db: Executor, suggestionId: number, userId: number): Promise<void> {
  await db.deleteFrom('suggestion_votes').where('suggestion_id', '=', suggestionId).where('user_id', '=', userId).execute();
}
