// Second factors: authenticator app secrets, security keys, recovery codes, pending second-factor challenges, and the projects and teams that require one.
import { sql } from 'kysely';
import type { Executor } from './database.js';
import type { Timestamp } from './schema.js';

export function totpOf(db: Executor, userId: number) {
  return db.selectFrom('user_totp').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Starts (or restarts) an enrolment: an unconfirmed secret replaces an earlier unconfirmed one. */
export async function putUnconfirmedTotp(db: Executor, userId: number, sealed: string, now: Timestamp): Promise<void> {
  await db.deleteFrom('user_totp').where('user_id', '=', userId).where('confirmed', '=', 0).execute();
  await db.insertInto('user_totp').values({ user_id: userId, secret: sealed, confirmed: 0, last_step: 0, created: now }).execute();
}

/**
 * Records that a code of `step` was accepted, only when no code of that step or a later one was: the
 * update itself is the replay check, so two requests with one code cannot both pass. Confirms the secret.
 */
export async function claimTotpStep(db: Executor, userId: number, step: number): Promise<boolean> {
  const result = await db.updateTable('user_totp').set({ last_step: step, confirmed: 1 }).where('user_id', '=', userId).where('last_step', '<', step).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteTotp(db: Executor, userId: number): Promise<number> {
  const result = await db.deleteFrom('user_totp').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function webauthnOf(db: Executor, userId: number) {
  return db.selectFrom('user_webauthn').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export async function insertWebauthn(
  db: Executor,
  row: { user_id: number; credential_id: string; public_key: string; counter: number; transports: string; name: string; created: Timestamp },
): Promise<number> {
  const inserted = await db.insertInto('user_webauthn').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function useWebauthn(db: Executor, id: number, counter: number, now: Timestamp): Promise<void> {
  await db.updateTable('user_webauthn').set({ counter, last_used: now }).where('id', '=', id).execute();
}

export async function deleteWebauthn(db: Executor, userId: number, id: number): Promise<number> {
  const result = await db.deleteFrom('user_webauthn').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function replaceRecoveryCodes(db: Executor, userId: number, hashes: readonly string[]): Promise<void> {
  await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  if (hashes.length) await db.insertInto('user_recovery_codes').values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used: null }))).execute();
}

/** Uses up the unused code with this hash; false when there is none (wrong, or used before). */
export async function spendRecoveryCode(db: Executor, userId: number, hash: string, now: Timestamp): Promise<boolean> {
  const result = await db.updateTable('user_recovery_codes').set({ used: now }).where('user_id', '=', userId).where('code_hash', '=', hash).where('used', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) >= 1;
}

export async function unusedRecoveryCodes(db: Executor, userId: number): Promise<number> {
  const row = await db.selectFrom('user_recovery_codes').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('used', 'is', null).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Sets users.has_2fa from the confirmed factors the user has now. */
export async function refreshHas2fa(db: Executor, userId: number): Promise<boolean> {
  const totp = await db.selectFrom('user_totp').select('user_id').where('user_id', '=', userId).where('confirmed', '=', 1).executeTakeFirst();
  const key = totp ? undefined : await db.selectFrom('user_webauthn').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst();
  const has = totp !== undefined || key !== undefined;
  await db.updateTable('users').set({ has_2fa: has ? 1 : 0 }).where('id', '=', userId).execute();
  return has;
}

export async function setLast2fa(db: Executor, userId: number, now: Timestamp): Promise<void> {
  await db.updateTable('users').set({ last_2fa: now }).where('id', '=', userId).execute();
}

export async function insertChallenge(db: Executor, row: { id: string; user_id: number; purpose: string; challenge: string | null; created: Timestamp; expires: Timestamp }): Promise<void> {
  await db.deleteFrom('second_factor_challenges').where('expires', '<', row.created).execute();
  await db.insertInto('second_factor_challenges').values(row).execute();
}

export function challengeOf(db: Executor, id: string, purpose: string, now: Timestamp) {
  return db.selectFrom('second_factor_challenges').selectAll().where('id', '=', id).where('purpose', '=', purpose).where('expires', '>', now).executeTakeFirst();
}

/** The user's security key registration under way (there is one at most), or undefined. */
export function registrationOf(db: Executor, userId: number, now: Timestamp) {
  return db.selectFrom('second_factor_challenges').selectAll().where('user_id', '=', userId).where('purpose', '=', 'register').where('expires', '>', now).executeTakeFirst();
}

export async function setChallenge(db: Executor, id: string, challenge: string): Promise<void> {
  await db.updateTable('second_factor_challenges').set({ challenge }).where('id', '=', id).execute();
}

/** Ends a challenge; true only for the one call that removed it, so a pending sign-in completes once. */
export async function deleteChallenge(db: Executor, id: string): Promise<boolean> {
  const result = await db.deleteFrom('second_factor_challenges').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function deleteChallengesOfUser(db: Executor, userId: number, purpose: string): Promise<void> {
  await db.deleteFrom('second_factor_challenges').where('user_id', '=', userId).where('purpose', '=', purpose).execute();
}

/** The projects that require a second factor of their members, and the user's teams that do, in one round trip. */
export async function secondFactorEnforcement(db: Executor, userId: number): Promise<{ projects: number[]; teams: number[] }> {
  const rows = await db
    .selectFrom('projects')
    .select([sql<string>`'p'`.as('kind'), 'projects.id as id'])
    .where('projects.enforced_2fa', '=', 1)
    .unionAll(
      db
        .selectFrom('groups')
        .innerJoin('group_members', 'group_members.group_id', 'groups.id')
        .select([sql<string>`'g'`.as('kind'), 'groups.id as id'])
        .where('group_members.user_id', '=', userId)
        .where('groups.enforced_2fa', '=', 1),
    )
    .execute();
  return { projects: rows.filter((r) => r.kind === 'p').map((r) => Number(r.id)), teams: rows.filter((r) => r.kind === 'g').map((r) => Number(r.id)) };
}

/** Every second factor of the user and what waits on one: the account is removed (its row stays for history). */
export async function deleteSecondFactorsOfUser(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('user_totp').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_webauthn').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('second_factor_challenges').where('user_id', '=', userId).execute();
  await db.updateTable('users').set({ has_2fa: 0, last_2fa: null }).where('id', '=', userId).execute();
}

/** What asks the user for a second factor: their teams with enforced_2fa, and the enforcing projects their teams name (by hand or as their own). */
export async function enforcementOfUser(db: Executor, userId: number): Promise<{ teams: string[]; projects: { name: string; slug: string }[] }> {
  const teams = await db
    .selectFrom('groups')
    .innerJoin('group_members', 'group_members.group_id', 'groups.id')
    .select('groups.name')
    .where('group_members.user_id', '=', userId)
    .where('groups.enforced_2fa', '=', 1)
    .orderBy('groups.name')
    .execute();
  const memberOf = db.selectFrom('group_members').select('group_members.group_id').where('group_members.user_id', '=', userId);
  const projects = await db
    .selectFrom('projects')
    .select(['projects.name', 'projects.slug'])
    .where('projects.enforced_2fa', '=', 1)
    .where((eb) =>
      eb.or([
        eb('projects.id', 'in', eb.selectFrom('group_projects').select('group_projects.project_id').where('group_projects.group_id', 'in', memberOf)),
        eb('projects.id', 'in', eb.selectFrom('groups').select('groups.defining_project_id').where('groups.id', 'in', memberOf)),
      ]),
    )
    .orderBy('projects.name')
    .execute();
  return { teams: teams.map((t) => t.name), projects };
}
