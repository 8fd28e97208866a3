// The site administration pages under /manage/: users, languages, background tasks, health and configuration.
import { html, type SafeHtml } from './html.js';
import { msgid } from '../shared/msgid.js';
import { ntr, tr, trHtml } from './i18n.js';
import { csrfField, page, type Viewer } from './layout.js';
import { formOf, type FieldSpec, type FormState } from './forms.js';

/** The notices after a redirect: a fixed text per code, never text from the address. */
const NOTICES: Record<string, string> = {
  user_created: msgid('The user is created.'),
  invited: msgid('The invitation is on its way.'),
  joined: msgid('The account of that address joined.'),
  activated: msgid('The user is active again.'),
  deactivated: msgid('The user is deactivated and signed out.'),
  superuser: msgid('The user is a superuser now.'),
  unsuperuser: msgid('The user is no longer a superuser.'),
  language_created: msgid('The language is created.'),
  language_saved: msgid('The language is saved.'),
};

function noticeOf(code: string | undefined): SafeHtml {
  const text = code ? NOTICES[code] : undefined;
  return text ? html`<p class="message" role="status" id="notice" tabindex="-1">${tr(text)}</p>` : html``;
}

const CRUMB = () => ({ label: tr('Manage'), href: '/manage/' });

/** Previous and next links of a list shown a page at a time; `href` builds the address of an offset. */
function pager(total: number, offset: number, limit: number, href: (offset: number) => string): SafeHtml {
  if (total <= limit) return html``;
  const prev = offset > 0 ? html`<a href="${href(Math.max(0, offset - limit))}" id="page-prev" rel="prev">${tr('Previous')}</a>` : '';
  const next = offset + limit < total ? html`<a href="${href(offset + limit)}" id="page-next" rel="next">${tr('Next')}</a>` : '';
  return html`<nav aria-label="${tr('Pages')}" class="actions"><p>${tr('{from}–{to} of {total}', { from: offset + 1, to: Math.min(total, offset + limit), total })}</p>${prev} ${next}</nav>`;
}

export interface ManageParts {
  users: boolean;
  languages: boolean;
  teams: boolean;
  roles: boolean;
  componentLists: boolean;
  superuser: boolean;
}

export function manageIndexPage(o: { viewer: Viewer; parts: ManageParts }): string {
  const items: SafeHtml[] = [];
  if (o.parts.users) items.push(html`<li><a href="/manage/users/" id="manage-users">${tr('Users')}</a>${tr(': find, create, invite, deactivate and make superuser')}</li>`);
  if (o.parts.languages) items.push(html`<li><a href="/manage/languages/" id="manage-languages">${tr('Languages')}</a>${tr(': create and edit, with their plural rules')}</li>`);
  if (o.parts.teams) items.push(html`<li><a href="/manage/teams/" id="manage-teams">${tr('Teams')}</a>${tr(': site-wide teams with their roles, languages, projects and members')}</li>`);
  if (o.parts.roles) items.push(html`<li><a href="/manage/roles/" id="manage-roles">${tr('Roles')}</a>${tr(': the permissions each role grants')}</li>`);
  if (o.parts.componentLists) items.push(html`<li><a href="/manage/component-lists/" id="manage-component-lists">${tr('Component lists')}</a>${tr(': lists of components shown together')}</li>`);
  if (o.parts.superuser) {
    items.push(html`<li><a href="/manage/tasks/" id="manage-tasks">${tr('Background tasks')}</a>${tr(': running, failed and done, with their logs')}</li>`);
    items.push(html`<li><a href="/manage/health/" id="manage-health">${tr('Health and configuration')}</a>${tr(': the readiness checks and the settings in use')}</li>`);
    items.push(html`<li><a href="/manage/mail/" id="manage-mail">${tr('Outgoing mail')}</a>${tr(': the outbox')}</li>`);
    items.push(html`<li><a href="/manage/machinery/" id="manage-machinery">${tr('Machine translation')}</a>${tr(': the engines every project may use')}</li>`);
  }
  return page({ title: tr('Manage'), viewer: o.viewer, here: '/manage/', breadcrumbs: [{ label: tr('Dashboard'), href: '/' }, { label: tr('Manage') }], body: html`<h1>${tr('Manage')}</h1><ul id="manage-parts">${items}</ul>` });
}

export interface ManagedUser {
  username: string;
  fullName: string;
  email: string;
  active: boolean;
  superuser: boolean;
  bot: boolean;
  joined: string;
}

export interface UsersPageData {
  viewer: Viewer;
  q: string;
  users: ManagedUser[];
  total: number;
  offset: number;
  limit: number;
  /** The create form's state and the invitation form's, each kept after its own refusal. */
  create: FormState;
  invite: FormState;
  /** Whether the viewer may invite without a team. */
  mayInvite: boolean;
  notice?: string;
}

