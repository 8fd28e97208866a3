// Notification subscriptions: names, scope and frequency codes, a new user's defaults, and their management.
import type { Db, Executor } from '../../db/database.js';
import { msgid } from '../../shared/msgid.js';
import {
  countSubscriptionsOfUser,
  deleteSubscription,
  insertSubscription,
  insertSubscriptions,
  subscriptionOfUser,
  subscriptionsPageOfUser,
  subscriptionTaken,
  updateSubscription,
} from '../../db/notifications.repository.js';
import type { SubscriptionRow, UserRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import { NotFoundError, PermissionDeniedError, ValidationError } from '../../shared/errors.js';
import { FieldErrors } from '../common/validation.js';

/** Registered notification names: the reference's class names, historical misspellings included. */
export const NOTIFICATIONS = [
  'RepositoryNotification',
  'LockNotification',
  'LicenseNotification',
  'ParseErrorNotification',
  'NewStringNotificaton',
  'TranslationActivitySummaryNotification',
  'NewContributorNotificaton',
  'NewSuggestionNotificaton',
  'LanguageTranslatedNotificaton',
  'ComponentTranslatedNotificaton',
  'NewCommentNotificaton',
  'MentionCommentNotificaton',
  'LastAuthorCommentNotificaton',
  'TranslatedStringNotificaton',
  'ApprovedStringNotificaton',
  'ChangedStringNotificaton',
  'NewTranslationNotificaton',
  'NewComponentNotificaton',
  'NewAnnouncementNotificaton',
  'NewAlertNotificaton',
  'MergeFailureNotification',
  'PendingSuggestionsNotification',
  'ToDoStringsNotification',
] as const;
export type NotificationName = (typeof NOTIFICATIONS)[number];

export const SCOPE = { ALL: 0, WATCHED: 10, ADMIN: 20, PROJECT: 30, COMPONENT: 40 } as const;
export const FREQUENCY = { NONE: 0, INSTANT: 1, DAILY: 2, WEEKLY: 3, MONTHLY: 4 } as const;
const SCOPES: readonly number[] = Object.values(SCOPE);
const FREQUENCIES: readonly number[] = Object.values(FREQUENCY);

/** What every new (non-bot) user is subscribed to. */
export const DEFAULT_SUBSCRIPTIONS: ReadonlyArray<{ scope: number; frequency: number; notification: NotificationName }> = [
  { scope: SCOPE.ALL, frequency: FREQUENCY.INSTANT, notification: 'MentionCommentNotificaton' },
  { scope: SCOPE.WATCHED, frequency: FREQUENCY.INSTANT, notification: 'LastAuthorCommentNotificaton' },
  { scope: SCOPE.WATCHED, frequency: FREQUENCY.INSTANT, notification: 'MentionCommentNotificaton' },
  { scope: SCOPE.WATCHED, frequency: FREQUENCY.INSTANT, notification: 'NewAnnouncementNotificaton' },
  { scope: SCOPE.WATCHED, frequency: FREQUENCY.WEEKLY, notification: 'TranslationActivitySummaryNotification' },
  { scope: SCOPE.ADMIN, frequency: FREQUENCY.INSTANT, notification: 'MergeFailureNotification' },
  { scope: SCOPE.ADMIN, frequency: FREQUENCY.INSTANT, notification: 'ParseErrorNotification' },
  { scope: SCOPE.ADMIN, frequency: FREQUENCY.INSTANT, notification: 'NewTranslationNotificaton' },
  { scope: SCOPE.ADMIN, frequency: FREQUENCY.INSTANT, notification: 'NewAlertNotificaton' },
  { scope: SCOPE.ADMIN, frequency: FREQUENCY.INSTANT, notification: 'NewAnnouncementNotificaton' },
];

/** Subscribes a new user to the defaults (run inside the transaction that creates the user). */
export async function createDefaults(db: Executor, userId: number): Promise<void> {
  await insertSubscriptions(db, DEFAULT_SUBSCRIPTIONS.map((d) => ({ user_id: userId, ...d, project_id: null, component_id: null })));
}

/** A subscription with the slugs its project/component links need. */
export interface Subscription extends SubscriptionRow {
  project_slug: string | null;
  component_slug: string | null;
  component_project_slug: string | null;
}

export interface SubscriptionInput {
  notification?: unknown;
  scope?: unknown;
  frequency?: unknown;
}

interface Choices {
  notification?: string;
  scope?: number;
  frequency?: number;
}

/** A DRF ChoiceField: the value, or its string form, must be one of the choices. */
function choice<T extends string | number>(errors: FieldErrors, attr: string, value: unknown, allowed: readonly T[], required: boolean): T | undefined {
  if (value === undefined) {
    if (required) errors.required(attr);
    return undefined;
  }
  if (value === null) {
    errors.add(attr, 'This field may not be null.', 'null');
    return undefined;
  }
  const text = typeof value === 'boolean' ? (value ? 'True' : 'False') : typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
  const found = allowed.find((a) => String(a) === text);
  if (found === undefined) errors.add(attr, `"${text}" is not a valid choice.`, 'invalid_choice');
  return found;
}

const DUPLICATE = (): ValidationError => ValidationError.field(null, 'Subscription with this Notification, Scope, Project and Component already exists.', 'unique');

export class NotificationsService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
  ) {}

  /** Only the user themself or a user manager (global `user.edit`) sees and edits subscriptions. */
  requireAccess(actor: Actor, user: UserRow): void {
    if (actor.user?.id === user.id || this.access.canGlobal(actor, 'user.edit')) return;
    throw new PermissionDeniedError();
  }

  async count(actor: Actor, user: UserRow): Promise<number> {
    this.requireAccess(actor, user);
    return countSubscriptionsOfUser(this.db, user.id);
  }

  async page(actor: Actor, user: UserRow, limit: number, offset: number): Promise<Subscription[]> {
    this.requireAccess(actor, user);
    return subscriptionsPageOfUser(this.db, user.id, limit, offset);
  }

  /** The user's subscription with this id; another user's id or a malformed one is 404. */
  async get(actor: Actor, user: UserRow, id: string, db: Executor = this.db): Promise<Subscription> {
    this.requireAccess(actor, user);
    const subscriptionId = /^\d+$/.test(id) ? Number(id) : NaN;
    if (!Number.isSafeInteger(subscriptionId)) throw new NotFoundError(msgid('No Subscription matches the given query.'));
    const row = await subscriptionOfUser(db, subscriptionId, user.id);
    if (!row) throw new NotFoundError(msgid('No Subscription matches the given query.'));
    return row;
  }

  private validate(input: SubscriptionInput, partial: boolean): Choices {
    const errors = new FieldErrors();
    const out: Choices = {
      notification: choice(errors, 'notification', input.notification, NOTIFICATIONS, !partial),
      scope: choice(errors, 'scope', input.scope, SCOPES, !partial),
      frequency: choice(errors, 'frequency', input.frequency, FREQUENCIES, !partial),
    };
    if (!errors.empty) throw new ValidationError(errors.list);
    return out;
  }

  /**
   * A new subscription. `target` names the project (scope 30) or the component (scope 40) the
   * subscription is about; the API leaves it out (those fields are read-only there), the profile page
   * passes what the user chose and has checked they may see.
   */
  async create(actor: Actor, user: UserRow, input: SubscriptionInput, target: { projectId: number; componentId: number | null } | null = null): Promise<Subscription> {
    this.requireAccess(actor, user);
    const v = this.validate(input, false);
    if (target && v.scope !== (target.componentId === null ? SCOPE.PROJECT : SCOPE.COMPONENT)) {
      throw ValidationError.field('scope', target.componentId === null ? 'A project subscription has the project scope.' : 'A component subscription has the component scope.');
    }
    const values = { user_id: user.id, notification: v.notification!, scope: v.scope!, frequency: v.frequency!, project_id: target?.projectId ?? null, component_id: target?.componentId ?? null };
    try {
      return await this.db.transaction().execute(async (tx) => {
        if (await subscriptionTaken(tx, values)) throw DUPLICATE();
        const id = await insertSubscription(tx, values);
        return this.get(actor, user, String(id), tx);
      });
    } catch (e) {
      throw isUniqueViolation(e) ? DUPLICATE() : e;
    }
  }

  /** PUT (all fields required) or PATCH (`partial`: only the fields given change). */
  async update(actor: Actor, user: UserRow, id: string, input: SubscriptionInput, partial: boolean): Promise<Subscription> {
    const current = await this.get(actor, user, id);
    const v = this.validate(input, partial);
    const set = { notification: v.notification ?? current.notification, scope: v.scope ?? current.scope, frequency: v.frequency ?? current.frequency };
    try {
      return await this.db.transaction().execute(async (tx) => {
        if (await subscriptionTaken(tx, { ...current, ...set }, current.id)) throw DUPLICATE();
        await updateSubscription(tx, current.id, set);
        return this.get(actor, user, id, tx);
      });
    } catch (e) {
      throw isUniqueViolation(e) ? DUPLICATE() : e;
    }
  }

  async remove(actor: Actor, user: UserRow, id: string): Promise<void> {
    const current = await this.get(actor, user, id);
    await deleteSubscription(this.db, current.id);
  }
}
