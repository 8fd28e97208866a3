// Digests: one message per user and frequency for each finished day, week or month, with the changes queued for it and the summaries computed when it is sent.
import type { Db } from '../../db/database.js';
import {
  changeCountsByProject,
  claimDigest,
  claimedDigestUsers,
  componentWorkload,
  deleteDigestItems,
  digestItems,
  lostWriteRace,
  projectNames,
  summarySubscriptions,
  usersByIds,
  usersWithDigestItems,
  type CandidateSubscription,
} from '../../db/notify.repository.js';
import type { AccessControl } from '../../auth/access.js';
import { inLanguage, notificationMail, type MailSection } from '../../mail/templates.js';
import { ntr, tr } from '../../ui/i18n.js';
import { profileRows } from '../../db/user-profiles.repository.js';
import { DAY_MS, nowIso } from '../../shared/clock.js';
import type { ChangesService } from '../activity/changes.service.js';
import { FREQUENCY, type NotificationName } from '../activity/notifications.service.js';
import type { MailService } from '../mail/mail.service.js';
import { NOTIFICATION_LABELS, SUMMARIES } from './notification-events.js';
import { changeSection, reasonOf, type NotifyLinks } from './messages.js';
import { Audience } from './recipients.js';
import type { UnsubscribeTokens } from './unsubscribe.service.js';


/** The last finished period of a frequency at `now` (UTC): its key, start and end. */
export function lastPeriod(frequency: number, now: Date): { key: string; start: Date; end: Date; words: string } {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const day = (d: Date) => d.toISOString().slice(0, 10);
  if (frequency === FREQUENCY.WEEKLY) {
    // Weeks start on Monday.
    const end = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * DAY_MS);
    const start = new Date(end.getTime() - 7 * DAY_MS);
    return { key: `week-${day(start)}`, start, end, words: `the week from ${day(start)}` };
  }
  if (frequency === FREQUENCY.MONTHLY) {
    const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    return { key: `month-${day(start).slice(0, 7)}`, start, end, words: day(start).slice(0, 7) };
  }
  const start = new Date(today.getTime() - DAY_MS);
  return { key: `day-${day(start)}`, start, end: today, words: day(start) };
}

/** A digest's subject, in the current language. */
function digestSubject(frequency: number, period: { start: Date }, n: number): string {
  const date = period.start.toISOString().slice(0, 10);
  if (frequency === FREQUENCY.WEEKLY) return ntr('Weekly digest for the week from {date}: {n} notification', 'Weekly digest for the week from {date}: {n} notifications', n, { date });
  if (frequency === FREQUENCY.MONTHLY) return ntr('Monthly digest for {month}: {n} notification', 'Monthly digest for {month}: {n} notifications', n, { month: date.slice(0, 7) });
  return ntr('Daily digest for {date}: {n} notification', 'Daily digest for {date}: {n} notifications', n, { date });
}

/** The first line of a digest. */
function digestIntro(frequency: number, period: { start: Date }): string {
  const date = period.start.toISOString().slice(0, 10);
  if (frequency === FREQUENCY.WEEKLY) return tr('What happened on Parla in the week from {date} (UTC):', { date });
  if (frequency === FREQUENCY.MONTHLY) return tr('What happened on Parla in {month} (UTC):', { month: date.slice(0, 7) });
  return tr('What happened on Parla in {date} (UTC):', { date });
}

