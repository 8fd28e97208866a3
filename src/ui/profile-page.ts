// The signed-in user's own profile page: account, languages, watched projects, notifications, API token, sessions and audit log.
import { html, type SafeHtml } from './html.js';
import { tr, trHtml } from './i18n.js';
import { msgid } from '../shared/msgid.js';
import { csrfField, page, type Viewer } from './layout.js';

export interface ProfileSubscription {
  id: number;
  notification: string;
  scope: number;
  frequency: number;
  project: string | null;
  component: string | null;
}

export interface ProfilePageData {
  viewer: Viewer;
  username: string;
  fullName: string;
  email: string;
  languages: readonly string[];
  secondaryLanguages: readonly string[];
  watched: readonly string[];
  languageOptions: readonly { code: string; name: string }[];
  /** The interface language chosen ('' for the browser's) and the languages Parla's pages are available in, each named in itself. */
  interfaceLanguage: string;
  interfaceOptions: readonly { code: string; name: string }[];
  projectOptions: readonly { slug: string; name: string }[];
  subscriptions: readonly ProfileSubscription[];
  notificationNames: readonly string[];
  token: { created: string | null; fresh: string | null };
  sessions: readonly { created: string; last_seen: string; current: boolean }[];
  audit: readonly { timestamp: string; activity: string; actor: string | null; details: Record<string, unknown> }[];
  /** Pages of other account tasks this user may open: inviting people, the mail outbox (superusers). */
  links: { invite: boolean; outbox: boolean };
  /** What the last form did, shown at the top. */
  notice: string | null;
  /** Field errors of the last form: the section it came from and one message per field. */
  errors: { section: string; messages: readonly string[] } | null;
}

export const FREQUENCY_LABELS: readonly [number, string][] = [
  [0, msgid('Do not notify')],
  [1, msgid('Instant notification')],
  [2, msgid('Daily digest')],
  [3, msgid('Weekly summary')],
  [4, msgid('Monthly summary')],
];

const SCOPE_LABELS: Record<number, string> = { 0: msgid('All projects'), 10: msgid('Watched projects'), 20: msgid('Administered projects'), 30: msgid('Project'), 40: msgid('Component') };

/** The audit log's activities as the profile shows them. */
const AUDIT_LABELS: Record<string, string> = {
  'user.created': msgid('Account created'),
  'user.updated': msgid('Account changed'),
  'user.removed': msgid('Account removed'),
  'user.password': msgid('Password changed'),
  'user.email': msgid('E-mail address changed'),
  'invitation.created': msgid('Invitation sent'),
  'invitation.accepted': msgid('Invitation accepted'),
  'user.token': msgid('API token regenerated'),
  'team.created': msgid('Team created'),
  'team.updated': msgid('Team changed'),
  'team.removed': msgid('Team removed'),
  'team.member-added': msgid('Added to a team'),
  'team.member-removed': msgid('Removed from a team'),
  'team.admin-granted': msgid('Team administration granted'),
  'team.admin-revoked': msgid('Team administration revoked'),
  'team.role-added': msgid('Role added to a team'),
  'team.role-removed': msgid('Role removed from a team'),
  'team.language-added': msgid('Language added to a team'),
  'team.language-removed': msgid('Language removed from a team'),
  'team.project-added': msgid('Project added to a team'),
  'team.project-removed': msgid('Project removed from a team'),
  'team.component-added': msgid('Component added to a team'),
  'team.component-removed': msgid('Component removed from a team'),
  'team.componentlist-added': msgid('Component list added to a team'),
  'team.componentlist-removed': msgid('Component list removed from a team'),
  'role.created': msgid('Role created'),
  'role.updated': msgid('Role changed'),
  'role.removed': msgid('Role removed'),
  '2fa.added': msgid('Second factor added'),
  '2fa.removed': msgid('Second factor removed'),
  '2fa.recovery-generated': msgid('Recovery codes made'),
  '2fa.recovery-used': msgid('Recovery code used'),
  '2fa.failed': msgid('Second factor failed'),
  '2fa.locked': msgid('Second factor locked after failures'),
  'project-token.created': msgid('Project token created'),
  'project-token.revoked': msgid('Project token revoked'),
  'login': msgid('Signed in'),
  'login.failed': msgid('Sign-in failed'),
  'login.locked': msgid('Sign-in locked after failures'),
  'login.sso': msgid('Signed in with single sign-on'),
  'login.sso-failed': msgid('Single sign-on failed'),
  'user.sso-linked': msgid('Single sign-on account linked'),
};

