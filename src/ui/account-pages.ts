// Account pages reached by e-mail: password reset, registration, invitations, address change, and the administrators' outbox.
import { html, type SafeHtml } from './html.js';
import { ntr, tr, trHtml } from './i18n.js';
import { msgid } from '../shared/msgid.js';
import { csrfField, page, type Viewer } from './layout.js';
import { field, formErrors, type FieldSpec, type FormState } from './forms.js';

export type { FormErrors } from './forms.js';

/** What the account forms need: the form state and whether mail leaves this server. */
export interface FormPage extends FormState {
  /** Whether mail leaves this server; false: a notice says messages stay in the outbox. */
  mailConfigured: boolean;
}

const PASSWORD_HELP = msgid('At least 10 characters, not like your username or e-mail address, and not a commonly used password.');

function mailNotice(o: FormPage): SafeHtml {
  return o.mailConfigured
    ? html``
    : html`<p class="warning" role="status" id="mail-not-configured">${tr('E-mail is not configured on this server: messages are not sent, they are kept in the outbox that administrators read.')}</p>`;
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
    body: html`<h1>${o.title}</h1><p class="${o.status === 'error' ? 'error' : 'message'}" role="${o.status === 'error' ? 'alert' : 'status'}" id="account-message">${tr(o.message)}</p>
${o.link ? html`<p><a href="${o.link.href}" id="account-message-link">${o.link.label}</a></p>` : ''}`,
  });
}

export function resetRequestPage(o: FormPage): string {
  return form(o, tr('Reset your password'), '/accounts/reset/', 'reset-form', tr('Enter the e-mail address of your account: a link to choose a new password goes there.'), [{ name: 'email', label: tr('E-mail'), type: 'email', autocomplete: 'email' }], tr('Send the link'));
}

export function resetPasswordPage(o: FormPage & { action: string; username: string }): string {
  return form(o, tr('Choose a new password'), o.action, 'set-password-form', trHtml('For the account {username}.', { username: html`<strong>${o.username}</strong>` }), [
    { name: 'password', label: tr('New password'), type: 'password', autocomplete: 'new-password', help: tr(PASSWORD_HELP) },
    { name: 'password2', label: tr('New password again'), type: 'password', autocomplete: 'new-password' },
  ], tr('Set the password'));
}

export function registerPage(o: FormPage): string {
  return form(o, tr('Create an account'), '/accounts/register/', 'register-form', tr('A link to confirm the address and choose a password goes to the e-mail address you enter.'), [
    { name: 'username', label: tr('Username'), autocomplete: 'username' },
    { name: 'full_name', label: tr('Full name'), autocomplete: 'name', required: false },
    { name: 'email', label: tr('E-mail'), type: 'email', autocomplete: 'email' },
  ], tr('Register'));
}

export function confirmRegistrationPage(o: FormPage & { action: string; username: string; email: string }): string {
  return form(o, tr('Confirm your account'), o.action, 'set-password-form', trHtml('Account {username} for {email}: choose its password.', { username: html`<strong>${o.username}</strong>`, email: o.email }), [
    { name: 'password', label: tr('Password'), type: 'password', autocomplete: 'new-password', help: tr(PASSWORD_HELP) },
    { name: 'password2', label: tr('Password again'), type: 'password', autocomplete: 'new-password' },
  ], tr('Create the account'));
}

export function acceptInvitationPage(o: FormPage & { action: string; email: string; team: string | null; inviter: string | null }): string {
  const team = html`<strong>${o.team ?? ''}</strong>`;
  const intro = o.inviter
    ? o.team
      ? trHtml('{inviter} invites you to the team {team} with the address {email}. Choose a username and a password.', { inviter: o.inviter, team, email: o.email })
      : trHtml('{inviter} invites you with the address {email}. Choose a username and a password.', { inviter: o.inviter, email: o.email })
    : o.team
      ? trHtml('You are invited to the team {team} with the address {email}. Choose a username and a password.', { team, email: o.email })
      : trHtml('You are invited with the address {email}. Choose a username and a password.', { email: o.email });
  return form(o, tr('Accept the invitation'), o.action, 'invitation-form', intro, [
    { name: 'username', label: tr('Username'), autocomplete: 'username' },
    { name: 'full_name', label: tr('Full name'), autocomplete: 'name', required: false },
    { name: 'password', label: tr('Password'), type: 'password', autocomplete: 'new-password', help: tr(PASSWORD_HELP) },
    { name: 'password2', label: tr('Password again'), type: 'password', autocomplete: 'new-password' },
  ], tr('Create my account'));
}

