// API tokens: users' tokens, project tokens and the bot users behind them (only the SHA-256 of a token is stored).
import type { Insertable } from 'kysely';
import type { Executor } from './database.js';
import type { ProjectRow, TokensTable, UserRow } from './schema.js';

/** The user of a token with the token's own expiry, or undefined for an unknown token. */
export function userOfToken(db: Executor, keyHash: string): Promise<(UserRow & { token_expires: string | null }) | undefined> {
  return db
    .selectFrom('tokens')
    .innerJoin('users', 'users.id', 'tokens.user_id')
    .selectAll('users')
    .select(['tokens.expires as token_expires'])
    .where('tokens.key_hash', '=', keyHash)
    .executeTakeFirst();
}

export async function insertToken(db: Executor, values: Insertable<TokensTable>): Promise<void> {
  await db.insertInto('tokens').values(values).execute();
}

/** Inserts a token and answers its id. */
export async function insertTokenId(db: Executor, values: Insertable<TokensTable>): Promise<number> {
  return (await db.insertInto('tokens').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** Removes the user's own API token (a user has at most one). */
export async function deleteUserToken(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('tokens').where('user_id', '=', userId).where('kind', '=', 'user').execute();
}

export function userTokenCreated(db: Executor, userId: number): Promise<{ created: string } | undefined> {
  return db.selectFrom('tokens').select('created').where('user_id', '=', userId).where('kind', '=', 'user').executeTakeFirst();
}

/** Removes every token of the user, of any kind. */
export async function deleteTokensOfUser(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('tokens').where('user_id', '=', userId).execute();
}

export async function deleteToken(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('tokens').where('id', '=', id).execute();
}

/** The projects whose project tokens authenticate as this (bot) user. */
export function projectsOfProjectTokens(db: Executor, userId: number): Promise<ProjectRow[]> {
  return db
    .selectFrom('tokens')
    .innerJoin('projects', 'projects.id', 'tokens.project_id')
    .selectAll('projects')
    .where('tokens.user_id', '=', userId)
    .where('tokens.kind', '=', 'project')
    .execute();
}

export interface ProjectTokenListing {
  id: number;
  name: string;
  username: string;
  created: string;
  expires: string | null;
}

/** A project's tokens with the name and username of their bots, in id order. */
export function projectTokensOfProject(db: Executor, projectId: number): Promise<ProjectTokenListing[]> {
  return db
    .selectFrom('tokens')
    .innerJoin('users', 'users.id', 'tokens.user_id')
    .select(['tokens.id', 'users.full_name as name', 'users.username', 'tokens.created', 'tokens.expires'])
    .where('tokens.project_id', '=', projectId)
    .where('tokens.kind', '=', 'project')
    .orderBy('tokens.id')
    .execute();
}

export function projectTokenById(db: Executor, projectId: number, id: number): Promise<{ id: number; user_id: number } | undefined> {
  return db
    .selectFrom('tokens')
    .select(['id', 'user_id'])
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .where('kind', '=', 'project')
    .executeTakeFirst();
}

/** Removes the bots of a project's tokens (their tokens and memberships go with them: foreign keys cascade). */
export async function deleteProjectBots(db: Executor, projectId: number): Promise<void> {
  const bots = db.selectFrom('tokens').select('user_id').where('project_id', '=', projectId).where('kind', '=', 'project');
  await db.deleteFrom('users').where('id', 'in', bots).where('is_bot', '=', 1).execute();
}
