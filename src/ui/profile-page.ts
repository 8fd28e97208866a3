// The signed-in user's own profile page: account, languages, watched projects, notifications, API token, sessions and audit log.
import { html, type SafeHtml } from './html.js';
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
  [0, 'Do not notify'],
  [1, 'Instant notification'],
  [2, 'Daily digest'],
  [3, 'Weekly summary'],
  [4, 'Monthly summary'],
];

const SCOPE_LABELS: Record<number, string> = { 0: 'All projects', 10: 'Watched projects', 20: 'Administered projects', 30: 'Project', 40: 'Component' };

/** "NewSuggestionNotificaton" → "New suggestion" (the reference's names keep its spelling). */
export function notificationLabel(name: string): string {
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

function subscriptionsSection(o: ProfilePageData): SafeHtml {
  const rows = o.subscriptions.map(
    (s) => html`<tr><th scope="row">${notificationLabel(s.notification)}</th><td>${SCOPE_LABELS[s.scope] ?? String(s.scope)}${s.component ? html`: ${s.component}` : s.project ? html`: ${s.project}` : ''}</td>
<td><label class="visually-hidden" for="frequency-${String(s.id)}">Frequency</label><select id="frequency-${String(s.id)}" name="frequency_${String(s.id)}">
${FREQUENCY_LABELS.map(([value, label]) => html`<option value="${String(value)}"${value === s.frequency ? html` selected` : ''}>${label}</option>`)}</select></td></tr>`,
  );
  const add = html`<fieldset><legend>Add a subscription</legend>
<div class="field"><label for="id_add_notification">Notification</label><select id="id_add_notification" name="add_notification"><option value="">—</option>
${o.notificationNames.map((n) => html`<option value="${n}">${notificationLabel(n)}</option>`)}</select></div>
<div class="field"><label for="id_add_scope">Scope</label><select id="id_add_scope" name="add_scope">
<option value="0">All projects</option><option value="10">Watched projects</option><option value="30">Project</option><option value="40">Component</option></select></div>
<div class="field"><label for="id_add_target">Project or component (<code>project</code> or <code>project/component</code>)</label><input type="text" id="id_add_target" name="add_target" maxlength="300"></div>
<div class="field"><label for="id_add_frequency">Frequency</label><select id="id_add_frequency" name="add_frequency">
${FREQUENCY_LABELS.map(([value, label]) => html`<option value="${String(value)}"${value === 1 ? html` selected` : ''}>${label}</option>`)}</select></div></fieldset>`;
  return form(
    o,
    'notifications',
    html`<table class="list"><caption>Subscriptions</caption><thead><tr><th scope="col">Notification</th><th scope="col">Scope</th><th scope="col">Frequency</th></tr></thead><tbody>${rows}</tbody></table>${add}`,
    'Save notifications',
  );
}

export function profilePage(o: ProfilePageData): string {
  const watched = new Set(o.watched);
  return page({
    title: 'Your profile',
    viewer: o.viewer,
    here: '/accounts/profile/',
    breadcrumbs: [{ label: 'Dashboard', href: '/' }, { label: 'Your profile' }],
    body: html`<h1>Your profile</h1>
${o.notice ? html`<p class="message" role="status" id="profile-notice">${o.notice}</p>` : ''}
<nav aria-label="Profile sections"><ul class="inline-list">
<li><a href="#account">Account</a></li><li><a href="#languages">Languages</a></li><li><a href="#watched">Watched projects</a></li>
<li><a href="#notifications">Notifications</a></li><li><a href="#api-token">API access</a></li><li><a href="#two-factor">Two-factor authentication</a></li><li><a href="#sessions">Sessions</a></li><li><a href="#audit">Audit log</a></li></ul></nav>

<section id="account" aria-labelledby="account-title"><h2 id="account-title">Account</h2>
<p>User name: <strong id="profile-username">${o.username}</strong> · E-mail: <strong id="profile-email">${o.email}</strong> (<a href="/accounts/email/" id="profile-change-email">change it</a>, confirmed through the new address)</p>
${o.links.invite || o.links.outbox ? html`<p>${o.links.invite ? html`<a href="/accounts/invite/" id="profile-invite">Invite people</a>` : ''}${o.links.invite && o.links.outbox ? ' · ' : ''}${o.links.outbox ? html`<a href="/manage/mail/" id="profile-outbox">Mail outbox</a>` : ''}</p>` : ''}
${form(o, 'account', html`<div class="field"><label for="id_full_name">Full name</label><input type="text" id="id_full_name" name="full_name" value="${o.fullName}" maxlength="150" autocomplete="name"></div>`, 'Save account')}
</section>

<section id="languages" aria-labelledby="languages-title"><h2 id="languages-title">Languages</h2>
<p>The languages you translate into choose what your dashboard shows; secondary languages are shown next to the source while you translate.</p>
${form(o, 'languages', html`${languageSelect(o, 'languages', 'Translated languages', o.languages)}${languageSelect(o, 'secondary_languages', 'Secondary languages', o.secondaryLanguages)}`, 'Save languages')}
</section>

<section id="watched" aria-labelledby="watched-title"><h2 id="watched-title">Watched projects</h2>
${form(
  o,
  'watched',
  o.projectOptions.length
    ? html`<fieldset><legend>Projects you watch</legend>${o.projectOptions.map(
        (p) => html`<div class="check"><input type="checkbox" id="watch-${p.slug}" name="watched" value="${p.slug}"${watched.has(p.slug) ? html` checked` : ''}><label for="watch-${p.slug}">${p.name}</label></div>`,
      )}</fieldset>`
    : html`<p>There are no projects to watch yet.</p>`,
  'Save watched projects',
)}
</section>

<section id="notifications" aria-labelledby="notifications-title"><h2 id="notifications-title">Notifications</h2>
${subscriptionsSection(o)}
</section>

<section id="api-token" aria-labelledby="api-token-title"><h2 id="api-token-title">API access</h2>
${
  o.token.fresh
    ? html`<p role="status">Your new API token is shown only now: copy it to where your scripts keep secrets.</p><p><code id="api-token-value">${o.token.fresh}</code></p>`
    : html`<p id="api-token-info">${o.token.created ? html`Your API token was created on ${o.token.created}. Parla keeps only a hash of it: regenerate it if you no longer have it.` : 'You have no API token yet.'}</p>`
}
${form(o, 'token', html`<p>Regenerating ends the old token at once.</p>`, 'Regenerate API token')}
</section>

<section id="two-factor" aria-labelledby="two-factor-title"><h2 id="two-factor-title">Two-factor authentication</h2>
<p>An authenticator app or a security key as a second step of signing in, and recovery codes: <a href="/accounts/2fa/" id="profile-2fa">manage your second factors</a>.</p>
</section>

<section id="sessions" aria-labelledby="sessions-title"><h2 id="sessions-title">Sessions</h2>
<table class="list" id="sessions-table"><caption>Browsers signed in to your account</caption><thead><tr><th scope="col">Signed in</th><th scope="col">Last seen</th><th scope="col"></th></tr></thead><tbody>
${o.sessions.map((s) => html`<tr><td>${s.created}</td><td>${s.last_seen}</td><td>${s.current ? 'This browser' : ''}</td></tr>`)}
</tbody></table>
<form method="post" action="/accounts/profile/" id="sessions-form" class="panel">${csrfField(o.viewer)}<input type="hidden" name="section" value="sessions">
<button type="submit" name="end" value="others" id="sessions-others">Sign out everywhere else</button>
<button type="submit" name="end" value="all" id="sessions-all">Sign out everywhere</button></form>
</section>

<section id="audit" aria-labelledby="audit-title"><h2 id="audit-title">Audit log</h2>
<table class="list" id="audit-table"><caption>What happened to your account, newest first</caption><thead><tr><th scope="col">When</th><th scope="col">What</th><th scope="col">By</th></tr></thead><tbody>
${o.audit.map((a) => html`<tr><td>${a.timestamp}</td><td>${a.activity}</td><td>${a.actor ?? ''}</td></tr>`)}
</tbody></table>
</section>`,
  });
}
