// Account pages reached by e-mail: password reset, registration, invitations, address change, and the administrators' outbox.
import { html, type SafeHtml } from './html.js';
import { csrfField, page, type Viewer } from './layout.js';
import { field, formErrors, type FieldSpec, type FormState } from './forms.js';

export type { FormErrors } from './forms.js';

/** What the account forms need: the form state and whether mail leaves this server. */
export interface FormPage extends FormState {
  /** Whether mail leaves this server; false: a notice says messages stay in the outbox. */
  mailConfigured: boolean;
}

const PASSWORD_HELP = 'At least 10 characters, not like your username or e-mail address, and not a commonly used password.';

function mailNotice(o: FormPage): SafeHtml {
  return o.mailConfigured
    ? html``
    : html`<p class="warning" role="status" id="mail-not-configured">E-mail is not configured on this server: messages are not sent, they are kept in the outbox that administrators read.</p>`;
}

function form(o: FormPage, title: string, action: string, id: string, intro: SafeHtml | string, fields: FieldSpec[], submit: string, withCsrf = false): string {
  return page({
    title,
    viewer: o.viewer,
    here: action,
    body: html`<h1>${title}</h1>${mailNotice(o)}
${intro ? html`<p>${intro}</p>` : ''}${formErrors(o.errors, fields.map((f) => f.name))}
<form method="post" action="${action}" id="${id}" class="panel" novalidate>${withCsrf ? csrfField(o.viewer) : ''}
${fields.map((f) => field(o, f))}
<button type="submit" id="${id}-submit">${submit}</button>
</form>`,
  });
}

/** A page that only says something: a link sent, a link that does not work, a change made. */
export function messagePage(o: { viewer: Viewer; title: string; message: string; status?: 'ok' | 'error'; link?: { href: string; label: string } }): string {
  return page({
    title: o.title,
    viewer: o.viewer,
    here: '/',
    body: html`<h1>${o.title}</h1><p class="${o.status === 'error' ? 'error' : 'message'}" role="${o.status === 'error' ? 'alert' : 'status'}" id="account-message">${o.message}</p>
${o.link ? html`<p><a href="${o.link.href}" id="account-message-link">${o.link.label}</a></p>` : ''}`,
  });
}

export function resetRequestPage(o: FormPage): string {
  return form(o, 'Reset your password', '/accounts/reset/', 'reset-form', 'Enter the e-mail address of your account: a link to choose a new password goes there.', [{ name: 'email', label: 'E-mail', type: 'email', autocomplete: 'email' }], 'Send the link');
}

export function resetPasswordPage(o: FormPage & { action: string; username: string }): string {
  return form(o, 'Choose a new password', o.action, 'set-password-form', html`For the account <strong>${o.username}</strong>.`, [
    { name: 'password', label: 'New password', type: 'password', autocomplete: 'new-password', help: PASSWORD_HELP },
    { name: 'password2', label: 'New password again', type: 'password', autocomplete: 'new-password' },
  ], 'Set the password');
}

export function registerPage(o: FormPage): string {
  return form(o, 'Create an account', '/accounts/register/', 'register-form', 'A link to confirm the address and choose a password goes to the e-mail address you enter.', [
    { name: 'username', label: 'Username', autocomplete: 'username' },
    { name: 'full_name', label: 'Full name', autocomplete: 'name', required: false },
    { name: 'email', label: 'E-mail', type: 'email', autocomplete: 'email' },
  ], 'Register');
}