function userActions(viewer: Viewer, u: ManagedUser): SafeHtml {
  const action = `/manage/users/${encodeURIComponent(u.username)}/`;
  const button = (change: string, label: string, cls = 'secondary') =>
    html`<form method="post" action="${action}" class="inline">${csrfField(viewer)}<input type="hidden" name="change" value="${change}"><button type="submit" class="${cls}" id="${change}-${u.username}" aria-label="${label} ${u.username}">${label}</button></form>`;
  return html`${u.active ? button('deactivate', tr('Deactivate'), 'danger') : button('activate', tr('Reactivate'))} ${u.superuser ? button('unsuperuser', tr('Remove superuser')) : button('superuser', tr('Make superuser'))}`;
}

export function manageUsersPage(o: UsersPageData): string {
  const query = (offset: number) => `/manage/users/?${new URLSearchParams({ ...(o.q ? { q: o.q } : {}), ...(offset ? { offset: String(offset) } : {}) }).toString()}`;
  const rows = o.users.map(
    (u) => html`<tr id="user-${u.username}"><th scope="row"><a href="/user/${encodeURIComponent(u.username)}/">${u.username}</a></th><td>${u.fullName}</td><td>${u.email}</td>
<td class="user-state">${[u.active ? tr('active') : tr('deactivated'), ...(u.superuser ? [tr('superuser')] : []), ...(u.bot ? [tr('bot')] : [])].join(', ')}</td><td>${u.joined.slice(0, 10)}</td><td class="actions">${userActions(o.viewer, u)}</td></tr>`,
  );
  const create = formOf(o.create, {
    action: '/manage/users/create/',
    id: 'user-create',
    submit: tr('Create user'),
    fields: [
      { name: 'username', label: tr('Username'), autocomplete: 'off', maxLength: 150, help: tr('Letters, digits and @ . + - _ only.') },
      { name: 'email', label: tr('E-mail address'), type: 'email', autocomplete: 'off', maxLength: 254 },
      { name: 'full_name', label: tr('Full name'), autocomplete: 'off', maxLength: 150 },
    ],
  });
  const invite = o.mayInvite
    ? formOf(o.invite, {
        action: '/manage/users/invite/',
        id: 'user-invite',
        submit: tr('Send invitation'),
        fields: [{ name: 'invite_email', label: tr('E-mail address'), type: 'email', autocomplete: 'off', maxLength: 254, help: tr('The person chooses a username and a password through the link in the message.') }],
      })
    : html``;
  return page({
    title: tr('Users'),
    viewer: o.viewer,
    here: '/manage/users/',
    breadcrumbs: [{ label: tr('Dashboard'), href: '/' }, CRUMB(), { label: tr('Users') }],
    body: html`<h1>${tr('Users')}</h1>${noticeOf(o.notice)}
<form method="get" action="/manage/users/" class="searchbar" role="search"><div class="field"><label for="id_q">${tr('Find users')}</label><input type="search" id="id_q" name="q" value="${o.q}" aria-describedby="id_q_help"><p class="muted" id="id_q_help">${tr('Part of a username, full name or e-mail address.')}</p></div><button type="submit" id="user-search">${tr('Search')}</button></form>
<div class="table-wrap"><table id="users"><caption class="muted">${o.q ? ntr('{n} user matching “{query}”', '{n} users matching “{query}”', o.total, { query: o.q }) : ntr('{n} user', '{n} users', o.total)}</caption>
<thead><tr><th scope="col">${tr('Username')}</th><th scope="col">${tr('Full name')}</th><th scope="col">${tr('E-mail')}</th><th scope="col">${tr('State')}</th><th scope="col">${tr('Joined')}</th><th scope="col">${tr('Change')}</th></tr></thead><tbody>${rows}</tbody></table></div>
${pager(o.total, o.offset, o.limit, query)}
<section aria-labelledby="create-title"><h2 id="create-title">${tr('Create a user')}</h2><p class="muted">${tr('The new user has no password: they set one through “Forgot your password?”, or sign in with single sign-on.')}</p>${create}</section>
${o.mayInvite ? html`<section aria-labelledby="invite-title"><h2 id="invite-title">${tr('Invite by e-mail')}</h2>${invite}</section>` : ''}`,
  });
}

export interface ListedLanguage {
  code: string;
  name: string;
  direction: string;
  pluralNumber: number;
  pluralFormula: string;
}

const DIRECTIONS = () => [
  { value: 'ltr', label: tr('Left to right') },
  { value: 'rtl', label: tr('Right to left') },
];