/** The notifications' names as the profile shows them. */
const NOTIFICATION_LABELS: Record<string, string> = {
  RepositoryNotification: msgid('Repository'),
  LockNotification: msgid('Lock'),
  LicenseNotification: msgid('License'),
  ParseErrorNotification: msgid('Parse error'),
  NewStringNotificaton: msgid('New string'),
  TranslationActivitySummaryNotification: msgid('Translation activity summary'),
  NewContributorNotificaton: msgid('New contributor'),
  NewSuggestionNotificaton: msgid('New suggestion'),
  LanguageTranslatedNotificaton: msgid('Language translated'),
  ComponentTranslatedNotificaton: msgid('Component translated'),
  NewCommentNotificaton: msgid('New comment'),
  MentionCommentNotificaton: msgid('Mention comment'),
  LastAuthorCommentNotificaton: msgid('Last author comment'),
  TranslatedStringNotificaton: msgid('Translated string'),
  ApprovedStringNotificaton: msgid('Approved string'),
  ChangedStringNotificaton: msgid('Changed string'),
  NewTranslationNotificaton: msgid('New translation'),
  NewComponentNotificaton: msgid('New component'),
  NewAnnouncementNotificaton: msgid('New announcement'),
  NewAlertNotificaton: msgid('New alert'),
  MergeFailureNotification: msgid('Merge failure'),
  PendingSuggestionsNotification: msgid('Pending suggestions'),
  ToDoStringsNotification: msgid('To do strings'),
};