export function confirmRegistrationPage(o: FormPage & { action: string; username: string; email: string }): string {
  return form(o, 'Confirm your account', o.action, 'set-password-form', html`Account <strong>${o.username}</strong> for ${o.email}: choose its password.`, [
    { name: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', help: PASSWORD_HELP },
    { name: 'password2', label: 'Password again', type: 'password', autocomplete: 'new-password' },
  ], 'Create the account');
}

export function acceptInvitationPage(o: FormPage & { action: string; email: string; team: string | null; inviter: string | null }): string {
  const from = o.inviter ? html`${o.inviter} invites you` : html`You are invited`;
  return form(o, 'Accept the invitation', o.action, 'invitation-form', html`${from}${o.team ? html` to the team <strong>${o.team}</strong>` : ''} with the address ${o.email}. Choose a username and a password.`, [
    { name: 'username', label: 'Username', autocomplete: 'username' },
    { name: 'full_name', label: 'Full name', autocomplete: 'name', required: false },
    { name: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', help: PASSWORD_HELP },
    { name: 'password2', label: 'Password again', type: 'password', autocomplete: 'new-password' },
  ], 'Create my account');
}

export function invitePage(o: FormPage & { teams: { id: number; name: string }[]; siteWide: boolean; sent?: string }): string {
  const errors = o.errors?.group ?? [];
  return page({
    title: 'Invite people',
    viewer: o.viewer,
    here: '/accounts/invite/',
    body: html`<h1>Invite people</h1>${mailNotice(o)}
${o.sent ? html`<p class="message" role="status" id="notice">${o.sent}</p>` : ''}${formErrors(o.errors, ['email', 'group'])}
<form method="post" action="/accounts/invite/" id="invite-form" class="panel" novalidate>${csrfField(o.viewer)}
${field(o, { name: 'email', label: 'E-mail address', type: 'email', autocomplete: 'off' })}
<div class="field"><label for="id_group">Team</label><select id="id_group" name="group"${errors.length ? html` aria-invalid="true" aria-describedby="id_group_error"` : ''}>
${o.siteWide ? html`<option value="">No team (an account only)</option>` : ''}${o.teams.map((t) => html`<option value="${String(t.id)}"${o.values?.group === String(t.id) ? html` selected` : ''}>${t.name}</option>`)}
</select>${errors.length ? html`<p class="error field-error" id="id_group_error">${errors.join(' ')}</p>` : ''}</div>
<button type="submit" id="invite-form-submit">Send the invitation</button>
</form>
<p class="muted">An address that already has an account joins the team right away; others receive a link to choose a username and a password.</p>`,
  });
}

export function emailChangePage(o: FormPage & { current: string; hasPassword: boolean }): string {
  return form(o, 'Change your e-mail address', '/accounts/email/', 'email-form', html`Your address is now ${o.current}. A confirmation link goes to the new one; the address changes when you follow it.`, [
    { name: 'email', label: 'New e-mail address', type: 'email', autocomplete: 'email' },
    ...(o.hasPassword ? [{ name: 'password', label: 'Your password', type: 'password', autocomplete: 'current-password' }] : []),
  ], 'Send the confirmation', true);
}

export function confirmEmailPage(o: FormPage & { action: string; username: string; email: string }): string {
  return form(o, 'Confirm your new e-mail address', o.action, 'confirm-email-form', html`The account <strong>${o.username}</strong> will use ${o.email} from now on.`, [], 'Confirm the address');
}

export interface OutboxEntry {
  id: number;
  created: string;
  recipient: string;
  subject: string;
  status: string;
  attempts: number;
  lastError: string | null;
  text: string;
}

export function outboxPage(o: { viewer: Viewer; mailConfigured: boolean; total: number; messages: OutboxEntry[] }): string {
  return page({
    title: 'Outgoing mail',
    viewer: o.viewer,
    here: '/manage/mail/',
    breadcrumbs: [{ label: 'Dashboard', href: '/' }, { label: 'Outgoing mail' }],
    body: html`<h1>Outgoing mail</h1>
${o.mailConfigured ? html`<p class="message" id="mail-configured">Mail goes to the server of PARLA_EMAIL_URL. Sent messages keep only their recipient and subject here.</p>` : html`<p class="warning" role="status" id="mail-not-configured">E-mail is not configured on this server (PARLA_EMAIL_URL): messages are not sent. They are kept here, the outbox, and logged.</p>`}
<p class="muted">${o.total} message${o.total === 1 ? '' : 's'}${o.total > o.messages.length ? `, the newest ${o.messages.length} shown` : ''}.</p>
${o.messages.map(
  (m) => html`<article class="panel mail" id="mail-${String(m.id)}"><h2>${m.subject}</h2>
<dl class="meta"><dt>To</dt><dd class="mail-to">${m.recipient}</dd><dt>Queued</dt><dd>${m.created}</dd><dt>Status</dt><dd class="mail-status">${m.status}${m.attempts > 1 ? ` (${m.attempts} attempts)` : ''}</dd>${m.lastError ? html`<dt>Last error</dt><dd>${m.lastError}</dd>` : ''}</dl>
${m.text ? html`<pre class="mail-text">${m.text}</pre>` : ''}</article>`,
)}`,
  });
}
