// What a notification mail says about each change: a heading, the text involved and the absolute link to it, and why it came.
import type { ChangeRow } from '../../db/schema.js';
import type { MailSection } from '../../mail/templates.js';
import type { ChangeRefs } from '../activity/changes.service.js';
import type { NotificationName } from '../activity/notifications.service.js';
import { actionLabel, NOTIFICATION_LABELS } from './notification-events.js';
import { ntr, tr } from '../../ui/i18n.js';
import { languageName } from '../../ui/language-names.js';
import { msgid } from '../../shared/msgid.js';

/** Absolute web addresses (from PARLA_SITE_URL, or the address the server listens on). */
export interface NotifyLinks {
  /** The site root, without a trailing slash. */
  readonly base: string;
  project(slug: string): string;
  component(project: string, component: string): string;
  translation(project: string, component: string, language: string): string;
  unit(project: string, component: string, language: string, unitId: number): string;
}

const SCOPE_WORDS: Record<number, string> = { 0: msgid('all projects'), 10: msgid('watched projects'), 20: msgid('administered projects'), 30: msgid('a project'), 40: msgid('a component') };

const clip = (text: string, max = 500) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** Where a change happened, in words ("Project / Component — Language"), or '' for a site-wide change. */
export function placeOf(change: ChangeRow, refs: ChangeRefs): string {
  const t = change.translation_id === null ? undefined : refs.translations.get(change.translation_id);
  // The language in the mail's language, as the pages name it.
  if (t) return `${t.projectName} / ${t.componentName} — ${languageName(t.language, t.languageName)}`;
  const c = change.component_id === null ? undefined : refs.components.get(change.component_id);
  if (c) return `${c.projectName} / ${c.name}`;
  const p = change.project_id === null ? undefined : refs.projects.get(change.project_id);
  return p ? p.name : '';
}

/** The web address of the string, translation, component or project the change is about. */
export function linkOf(change: ChangeRow, refs: ChangeRefs, links: NotifyLinks): string {
  const t = change.translation_id === null ? undefined : refs.translations.get(change.translation_id);
  if (t && change.unit_id !== null && refs.units.has(change.unit_id)) return links.unit(t.project, t.component, t.language, change.unit_id);
  if (t) return links.translation(t.project, t.component, t.language);
  const c = change.component_id === null ? undefined : refs.components.get(change.component_id);
  if (c) return links.component(c.project, c.component);
  const p = change.project_id === null ? undefined : refs.projects.get(change.project_id);
  return p ? links.project(p.slug) : `${links.base}/`;
}

/** One entry per change: what happened where, by whom, the text, and the link. */
export function changeSection(change: ChangeRow, notification: NotificationName, refs: ChangeRefs, links: NotifyLinks): MailSection {
  const where = placeOf(change, refs);
  const user = change.user_id === null ? undefined : refs.users.get(change.user_id);
  const lines: string[] = [];
  if (notification === 'MentionCommentNotificaton') lines.push(tr('You were mentioned.'));
  if (user) {
    const who = user.fullName && user.fullName !== user.username ? `${user.fullName} (${user.username})` : user.username;
    lines.push(tr('By {user}, {time} UTC', { user: who, time: change.timestamp.slice(0, 16).replace('T', ' ') }));
  }
  if (change.old && change.target && change.old !== change.target) lines.push(tr('Before: {text}', { text: clip(change.old) }));
  if (change.target) lines.push(clip(change.target));
  return { heading: where ? tr('{action} in {place}', { action: actionLabel(change.action), place: where }) : actionLabel(change.action), lines, url: linkOf(change, refs, links) };
}

/** The subject of an instant mail about these changes. */
export function instantSubject(items: readonly { change: ChangeRow; notification: NotificationName }[], refs: ChangeRefs): string {
  if (items.length === 1) {
    const { change, notification } = items[0]!;
    const where = placeOf(change, refs);
    const label = tr(NOTIFICATION_LABELS[notification]);
    return `[Parla] ${where ? tr('{notification}: {place}', { notification: label, place: where }) : label}`;
  }
  const places = [...new Set(items.map((i) => placeOf(i.change, refs).split(' / ')[0]).filter((p): p is string => !!p))];
  const count = ntr('{n} notification', '{n} notifications', items.length);
  return `[Parla] ${places.length ? tr('{notification}: {place}', { notification: count, place: `${places.slice(0, 3).join(', ')}${places.length > 3 ? '…' : ''}` }) : count}`;
}

/** Why the recipient gets the message: the subscriptions in words. */
export function reasonOf(subscriptions: readonly { notification: string; scope: number }[]): string {
  const label = (name: string) => (Object.hasOwn(NOTIFICATION_LABELS, name) ? tr(NOTIFICATION_LABELS[name as NotificationName]) : name);
  const words = [...new Set(subscriptions.map((s) => `${label(s.notification)} (${tr(SCOPE_WORDS[s.scope] ?? msgid('subscription'))})`))];
  return tr('You receive this message because you subscribed to: {subscriptions}.', { subscriptions: words.join('; ') });
}
