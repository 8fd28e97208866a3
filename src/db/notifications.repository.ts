// Notification subscriptions of users, with the slugs of the project and component they name.
import { sql } from 'kysely';
import type { Executor } from './database.js';
import type { SubscriptionRow } from './schema.js';

type SubscriptionValues = Omit<SubscriptionRow, 'id'>;

export async function insertSubscriptions(db: Executor, rows: readonly SubscriptionValues[]): Promise<void> {
  await db.insertInto('subscriptions').values([...rows]).execute();
}

export async function insertSubscription(db: Executor, row: SubscriptionValues): Promise<number> {
  const { id } = await db.insertInto('subscriptions').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateSubscription(db: Executor, id: number, set: Pick<SubscriptionRow, 'notification' | 'scope' | 'frequency'>): Promise<void> {
  await db.updateTable('subscriptions').set(set).where('id', '=', id).execute();
}

export async function deleteSubscription(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('subscriptions').where('id', '=', id).execute();
}

/** Subscriptions with the slugs their project/component links need. */
function withSlugs(db: Executor) {
  return db
    .selectFrom('subscriptions')
    .leftJoin('projects', 'projects.id', 'subscriptions.project_id')
    .leftJoin('components', 'components.id', 'subscriptions.component_id')
    .leftJoin('projects as cp', 'cp.id', 'components.project_id')
    .selectAll('subscriptions')
    .select(['projects.slug as project_slug', sql<string | null>`components.category_path || components.slug`.as('component_slug'), 'cp.slug as component_project_slug']);
}

export async function countSubscriptionsOfUser(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('subscriptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function subscriptionsPageOfUser(db: Executor, userId: number, limit: number, offset: number) {
  return withSlugs(db).where('subscriptions.user_id', '=', userId).orderBy('subscriptions.id').limit(limit).offset(offset).execute();
}

/** The user's subscription with this id (with slugs), or undefined. */
export function subscriptionOfUser(db: Executor, id: number, userId: number) {
  return withSlugs(db).where('subscriptions.id', '=', id).where('subscriptions.user_id', '=', userId).executeTakeFirst();
}

/** Whether another subscription of the user has the same notification, scope, project and component. */
export async function subscriptionTaken(db: Executor, row: Omit<SubscriptionRow, 'id' | 'frequency'>, exceptId?: number): Promise<boolean> {
  let q = db
    .selectFrom('subscriptions')
    .select('id')
    .where('user_id', '=', row.user_id)
    .where('notification', '=', row.notification)
    .where('scope', '=', row.scope)
    .where('project_id', row.project_id === null ? 'is' : '=', row.project_id)
    .where('component_id', row.component_id === null ? 'is' : '=', row.component_id);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}
