// Notification delivery: the feed's cursor, the subscriptions a batch of changes reaches, digest items and claims, and the summaries digests report.
import { sql } from 'kysely';
import type { Executor } from './database.js';
import type { ChangeRow, UserRow } from './schema.js';

// ---------------------------------------------------------------- the feed's cursor

export async function notificationCursor(db: Executor): Promise<number | undefined> {
  const row = await db.selectFrom('notification_cursor').select('last_change_id').where('id', '=', 1).executeTakeFirst();
  return row ? Number(row.last_change_id) : undefined;
}

/** Creates the cursor at `lastChangeId` unless it exists. */
export async function ensureNotificationCursor(db: Executor, lastChangeId: number): Promise<void> {
  await db
    .insertInto('notification_cursor')
    .values({ id: 1, last_change_id: lastChangeId })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** Moves the cursor from `from` to `to` only if nobody moved it meanwhile; false when somebody did. */
export async function moveNotificationCursor(db: Executor, from: number, to: number): Promise<boolean> {
  const res = await db.updateTable('notification_cursor').set({ last_change_id: to }).where('id', '=', 1).where('last_change_id', '=', from).executeTakeFirst();
  return Number(res.numUpdatedRows ?? 0) > 0;
}

/**
 * Whether a write failed because another connection to the same SQLite file wrote first (its snapshot
 * went stale): the other one won the race, and nothing of this transaction was kept.
 */
export function lostWriteRace(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

export async function newestChangeId(db: Executor): Promise<number> {
  const row = await db.selectFrom('changes').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  return Number(row?.id ?? 0);
}

// ---------------------------------------------------------------- who a batch reaches

export interface CandidateSubscription {
  id: number;
  user_id: number;
  notification: string;
  scope: number;
  frequency: number;
  project_id: number | null;
  component_id: number | null;
}

/**
 * Subscriptions (frequency other than never) to these notifications, of active human users with an
 * address, that may concern changes in these projects and components: every site-wide, watched and
 * administered one, and the project and component ones of the batch. `userIds` limits them to some users.
 */
export function candidateSubscriptions(
  db: Executor,
  o: { notifications: readonly string[]; projectIds: readonly number[]; componentIds: readonly number[]; userIds?: readonly number[] },
): Promise<CandidateSubscription[]> {
  let q = db
    .selectFrom('subscriptions')
    .innerJoin('users', 'users.id', 'subscriptions.user_id')
    .select(['subscriptions.id', 'subscriptions.user_id', 'subscriptions.notification', 'subscriptions.scope', 'subscriptions.frequency', 'subscriptions.project_id', 'subscriptions.component_id'])
    .where('subscriptions.notification', 'in', [...o.notifications])
    .where('subscriptions.frequency', '>', 0)
    .where('users.is_active', '=', 1)
    .where('users.is_bot', '=', 0)
    .where('users.email', '!=', '')
    .where((eb) => {
      const ors = [eb('subscriptions.scope', 'in', [0, 10, 20])];
      if (o.projectIds.length) ors.push(eb.and([eb('subscriptions.scope', '=', 30), eb('subscriptions.project_id', 'in', [...o.projectIds])]));
      if (o.componentIds.length) ors.push(eb.and([eb('subscriptions.scope', '=', 40), eb('subscriptions.component_id', 'in', [...o.componentIds])]));
      return eb.or(ors);
    });
  if (o.userIds) q = q.where('subscriptions.user_id', 'in', o.userIds.length ? [...o.userIds] : [0]);
  return q.orderBy('subscriptions.id').execute();
}

export function usersByIds(db: Executor, ids: readonly number[]): Promise<UserRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').selectAll().where('id', 'in', [...ids]).execute();
}

export function userIdsByUsernames(db: Executor, usernames: readonly string[]): Promise<{ id: number; username: string }[]> {
  if (usernames.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'username']).where('username', 'in', [...usernames]).execute();
}