export function invitePage(o: FormPage & { teams: { id: number; name: string }[]; siteWide: boolean; sent?: string }): string {
  const errors = o.errors?.group ?? [];
  return page({
    title: tr('Invite people'),
    viewer: o.viewer,
    here: '/accounts/invite/',
    body: html`<h1>${tr('Invite people')}</h1>${mailNotice(o)}
${o.sent ? html`<p class="message" role="status" id="notice">${tr(o.sent)}</p>` : ''}${formErrors(o.errors, ['email', 'group'])}
<form method="post" action="/accounts/invite/" id="invite-form" class="panel" novalidate>${csrfField(o.viewer)}
${field(o, { name: 'email', label: tr('E-mail address'), type: 'email', autocomplete: 'off' })}
<div class="field"><label for="id_group">${tr('Team')}</label><select id="id_group" name="group"${errors.length ? html` aria-invalid="true" aria-describedby="id_group_error"` : ''}>
${o.siteWide ? html`<option value="">${tr('No team (an account only)')}</option>` : ''}${o.teams.map((t) => html`<option value="${String(t.id)}"${o.values?.group === String(t.id) ? html` selected` : ''}>${t.name}</option>`)}
</select>${errors.length ? html`<p class="error field-error" id="id_group_error">${errors.join(' ')}</p>` : ''}</div>
<button type="submit" id="invite-form-submit">${tr('Send the invitation')}</button>
</form>
<p class="muted">${tr('An address that already has an account joins the team right away; others receive a link to choose a username and a password.')}</p>`,
  });
}

export function emailChangePage(o: FormPage & { current: string; hasPassword: boolean }): string {
  return form(o, tr('Change your e-mail address'), '/accounts/email/', 'email-form', tr('Your address is now {email}. A confirmation link goes to the new one; the address changes when you follow it.', { email: o.current }), [
    { name: 'email', label: tr('New e-mail address'), type: 'email', autocomplete: 'email' },
    ...(o.hasPassword ? [{ name: 'password', label: tr('Your password'), type: 'password', autocomplete: 'current-password' }] : []),
  ], tr('Send the confirmation'), true);
}

export function confirmEmailPage(o: FormPage & { action: string; username: string; email: string }): string {
  return form(o, tr('Confirm your new e-mail address'), o.action, 'confirm-email-form', trHtml('The account {username} will use {email} from now on.', { username: html`<strong>${o.username}</strong>`, email: o.email }), [], tr('Confirm the address'));
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
    title: tr('Outgoing mail'),
    viewer: o.viewer,
    here: '/manage/mail/',
    breadcrumbs: [{ label: tr('Dashboard'), href: '/' }, { label: tr('Outgoing mail') }],
    body: html`<h1>${tr('Outgoing mail')}</h1>
${o.mailConfigured ? html`<p class="message" id="mail-configured">${tr('Mail goes to the server of PARLA_EMAIL_URL. Sent messages keep only their recipient and subject here.')}</p>` : html`<p class="warning" role="status" id="mail-not-configured">${tr('E-mail is not configured on this server (PARLA_EMAIL_URL): messages are not sent. They are kept here, the outbox, and logged.')}</p>`}
<p class="muted">${o.total > o.messages.length ? ntr('{n} message, the newest {shown} shown.', '{n} messages, the newest {shown} shown.', o.total, { shown: o.messages.length }) : ntr('{n} message.', '{n} messages.', o.total)}</p>
${o.messages.map(
  (m) => html`<article class="panel mail" id="mail-${String(m.id)}"><h2>${m.subject}</h2>
<dl class="meta"><dt>${tr('To')}</dt><dd class="mail-to">${m.recipient}</dd><dt>${tr('Queued')}</dt><dd>${m.created}</dd><dt>${tr('Status')}</dt><dd class="mail-status">${m.status}${m.attempts > 1 ? ` ${ntr('({n} attempt)', '({n} attempts)', m.attempts)}` : ''}</dd>${m.lastError ? html`<dt>${tr('Last error')}</dt><dd>${m.lastError}</dd>` : ''}</dl>
${m.text ? html`<pre class="mail-text">${m.text}</pre>` : ''}</article>`,
)}`,
  });
}