/** "NewSuggestionNotificaton" → "New suggestion" (the reference's names keep its spelling), in the reader's language. */
export function notificationLabel(name: string): string {
  if (Object.hasOwn(NOTIFICATION_LABELS, name)) return tr(NOTIFICATION_LABELS[name]!);
  const words = name.replace(/Notificat(i)?on$/, '').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function errorsOf(o: ProfilePageData, section: string): SafeHtml {
  if (o.errors?.section !== section) return html``;
  return html`<ul class="error" role="alert" id="${section}-errors">${o.errors.messages.map((m) => html`<li>${m}</li>`)}</ul>`;
}

function form(o: ProfilePageData, section: string, body: SafeHtml, submit: string): SafeHtml {
  return html`<form method="post" action="/accounts/profile/" id="${section}-form" class="panel">${csrfField(o.viewer)}<input type="hidden" name="section" value="${section}">
${errorsOf(o, section)}${body}
<button type="submit" id="${section}-submit">${submit}</button></form>`;
}

function languageSelect(o: ProfilePageData, name: string, label: string, chosen: readonly string[]): SafeHtml {
  const set = new Set(chosen);
  return html`<div class="field"><label for="id_${name}">${label}</label><select id="id_${name}" name="${name}" multiple size="8">
${o.languageOptions.map((l) => html`<option value="${l.code}"${set.has(l.code) ? html` selected` : ''}>${l.name} (${l.code})</option>`)}
</select></div>`;
}

/** The language Parla's own pages and e-mails are written in; "" follows the browser's language. */
function interfaceLanguageSelect(o: ProfilePageData): SafeHtml {
  return html`<div class="field"><label for="id_language">${tr('Interface language')}</label><select id="id_language" name="language" aria-describedby="id_language_help">
<option value=""${o.interfaceLanguage === '' ? html` selected` : ''}>${tr('As the browser asks')}</option>
${o.interfaceOptions.map((l) => html`<option value="${l.code}" lang="${l.code}"${l.code === o.interfaceLanguage ? html` selected` : ''}>${l.name}</option>`)}
</select><p class="muted" id="id_language_help">${tr('The language of Parla’s pages and of the e-mails it sends you.')}</p></div>`;
}

function subscriptionsSection(o: ProfilePageData): SafeHtml {
  const rows = o.subscriptions.map(
    (s) => html`<tr><th scope="row">${notificationLabel(s.notification)}</th><td>${SCOPE_LABELS[s.scope] ? tr(SCOPE_LABELS[s.scope]!) : String(s.scope)}${s.component ? html`: ${s.component}` : s.project ? html`: ${s.project}` : ''}</td>
<td><label class="visually-hidden" for="frequency-${String(s.id)}">${tr('Frequency')}</label><select id="frequency-${String(s.id)}" name="frequency_${String(s.id)}">
${FREQUENCY_LABELS.map(([value, label]) => html`<option value="${String(value)}"${value === s.frequency ? html` selected` : ''}>${tr(label)}</option>`)}</select></td></tr>`,
  );
  const add = html`<fieldset><legend>${tr('Add a subscription')}</legend>
<div class="field"><label for="id_add_notification">${tr('Notification')}</label><select id="id_add_notification" name="add_notification"><option value="">—</option>
${o.notificationNames.map((n) => html`<option value="${n}">${notificationLabel(n)}</option>`)}</select></div>
<div class="field"><label for="id_add_scope">${tr('Scope')}</label><select id="id_add_scope" name="add_scope">
<option value="0">${tr('All projects')}</option><option value="10">${tr('Watched projects')}</option><option value="30">${tr('Project')}</option><option value="40">${tr('Component')}</option></select></div>
<div class="field"><label for="id_add_target">${trHtml('Project or component ({project} or {component})', { project: html`<code>project</code>`, component: html`<code>project/component</code>` })}</label><input type="text" id="id_add_target" name="add_target" maxlength="300"></div>
<div class="field"><label for="id_add_frequency">${tr('Frequency')}</label><select id="id_add_frequency" name="add_frequency">
${FREQUENCY_LABELS.map(([value, label]) => html`<option value="${String(value)}"${value === 1 ? html` selected` : ''}>${tr(label)}</option>`)}</select></div></fieldset>`;
  return form(
    o,
    'notifications',
    html`<table class="list"><caption>${tr('Subscriptions')}</caption><thead><tr><th scope="col">${tr('Notification')}</th><th scope="col">${tr('Scope')}</th><th scope="col">${tr('Frequency')}</th></tr></thead><tbody>${rows}</tbody></table>${add}`,
    tr('Save notifications'),
  );
}

export function profilePage(o: ProfilePageData): string {
  const watched = new Set(o.watched);
  return page({
    title: tr('Your profile'),
    viewer: o.viewer,
    here: '/accounts/profile/',
    breadcrumbs: [{ label: tr('Dashboard'), href: '/' }, { label: tr('Your profile') }],
    body: html`<h1>${tr('Your profile')}</h1>
${o.notice ? html`<p class="message" role="status" id="profile-notice">${tr(o.notice)}</p>` : ''}
<nav aria-label="${tr('Profile sections')}"><ul class="inline-list">
<li><a href="#account">${tr('Account')}</a></li><li><a href="#languages">${tr('Languages')}</a></li><li><a href="#watched">${tr('Watched projects')}</a></li>
<li><a href="#notifications">${tr('Notifications')}</a></li><li><a href="#api-token">${tr('API access')}</a></li><li><a href="#two-factor">${tr('Two-factor authentication')}</a></li><li><a href="#sessions">${tr('Sessions')}</a></li><li><a href="#audit">${tr('Audit log')}</a></li></ul></nav>

<section id="account" aria-labelledby="account-title"><h2 id="account-title">${tr('Account')}</h2>
<p>${trHtml('User name: {username} · E-mail: {email} ({link}, confirmed through the new address)', { username: html`<strong id="profile-username">${o.username}</strong>`, email: html`<strong id="profile-email">${o.email}</strong>`, link: html`<a href="/accounts/email/" id="profile-change-email">${tr('change it')}</a>` })}</p>
${o.links.invite || o.links.outbox ? html`<p>${o.links.invite ? html`<a href="/accounts/invite/" id="profile-invite">${tr('Invite people')}</a>` : ''}${o.links.invite && o.links.outbox ? ' · ' : ''}${o.links.outbox ? html`<a href="/manage/mail/" id="profile-outbox">${tr('Mail outbox')}</a>` : ''}</p>` : ''}
${form(o, 'account', html`<div class="field"><label for="id_full_name">${tr('Full name')}</label><input type="text" id="id_full_name" name="full_name" value="${o.fullName}" maxlength="150" autocomplete="name"></div>`, tr('Save account'))}
</section>

<section id="languages" aria-labelledby="languages-title"><h2 id="languages-title">${tr('Languages')}</h2>
<p>${tr('The languages you translate into choose what your dashboard shows; secondary languages are shown next to the source while you translate.')}</p>
${form(o, 'languages', html`${interfaceLanguageSelect(o)}${languageSelect(o, 'languages', tr('Translated languages'), o.languages)}${languageSelect(o, 'secondary_languages', tr('Secondary languages'), o.secondaryLanguages)}`, tr('Save languages'))}
</section>

<section id="watched" aria-labelledby="watched-title"><h2 id="watched-title">${tr('Watched projects')}</h2>
${form(
  o,
  'watched',
  o.projectOptions.length
    ? html`<fieldset><legend>${tr('Projects you watch')}</legend>${o.projectOptions.map(
        (p) => html`<div class="check"><input type="checkbox" id="watch-${p.slug}" name="watched" value="${p.slug}"${watched.has(p.slug) ? html` checked` : ''}><label for="watch-${p.slug}">${p.name}</label></div>`,
      )}</fieldset>`
    : html`<p>${tr('There are no projects to watch yet.')}</p>`,
  tr('Save watched projects'),
)}
</section>

<section id="notifications" aria-labelledby="notifications-title"><h2 id="notifications-title">${tr('Notifications')}</h2>
${subscriptionsSection(o)}
</section>

<section id="api-token" aria-labelledby="api-token-title"><h2 id="api-token-title">${tr('API access')}</h2>
${
  o.token.fresh
    ? html`<p role="status">${tr('Your new API token is shown only now: copy it to where your scripts keep secrets.')}</p><p><code id="api-token-value">${o.token.fresh}</code></p>`
    : html`<p id="api-token-info">${o.token.created ? tr('Your API token was created on {date}. Parla keeps only a hash of it: regenerate it if you no longer have it.', { date: o.token.created }) : tr('You have no API token yet.')}</p>`
}
${form(o, 'token', html`<p>${tr('Regenerating ends the old token at once.')}</p>`, tr('Regenerate API token'))}
</section>

<section id="two-factor" aria-labelledby="two-factor-title"><h2 id="two-factor-title">${tr('Two-factor authentication')}</h2>
<p>${trHtml('An authenticator app or a security key as a second step of signing in, and recovery codes: {link}.', { link: html`<a href="/accounts/2fa/" id="profile-2fa">${tr('manage your second factors')}</a>` })}</p>
</section>

<section id="sessions" aria-labelledby="sessions-title"><h2 id="sessions-title">${tr('Sessions')}</h2>
<table class="list" id="sessions-table"><caption>${tr('Browsers signed in to your account')}</caption><thead><tr><th scope="col">${tr('Signed in')}</th><th scope="col">${tr('Last seen')}</th><th scope="col"></th></tr></thead><tbody>
${o.sessions.map((s) => html`<tr><td>${s.created}</td><td>${s.last_seen}</td><td>${s.current ? tr('This browser') : ''}</td></tr>`)}
</tbody></table>
<form method="post" action="/accounts/profile/" id="sessions-form" class="panel">${csrfField(o.viewer)}<input type="hidden" name="section" value="sessions">
<button type="submit" name="end" value="others" id="sessions-others">${tr('Sign out everywhere else')}</button>
<button type="submit" name="end" value="all" id="sessions-all">${tr('Sign out everywhere')}</button></form>
</section>

<section id="audit" aria-labelledby="audit-title"><h2 id="audit-title">${tr('Audit log')}</h2>
<table class="list" id="audit-table"><caption>${tr('What happened to your account, newest first')}</caption><thead><tr><th scope="col">${tr('When')}</th><th scope="col">${tr('What')}</th><th scope="col">${tr('By')}</th></tr></thead><tbody>
${o.audit.map((a) => html`<tr><td>${a.timestamp}</td><td>${Object.hasOwn(AUDIT_LABELS, a.activity) ? tr(AUDIT_LABELS[a.activity]!) : a.activity}</td><td>${a.actor ?? ''}</td></tr>`)}
</tbody></table>
</section>`,
  });
}
