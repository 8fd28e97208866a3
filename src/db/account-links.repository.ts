// Single-use links of account e-mails (invitations, password resets, registrations, address changes): stored by the hash of their secret.
import type { Insertable } from 'kysely';
import type { Executor } from './database.js';
import type { AccountLinkRow, AccountLinksTable } from './schema.js';

export async function insertAccountLink(db: Executor, values: Insertable<AccountLinksTable>): Promise<number> {
  return (await db.insertInto('account_links').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export function accountLinkByHash(db: Executor, kind: string, secretHash: string): Promise<AccountLinkRow | undefined> {
  return db.selectFrom('account_links').selectAll().where('secret_hash', '=', secretHash).where('kind', '=', kind).executeTakeFirst();
}

/** Marks the link used if it is unused and unexpired; false when it was not (used meanwhile by another request, or expired). */
export async function useAccountLink(db: Executor, id: number, now: string): Promise<boolean> {
  const res = await db.updateTable('account_links').set({ used: now }).where('id', '=', id).where('used', 'is', null).where('expires', '>', now).executeTakeFirst();
  return Number(res.numUpdatedRows ?? 0) > 0;
}

/** Ends the unused links of a kind for an address (a newer one replaces them), optionally of one team or user only. */
export async function retireAccountLinks(db: Executor, kind: string, email: string, now: string, scope: { groupId?: number | null; userId?: number } = {}): Promise<void> {
  let q = db.updateTable('account_links').set({ used: now }).where('kind', '=', kind).where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase())).where('used', 'is', null);
  if (scope.groupId !== undefined) q = scope.groupId === null ? q.where('group_id', 'is', null) : q.where('group_id', '=', scope.groupId);
  if (scope.userId !== undefined) q = q.where('user_id', '=', scope.userId);
  await q.execute();
}

/** Users whose e-mail address is this one, in any case (addresses are not unique among accounts). */
export function usersByEmail(db: Executor, email: string): Promise<{ id: number; username: string; email: string; full_name: string; is_active: number; is_bot: number }[]> {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'full_name', 'is_active', 'is_bot'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .orderBy('id')
    .execute();
}
