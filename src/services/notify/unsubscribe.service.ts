// Unsubscribe links of notification mails: signed tokens naming a user's subscriptions, and setting those to never without a sign-in.
import crypto from 'node:crypto';
import type { Db } from '../../db/database.js';
import { setSubscriptionsNever, subscriptionsOfUserByIds } from '../../db/notify.repository.js';
import { LinkError } from '../accounts/account-links.js';
import type { NotificationName } from '../activity/notifications.service.js';
import { NOTIFICATION_LABELS } from './notification-events.js';

/** A token: `<user id>-<subscription ids joined by dots>-<signature>`; the signature is an HMAC of the rest with the site's secret key. */
const TOKEN = /^(\d{1,12})-(\d{1,12}(?:\.\d{1,12}){0,49})-([A-Za-z0-9_-]{43})$/;

export class UnsubscribeTokens {
  constructor(private readonly secretKey: string) {}

  private sign(payload: string): string {
    return crypto.createHmac('sha256', this.secretKey).update(`parla-unsubscribe:${payload}`).digest('base64url');
  }

  /** A token for these subscriptions of the user (ids sorted, at most 50). */
  make(userId: number, subscriptionIds: Iterable<number>): string {
    const ids = [...new Set(subscriptionIds)].sort((a, b) => a - b).slice(0, 50);
    const payload = `${userId}-${ids.join('.')}`;
    return `${payload}-${this.sign(payload)}`;
  }

  /** The user and subscriptions a token names, or null when it is malformed or its signature does not match. */
  read(token: string): { userId: number; subscriptionIds: number[] } | null {
    const m = TOKEN.exec(token);
    if (!m) return null;
    const expected = Buffer.from(this.sign(`${m[1]}-${m[2]}`));
    const given = Buffer.from(m[3]!);
    if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
    return { userId: Number(m[1]), subscriptionIds: m[2]!.split('.').map(Number) };
  }
}

/** A subscription as the unsubscribe page lists it. */
export interface UnsubscribeEntry {
  id: number;
  label: string;
  where: string;
  frequency: number;
}

const SCOPE_WORDS: Record<number, string> = { 0: 'all projects', 10: 'watched projects', 20: 'administered projects' };

export class UnsubscribeService {
  constructor(
    private readonly db: Db,
    readonly tokens: UnsubscribeTokens,
  ) {}

  /** The subscriptions the token names (those that still exist); a tampered or malformed token is a LinkError. */
  async entries(token: string): Promise<UnsubscribeEntry[]> {
    const read = this.tokens.read(token);
    if (!read) throw new LinkError('invalid');
    const rows = await subscriptionsOfUserByIds(this.db, read.userId, read.subscriptionIds);
    return rows.map((r) => ({
      id: r.id,
      label: NOTIFICATION_LABELS[r.notification as NotificationName] ?? r.notification,
      where: SCOPE_WORDS[r.scope] ?? (r.scope === 40 ? `the component ${r.component_name ?? ''}`.trim() : `the project ${r.project_name ?? ''}`.trim()),
      frequency: r.frequency,
    }));
  }

  /** Sets the subscriptions the token names to never; resolves to how many it found. */
  async unsubscribe(token: string): Promise<number> {
    const read = this.tokens.read(token);
    if (!read) throw new LinkError('invalid');
    return setSubscriptionsNever(this.db, read.userId, read.subscriptionIds);
  }
}