export class DigestService {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
    private readonly changes: ChangesService,
    private readonly mail: MailService,
    private readonly tokens: UnsubscribeTokens,
    private readonly links: NotifyLinks,
    private readonly onError?: (error: unknown, message: string) => void,
  ) {}

  /** Sweeps every `intervalMs` (a digest goes out at the first sweep after its period ended). */
  start(intervalMs = 10 * 60_000): void {
    if (this.timer) return;
    const tick = () => {
      this.running = this.sweep().catch((e: unknown) => this.onError?.(e, 'sending notification digests failed'));
    };
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
    tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Sends the digests of the periods finished at `now` that have not gone out; resolves to how many messages it stored. */
  async sweep(now: Date = new Date()): Promise<number> {
    let sent = 0;
    for (const frequency of [FREQUENCY.DAILY, FREQUENCY.WEEKLY, FREQUENCY.MONTHLY]) sent += await this.sweepFrequency(frequency, now);
    return sent;
  }

  private async sweepFrequency(frequency: number, now: Date): Promise<number> {
    const period = lastPeriod(frequency, now);
    const until = period.end.toISOString();
    const summaries = await summarySubscriptions(this.db, frequency, SUMMARIES);
    const userIds = [...new Set([...(await usersWithDigestItems(this.db, frequency, until)), ...summaries.map((s) => s.user_id)])];
    if (userIds.length === 0) return 0;
    const claimed = new Set(await claimedDigestUsers(this.db, frequency, period.key));
    const users = new Map((await usersByIds(this.db, userIds.filter((id) => !claimed.has(id)))).filter((u) => u.is_active === 1 && u.is_bot === 0 && u.email !== '').map((u) => [u.id, u]));
    const report = summaries.length ? await this.summaryReport(summaries, period.start.toISOString(), until) : null;
    let stored = 0;
    if (users.size === 0) return 0;
    const languages = new Map((await profileRows(this.db, [...users.keys()])).map((r) => [r.user_id, r.language]));
    for (const user of users.values()) {
      const items = await digestItems(this.db, user.id, frequency, until);
      const refs = await this.changes.refs(items.map((i) => i.change));
      // Written in the recipient's interface language.
      const { sections, content } = await inLanguage(languages.get(user.id), async () => {
        const sections: MailSection[] = items.map((i) => changeSection(i.change, i.notification as NotificationName, refs, this.links));
        const causes: { id: number; notification: string; scope: number }[] = items.map((i) => ({ id: i.subscription_id, notification: i.notification, scope: -1 }));
        for (const sub of summaries.filter((s) => s.user_id === user.id)) {
          const section = await report!.section(sub);
          if (section) sections.push(section);
          causes.push(sub);
        }
        const content = notificationMail({
          subject: `[Parla] ${digestSubject(frequency, period, sections.length)}`,
          intro: digestIntro(frequency, period),
          sections,
          reason: reasonOf(causes),
          settingsUrl: `${this.links.base}/accounts/profile/#notifications`,
          unsubscribeUrl: `${this.links.base}/accounts/unsubscribe/${this.tokens.make(user.id, causes.map((c) => c.id))}/`,
        });
        return { sections, content };
      });
      // The claim, the removal of the items and the message commit together: a second sweep, here or in
      // another process, finds the period claimed and sends nothing. A period with nothing to say is
      // claimed too, so that later sweeps skip it at once.
      const id = await this.db
        .transaction()
        .execute(async (tx) => {
          if (!(await claimDigest(tx, { user_id: user.id, frequency, period: period.key, items: items.length, created: nowIso() }))) return null;
          await deleteDigestItems(tx, user.id, frequency, until);
          return sections.length ? this.mail.store(tx, user.email, content) : null;
        })
        .catch((e: unknown) => {
          if (lostWriteRace(e)) return null;
          throw e;
        });
      if (id === null) continue;
      await this.mail.dispatch([id]);
      stored++;
    }
    return stored;
  }

  /** The summaries of a period, read once for every subscriber and cut to what each one's scope and access cover. */
  private async summaryReport(subscriptions: readonly CandidateSubscription[], since: string, until: string) {
    const [counts, workload] = await Promise.all([changeCountsByProject(this.db, since, until), componentWorkload(this.db)]);
    const projects = new Map((await projectNames(this.db, counts.map((c) => c.project_id))).map((p) => [p.id, p]));
    const projectIds = [...new Set([...counts.map((c) => c.project_id), ...workload.map((w) => w.project_id)])];
    const audience = await Audience.load(this.db, this.access, subscriptions, projectIds, workload.map((w) => w.component_id));
    const links = this.links;
    return {
      async section(sub: CandidateSubscription): Promise<MailSection | null> {
        const lines: string[] = [];
        if (sub.notification === 'TranslationActivitySummaryNotification') {
          for (const c of counts) {
            const p = projects.get(c.project_id);
            if (p && (await audience.reaches(sub, { project_id: c.project_id, component_id: null }))) lines.push(ntr('{project}: {n} change — {url}', '{project}: {n} changes — {url}', Number(c.changes), { project: p.name, url: links.project(p.slug) }));
          }
        } else {
          const field = sub.notification === 'PendingSuggestionsNotification' ? 'suggestions' : 'todo';
          for (const w of workload) {
            const n = Number(w[field] ?? 0);
            if (n > 0 && (await audience.reaches(sub, { project_id: w.project_id, component_id: w.component_id }))) {
              const vars = { place: `${w.project_name} / ${w.component_name}`, url: links.component(w.project_slug, w.component_slug) };
              lines.push(
                field === 'suggestions'
                  ? ntr('{place}: {n} pending suggestion — {url}', '{place}: {n} pending suggestions — {url}', n, vars)
                  : ntr('{place}: {n} string to translate or check — {url}', '{place}: {n} strings to translate or check — {url}', n, vars),
              );
            }
          }
        }
        return lines.length ? { heading: tr(NOTIFICATION_LABELS[sub.notification as NotificationName]), lines, url: null } : null;
      },
    };
  }
}
