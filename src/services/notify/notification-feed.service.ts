// The notification feed: follows the changes table with its own cursor, mails instant subscribers and queues digest items, each change once.
import type { Db, DialectName } from '../../db/database.js';
import { changesAfter } from '../../db/changes.repository.js';
import {
  candidateSubscriptions,
  contributedBefore,
  ensureNotificationCursor,
  insertDigestItems,
  lastContentAuthor,
  lostWriteRace,
  moveNotificationCursor,
  newestChangeId,
  notificationCursor,
  userIdsByUsernames,
  type CandidateSubscription,
  type DigestItemValues,
} from '../../db/notify.repository.js';
import type { ChangeRow, UserRow } from '../../db/schema.js';
import type { AccessControl } from '../../auth/access.js';
import { CONTENT_ACTIONS, TRANSLATION_ACTIONS } from '../../domain/change-actions.js';
import { inLanguage, notificationMail } from '../../mail/templates.js';
import { ntr } from '../../ui/i18n.js';
import { profileRows } from '../../db/user-profiles.repository.js';
import type { ChangesService } from '../activity/changes.service.js';
import { FREQUENCY, type NotificationName } from '../activity/notifications.service.js';
import { ChangeIdGaps } from '../common/change-gaps.js';
import type { MailService } from '../mail/mail.service.js';
import { broadcastNotifications, countsAsContribution, mentionedUsernames, targetedNotifications } from './notification-events.js';
import { changeSection, instantSubject, reasonOf, type NotifyLinks } from './messages.js';
import { Audience } from './recipients.js';
import type { UnsubscribeTokens } from './unsubscribe.service.js';

/** Changes read per pass. */
const BATCH = 200;
const CONTRIBUTION_ACTIONS = [...TRANSLATION_ACTIONS, 4];

export interface NotifySettings {
  dialect: DialectName;
  links: NotifyLinks;
  onError?: (error: unknown, message: string) => void;
}

interface Delivery {
  change: ChangeRow;
  notification: NotificationName;
  subscription: CandidateSubscription;
}

export interface FeedPass {
  /** Changes handled (the cursor moved past them). */
  handled: number;
  /** Instant messages stored. */
  mails: number;
  /** A whole batch was handled: more may be ready. */
  more: boolean;
}