function languageFields(withCode: boolean): FieldSpec[] {
  return [
    ...(withCode ? [{ name: 'code', label: tr('Language code'), maxLength: 50, help: tr('As in the file names, for example pt_BR or sr@latin.') }] : []),
    { name: 'name', label: tr('Name'), maxLength: 100 },
    { name: 'direction', label: tr('Text direction'), type: 'select', options: DIRECTIONS() },
    { name: 'plural_number', label: tr('Number of plural forms'), type: 'number', help: tr('From 1 to 10.') },
    { name: 'plural_formula', label: tr('Plural formula'), help: tr('A C expression of n that gives the form to use, for example n != 1 or (n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2.') },
  ];
}

export function manageLanguagesPage(o: { viewer: Viewer; languages: ListedLanguage[]; total: number; offset: number; limit: number; form: FormState; notice?: string }): string {
  const rows = o.languages.map(
    (l) => html`<tr id="language-${l.code}"><th scope="row"><a href="/manage/languages/${encodeURIComponent(l.code)}/">${l.code}</a></th><td>${l.name}</td><td>${l.direction === 'rtl' ? tr('right to left') : tr('left to right')}</td><td class="num">${String(l.pluralNumber)}</td><td><code>${l.pluralFormula}</code></td></tr>`,
  );
  return page({
    title: tr('Languages'),
    viewer: o.viewer,
    here: '/manage/languages/',
    breadcrumbs: [{ label: tr('Dashboard'), href: '/' }, CRUMB(), { label: tr('Languages') }],
    body: html`<h1>${tr('Languages')}</h1>${noticeOf(o.notice)}
<div class="table-wrap"><table id="languages"><caption class="muted">${ntr('{n} language', '{n} languages', o.total)}</caption>
<thead><tr><th scope="col">${tr('Code')}</th><th scope="col">${tr('Name')}</th><th scope="col">${tr('Direction')}</th><th scope="col" class="num">${tr('Plurals')}</th><th scope="col">${tr('Plural formula')}</th></tr></thead><tbody>${rows}</tbody></table></div>
${pager(o.total, o.offset, o.limit, (offset) => (offset ? `/manage/languages/?offset=${offset}` : '/manage/languages/'))}
<section aria-labelledby="create-title"><h2 id="create-title">${tr('Add a language')}</h2>${formOf(o.form, { action: '/manage/languages/', id: 'language-create', submit: tr('Add language'), fields: languageFields(true) })}</section>`,
  });
}

export function languageEditPage(o: { viewer: Viewer; code: string; name: string; form: FormState; notice?: string }): string {
  const here = `/manage/languages/${encodeURIComponent(o.code)}/`;
  return page({
    title: tr('Language {name}', { name: o.name }),
    viewer: o.viewer,
    here,
    breadcrumbs: [{ label: tr('Dashboard'), href: '/' }, CRUMB(), { label: tr('Languages'), href: '/manage/languages/' }, { label: o.name }],
    body: html`<h1>${o.name} <code>${o.code}</code></h1>${noticeOf(o.notice)}
${formOf(o.form, { action: here, id: 'language-edit', submit: tr('Save'), fields: languageFields(true) })}
<p><a href="/languages/${encodeURIComponent(o.code)}/">${tr('Translations in this language')}</a></p>`,
  });
}

export interface ListedTask {
  id: string;
  name: string;
  status: string;
  progress: number;
  created: string;
  updated: string;
  log: string;
  result: string | null;
}

const TASK_STATUSES = ['queued', 'running', 'failed', 'done'];
/** The task states as the task pages show them ('' is every task). */
const TASK_STATUS_LABELS: Record<string, string> = { '': msgid('all'), queued: msgid('queued'), running: msgid('running'), failed: msgid('failed'), done: msgid('done') };
const statusLabel = (s: string): string => (Object.hasOwn(TASK_STATUS_LABELS, s) ? tr(TASK_STATUS_LABELS[s]!) : s);