/** Which of these users watch which of these projects. */
export function watchedPairs(db: Executor, userIds: readonly number[], projectIds: readonly number[]): Promise<{ user_id: number; project_id: number }[]> {
  if (userIds.length === 0 || projectIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('user_watched_projects').select(['user_id', 'project_id']).where('user_id', 'in', [...userIds]).where('project_id', 'in', [...projectIds]).execute();
}

/** What access checks need of projects and components. */
export async function accessRows(db: Executor, projectIds: readonly number[], componentIds: readonly number[]) {
  const [projects, components] = await Promise.all([
    projectIds.length ? db.selectFrom('projects').select(['id', 'access_control']).where('id', 'in', [...projectIds]).execute() : [],
    componentIds.length ? db.selectFrom('components').select(['id', 'restricted']).where('id', 'in', [...componentIds]).execute() : [],
  ]);
  return { projects, components };
}

/** Who made the last change to the content of this string before change `beforeId`. */
export async function lastContentAuthor(db: Executor, unitId: number, actions: readonly number[], beforeId: number): Promise<number | null> {
  const row = await db
    .selectFrom('changes')
    .select('user_id')
    .where('unit_id', '=', unitId)
    .where('action', 'in', [...actions])
    .where('id', '<', beforeId)
    .where('user_id', 'is not', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Whether the user changed this translation (with one of these actions) before change `beforeId`. */
export async function contributedBefore(db: Executor, userId: number, translationId: number, actions: readonly number[], beforeId: number): Promise<boolean> {
  const row = await db
    .selectFrom('changes')
    .select('id')
    .where('translation_id', '=', translationId)
    .where('user_id', '=', userId)
    .where('action', 'in', [...actions])
    .where('id', '<', beforeId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

// ---------------------------------------------------------------- digests

export interface DigestItemValues {
  user_id: number;
  frequency: number;
  change_id: number;
  notification: string;
  subscription_id: number;
  created: string;
}

/** Adds items for coming digests; an item already waiting (same user, frequency and change) stays as it is. */
export async function insertDigestItems(db: Executor, rows: readonly DigestItemValues[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('notification_digest_items')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) => oc.columns(['user_id', 'frequency', 'change_id']).doNothing())
      .execute();
  }
}

/** Users with items of this frequency from before `until`. */
export async function usersWithDigestItems(db: Executor, frequency: number, until: string): Promise<number[]> {
  const rows = await db.selectFrom('notification_digest_items').select('user_id').distinct().where('frequency', '=', frequency).where('created', '<', until).execute();
  return rows.map((r) => r.user_id);
}

/** Users with summary subscriptions of this frequency (active humans with an address). */
export function summarySubscriptions(db: Executor, frequency: number, notifications: readonly string[]): Promise<CandidateSubscription[]> {
  return db
    .selectFrom('subscriptions')
    .innerJoin('users', 'users.id', 'subscriptions.user_id')
    .select(['subscriptions.id', 'subscriptions.user_id', 'subscriptions.notification', 'subscriptions.scope', 'subscriptions.frequency', 'subscriptions.project_id', 'subscriptions.component_id'])
    .where('subscriptions.frequency', '=', frequency)
    .where('subscriptions.notification', 'in', [...notifications])
    .where('users.is_active', '=', 1)
    .where('users.is_bot', '=', 0)
    .where('users.email', '!=', '')
    .orderBy('subscriptions.id')
    .execute();
}

/** The user's items of this frequency from before `until`, with their changes (items of removed changes left out). */
export async function digestItems(db: Executor, userId: number, frequency: number, until: string): Promise<{ id: number; notification: string; subscription_id: number; change: ChangeRow }[]> {
  const rows = await db
    .selectFrom('notification_digest_items as i')
    .innerJoin('changes', 'changes.id', 'i.change_id')
    .selectAll('changes')
    .select(['i.id as item_id', 'i.notification as item_notification', 'i.subscription_id as item_subscription'])
    .where('i.user_id', '=', userId)
    .where('i.frequency', '=', frequency)
    .where('i.created', '<', until)
    .orderBy('changes.id')
    .execute();
  return rows.map(({ item_id, item_notification, item_subscription, ...change }) => ({ id: item_id, notification: item_notification, subscription_id: item_subscription, change: change as ChangeRow }));
}

/** Removes the user's items of this frequency from before `until` (sent, or of removed changes). */
export async function deleteDigestItems(db: Executor, userId: number, frequency: number, until: string): Promise<void> {
  await db.deleteFrom('notification_digest_items').where('user_id', '=', userId).where('frequency', '=', frequency).where('created', '<', until).execute();
}

/** Claims the digest of this user, frequency and period; false when it was claimed already (by this or another process). */
export async function claimDigest(db: Executor, row: { user_id: number; frequency: number; period: string; items: number; created: string }): Promise<boolean> {
  const res = await db
    .insertInto('notification_digests')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'frequency', 'period']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return res !== undefined;
}

/** Users whose digest of this frequency and period was claimed. */
export async function claimedDigestUsers(db: Executor, frequency: number, period: string): Promise<number[]> {
  const rows = await db.selectFrom('notification_digests').select('user_id').where('frequency', '=', frequency).where('period', '=', period).execute();
  return rows.map((r) => r.user_id);
}

export function digestsOfUser(db: Executor, userId: number) {
  return db.selectFrom('notification_digests').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

// ---------------------------------------------------------------- summaries

/** Changes per project between `since` and `until`. */
export function changeCountsByProject(db: Executor, since: string, until: string): Promise<{ project_id: number; changes: number }[]> {
  return db
    .selectFrom('changes')
    .select(['project_id', (eb) => eb.fn.countAll<number>().as('changes')])
    .where('timestamp', '>=', since)
    .where('timestamp', '<', until)
    .where('project_id', 'is not', null)
    .groupBy('project_id')
    .execute() as Promise<{ project_id: number; changes: number }[]>;
}

/** Per component: pending suggestions and strings needing attention (not translated or needing editing), with what links need. */
export function componentWorkload(db: Executor) {
  return db
    .selectFrom('translations')
    .innerJoin('components', 'components.id', 'translations.component_id')
    .innerJoin('projects', 'projects.id', 'components.project_id')
    .select([
      'components.id as component_id',
      'components.project_id',
      'components.restricted',
      'projects.access_control',
      'projects.slug as project_slug',
      'projects.name as project_name',
      sql<string>`components.category_path || components.slug`.as('component_slug'),
      'components.name as component_name',
      (eb) => eb.fn.sum<number>('translations.suggestions').as('suggestions'),
      sql<number>`SUM(CASE WHEN translations.is_source = 1 THEN 0 ELSE translations.total - translations.translated END)`.as('todo'),
    ])
    .groupBy(['components.id', 'components.project_id', 'components.restricted', 'projects.access_control', 'projects.slug', 'projects.name', 'components.category_path', 'components.slug', 'components.name'])
    .execute();
}

export function projectNames(db: Executor, ids: readonly number[]): Promise<{ id: number; slug: string; name: string; access_control: number }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('projects').select(['id', 'slug', 'name', 'access_control']).where('id', 'in', [...ids]).execute();
}

// ---------------------------------------------------------------- unsubscribing

export function subscriptionsOfUserByIds(db: Executor, userId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('subscriptions')
    .leftJoin('projects', 'projects.id', 'subscriptions.project_id')
    .leftJoin('components', 'components.id', 'subscriptions.component_id')
    .selectAll('subscriptions')
    .select(['projects.name as project_name', 'components.name as component_name'])
    .where('subscriptions.user_id', '=', userId)
    .where('subscriptions.id', 'in', [...ids])
    .orderBy('subscriptions.id')
    .execute();
}

export async function setSubscriptionsNever(db: Executor, userId: number, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const res = await db.updateTable('subscriptions').set({ frequency: 0 }).where('user_id', '=', userId).where('id', 'in', [...ids]).executeTakeFirst();
  return Number(res.numUpdatedRows ?? 0);
}