export class NotificationFeed {
  private timer: NodeJS.Timeout | null = null;
  /** The pass in flight: passes of this process run one after another, and stop() waits for the last. */
  private running: Promise<unknown> = Promise.resolve();
  private cursorReady = false;
  private readonly gaps: ChangeIdGaps;

  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
    private readonly changes: ChangesService,
    private readonly mail: MailService,
    private readonly tokens: UnsubscribeTokens,
    private readonly settings: NotifySettings,
  ) {
    this.gaps = new ChangeIdGaps(settings.dialect);
  }

  start(intervalMs = 1000): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running.catch(() => undefined);
  }

  private busy = false;

  private async tick(): Promise<void> {
    if (this.busy) return; // the previous round is still going: no pile-up behind a slow database
    this.busy = true;
    try {
      let more = true;
      while (more && this.timer) more = (await this.pass()).more;
    } catch (e) {
      this.settings.onError?.(e, 'notification feed');
    } finally {
      this.busy = false;
    }
  }

  /** Runs passes until nothing more is ready; resolves to the number of changes handled. */
  async flush(): Promise<number> {
    let total = 0;
    for (;;) {
      const pass = await this.pass();
      total += pass.handled;
      if (!pass.more) return total;
    }
  }

  /** One pass, after any other pass of this feed. */
  pass(): Promise<FeedPass> {
    const pass = this.running.catch(() => undefined).then(() => this.passOnce());
    this.running = pass;
    return pass;
  }

  /**
   * Reads the settled changes after the cursor, works out who gets what, and then, in one
   * transaction, moves the cursor with a compare-and-set and stores the messages and digest items.
   * When another process moved the cursor first, the transaction writes nothing: each change is
   * handled by exactly one pass, whichever process runs it. The messages are queued after the commit.
   */
  private async passOnce(): Promise<FeedPass> {
    if (!this.cursorReady) {
      await ensureNotificationCursor(this.db, await newestChangeId(this.db));
      this.cursorReady = true;
    }
    const from = (await notificationCursor(this.db)) ?? 0;
    const rows = await changesAfter(this.db, from, BATCH);
    const settled: ChangeRow[] = [];
    let last = from;
    for (const change of rows) {
      if (change.id !== last + 1 && !(await this.gaps.settled(this.db, last + 1, change))) break;
      settled.push(change);
      last = change.id;
    }
    if (last === from) return { handled: 0, mails: 0, more: false };
    const { deliveries, users } = await this.plan(settled);
    const { mails, items } = await this.compose(deliveries, users);
    const ids = await this.db
      .transaction()
      .execute(async (tx) => {
        if (!(await moveNotificationCursor(tx, from, last))) return null;
        const out: number[] = [];
        for (const m of mails) out.push(await this.mail.store(tx, m.to, m.content));
        await insertDigestItems(tx, items);
        return out;
      })
      .catch((e: unknown) => {
        if (lostWriteRace(e)) return null;
        throw e;
      });
    if (ids === null) return { handled: 0, mails: 0, more: true }; // another process handled these
    await this.mail.dispatch(ids);
    return { handled: settled.length, mails: ids.length, more: rows.length === BATCH && settled.length === rows.length };
  }

  /** Every (change, notification, subscription) that applies, at most one per user and change (and per frequency). */
  private async plan(changes: readonly ChangeRow[]): Promise<{ deliveries: Delivery[]; users: ReadonlyMap<number, UserRow> }> {
    const broadcast = new Set<NotificationName>();
    const targeted = new Map<number, Map<NotificationName, Set<number>>>(); // change id → notification → user ids
    const contributors = new Set<number>(); // change ids of a user's first work in a translation
    for (const c of changes) for (const n of broadcastNotifications(c.action)) broadcast.add(n);
    const projectIds = [...new Set(changes.map((c) => c.project_id).filter((v): v is number => v !== null))];
    const componentIds = [...new Set(changes.map((c) => c.component_id).filter((v): v is number => v !== null))];

    // A user's first change in a translation: looked for only when somebody subscribes to it.
    const contributionChanges = changes.filter((c) => countsAsContribution(c.action) && c.user_id !== null && c.translation_id !== null);
    if (contributionChanges.length && (await candidateSubscriptions(this.db, { notifications: ['NewContributorNotificaton'], projectIds, componentIds })).length) {
      const seen = new Set<string>();
      for (const c of contributionChanges) {
        const key = `${c.user_id}:${c.translation_id}`;
        if (seen.has(key)) continue;
        seen.add(key);
        if (!(await contributedBefore(this.db, c.user_id!, c.translation_id!, CONTRIBUTION_ACTIONS, c.id))) contributors.add(c.id);
      }
      if (contributors.size) broadcast.add('NewContributorNotificaton');
    }

    // Mentioned users and the string's last author, for new comments.
    for (const c of changes) {
      const names = targetedNotifications(c.action);
      if (names.length === 0) continue;
      const byName = new Map<NotificationName, Set<number>>();
      const mentioned = await userIdsByUsernames(this.db, mentionedUsernames(c.target));
      byName.set('MentionCommentNotificaton', new Set(mentioned.map((u) => u.id)));
      const author = c.unit_id === null ? null : await lastContentAuthor(this.db, c.unit_id, [...CONTENT_ACTIONS], c.id);
      byName.set('LastAuthorCommentNotificaton', new Set(author === null ? [] : [author]));
      targeted.set(c.id, byName);
    }
    const targetUsers = [...new Set([...targeted.values()].flatMap((m) => [...m.values()].flatMap((s) => [...s])))];

    const subscriptions = [
      ...(broadcast.size ? await candidateSubscriptions(this.db, { notifications: [...broadcast], projectIds, componentIds }) : []),
      ...(targetUsers.length ? await candidateSubscriptions(this.db, { notifications: ['MentionCommentNotificaton', 'LastAuthorCommentNotificaton'], projectIds, componentIds, userIds: targetUsers }) : []),
    ];
    if (subscriptions.length === 0) return { deliveries: [], users: new Map() };
    const byNotification = new Map<string, CandidateSubscription[]>();
    for (const s of subscriptions) byNotification.set(s.notification, [...(byNotification.get(s.notification) ?? []), s]);
    const audience = await Audience.load(this.db, this.access, subscriptions, projectIds, componentIds);

    const out: Delivery[] = [];
    const taken = new Set<string>(); // user:change:frequency
    for (const c of changes) {
      const raised: NotificationName[] = [
        // The most specific first: a mention wins over a plain new comment for the same user.
        ...targetedNotifications(c.action),
        ...broadcastNotifications(c.action),
        ...(contributors.has(c.id) ? (['NewContributorNotificaton'] as const) : []),
      ];
      for (const notification of raised) {
        const targets = targeted.get(c.id)?.get(notification);
        for (const sub of byNotification.get(notification) ?? []) {
          if (sub.user_id === c.user_id) continue; // nobody is told about their own change
          if (targets && !targets.has(sub.user_id)) continue;
          const key = `${sub.user_id}:${c.id}:${sub.frequency === FREQUENCY.INSTANT ? 'i' : sub.frequency}`;
          if (taken.has(key)) continue;
          if (!(await audience.reaches(sub, c))) continue;
          taken.add(key);
          out.push({ change: c, notification, subscription: sub });
        }
      }
    }
    return { deliveries: out, users: audience.users };
  }

  /** One instant message per user for the pass; digest items for the other frequencies. */
  private async compose(deliveries: readonly Delivery[], users: ReadonlyMap<number, UserRow>): Promise<{ mails: { to: string; content: ReturnType<typeof notificationMail> }[]; items: DigestItemValues[] }> {
    const items: DigestItemValues[] = [];
    const instant = new Map<number, Delivery[]>();
    for (const d of deliveries) {
      if (d.subscription.frequency === FREQUENCY.INSTANT) instant.set(d.subscription.user_id, [...(instant.get(d.subscription.user_id) ?? []), d]);
      else items.push({ user_id: d.subscription.user_id, frequency: d.subscription.frequency, change_id: d.change.id, notification: d.notification, subscription_id: d.subscription.id, created: d.change.timestamp });
    }
    if (instant.size === 0) return { mails: [], items };
    const refs = await this.changes.refs([...new Map(deliveries.map((d) => [d.change.id, d.change])).values()]);
    const { links } = this.settings;
    const mails: { to: string; content: ReturnType<typeof notificationMail> }[] = [];
    const languages = new Map((await profileRows(this.db, [...instant.keys()])).map((r) => [r.user_id, r.language]));
    for (const [userId, list] of instant) {
      const user = users.get(userId);
      if (!user) continue;
      mails.push({
        to: user.email,
        // Written in the recipient's interface language.
        content: inLanguage(languages.get(userId), () => notificationMail({
          subject: instantSubject(list, refs),
          intro: ntr('There is news on Parla:', 'There are {n} news on Parla:', list.length),
          sections: list.map((d) => changeSection(d.change, d.notification, refs, links)),
          reason: reasonOf(list.map((d) => d.subscription)),
          settingsUrl: `${links.base}/accounts/profile/#notifications`,
          unsubscribeUrl: `${links.base}/accounts/unsubscribe/${this.tokens.make(userId, list.map((d) => d.subscription.id))}/`,
        })),
      });
    }
    return { mails, items };
  }
}