export function manageTasksPage(o: { viewer: Viewer; tasks: ListedTask[]; total: number; offset: number; limit: number; status: string }): string {
  const href = (offset: number) => `/manage/tasks/?${new URLSearchParams({ ...(o.status ? { status: o.status } : {}), ...(offset ? { offset: String(offset) } : {}) }).toString()}`;
  const filters = ['', ...TASK_STATUSES].map((s) =>
    s === o.status ? html`<li aria-current="page"><strong>${statusLabel(s)}</strong></li>` : html`<li><a href="/manage/tasks/${s ? `?status=${s}` : ''}" id="tasks-${s || 'all'}">${statusLabel(s)}</a></li>`,
  );
  const rows = o.tasks.map(
    (t) => html`<tr id="task-${t.id}"><th scope="row"><a href="/manage/tasks/${t.id}/">${t.name}</a></th><td class="task-status">${statusLabel(t.status)}</td><td class="num">${String(t.progress)} %</td><td>${t.created}</td><td>${t.updated}</td></tr>`,
  );
  return page({
    title: tr('Background tasks'),
    viewer: o.viewer,
    here: '/manage/tasks/',
    breadcrumbs: [{ label: tr('Dashboard'), href: '/' }, CRUMB(), { label: tr('Background tasks') }],
    body: html`<h1>${tr('Background tasks')}</h1>
<nav aria-label="${tr('Task status')}"><ul class="inline-list">${filters}</ul></nav>
<div class="table-wrap"><table id="tasks"><caption class="muted">${ntr('{n} task, newest first', '{n} tasks, newest first', o.total)}</caption>
<thead><tr><th scope="col">${tr('Task')}</th><th scope="col">${tr('Status')}</th><th scope="col" class="num">${tr('Progress')}</th><th scope="col">${tr('Created')}</th><th scope="col">${tr('Updated')}</th></tr></thead><tbody>${rows}</tbody></table></div>
${pager(o.total, o.offset, o.limit, href)}`,
  });
}

export function taskPage(o: { viewer: Viewer; task: ListedTask }): string {
  const t = o.task;
  let result = t.result ?? '';
  try {
    if (t.result) result = JSON.stringify(JSON.parse(t.result), null, 2);
  } catch {
    // A result that is no JSON is shown as it is.
  }
  return page({
    title: tr('Task {name}', { name: t.name }),
    viewer: o.viewer,
    here: `/manage/tasks/${t.id}/`,
    breadcrumbs: [{ label: tr('Dashboard'), href: '/' }, CRUMB(), { label: tr('Background tasks'), href: '/manage/tasks/' }, { label: t.name }],
    body: html`<h1>${tr('Task {name}', { name: t.name })}</h1>
<dl class="meta" id="task"><dt>${tr('Id')}</dt><dd><code>${t.id}</code></dd><dt>${tr('Status')}</dt><dd id="task-status">${t.status}</dd><dt>${tr('Progress')}</dt><dd>${String(t.progress)} %</dd><dt>${tr('Created')}</dt><dd>${t.created}</dd><dt>${tr('Updated')}</dt><dd>${t.updated}</dd></dl>
<h2>${tr('Log')}</h2>${t.log ? html`<pre id="task-log">${t.log}</pre>` : html`<p class="muted" id="task-log">${tr('Nothing logged.')}</p>`}
<h2>${tr('Result')}</h2>${result ? html`<pre id="task-result">${result}</pre>` : html`<p class="muted" id="task-result">${tr('No result yet.')}</p>`}
<p class="muted">${trHtml('The API shows it at {link}.', { link: html`<a href="/api/tasks/${t.id}/">/api/tasks/${t.id}/</a>` })}</p>`,
  });
}

export interface HealthPageData {
  viewer: Viewer;
  status: string;
  checks: { name: string; ok: boolean; text: string }[];
  settings: { name: string; value: string }[];
}

export function healthPage(o: HealthPageData): string {
  return page({
    title: tr('Health and configuration'),
    viewer: o.viewer,
    here: '/manage/health/',
    breadcrumbs: [{ label: tr('Dashboard'), href: '/' }, CRUMB(), { label: tr('Health and configuration') }],
    body: html`<h1>${tr('Health and configuration')}</h1>
<section aria-labelledby="checks-title"><h2 id="checks-title">${tr('Readiness')}</h2>
<p id="health-status" class="${o.status === 'ok' ? 'message' : 'error'}">${o.status === 'ok' ? tr('Every check passes.') : tr('Some checks fail: /readyz answers 503.')}</p>
<div class="table-wrap"><table id="checks"><thead><tr><th scope="col">${tr('Check')}</th><th scope="col">${tr('Result')}</th><th scope="col">${tr('Detail')}</th></tr></thead><tbody>
${o.checks.map((c) => html`<tr id="check-${c.name}"><th scope="row"><code>${c.name}</code></th><td>${c.ok ? tr('ok') : tr('failing')}</td><td>${c.text ? tr(c.text) : ''}</td></tr>`)}</tbody></table></div></section>
<section aria-labelledby="config-title"><h2 id="config-title">${tr('Configuration')}</h2><p class="muted">${tr('Set by the PARLA_ environment variables; secrets are never shown.')}</p>
<dl class="meta" id="settings">${o.settings.map((s) => html`<dt>${s.name}</dt><dd>${s.value}</dd>`)}</dl></section>`,
  });
}
