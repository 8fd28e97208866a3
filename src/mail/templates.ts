// The account e-mails: each one a subject, a plain-text part and an HTML part built from the same words, with absolute links.
import { oneLine, type OutgoingMail } from './mailer.js';
import { currentCatalog, ntr, runInLanguage, tr } from '../ui/i18n.js';
import { catalogFor } from '../ui/i18n-catalogs.js';
import { teamName } from '../ui/builtin-names.js';

/** What a template returns; the recipient is added by the caller. */
export type MailContent = Omit<OutgoingMail, 'to'>;

function escape(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export interface Parts {
  subject: string;
  /** Paragraphs of plain text (escaped for the HTML part). */
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Address of the page that ends the mail the recipient is subscribed to; sets List-Unsubscribe. */
  unsubscribeUrl?: string;
  /** Entries after the paragraphs (the changes of a notification), each a heading, lines and a link. */
  sections?: readonly MailSection[];
  /** Paragraphs after the sections and the action (why the message came, how to stop it). */
  footer?: readonly string[];
}

/** One entry of a notification: what happened, its details, and where to see it. */
export interface MailSection {
  heading: string;
  lines: readonly string[];
  url: string | null;
}

/** Renders a mail in the interface language `code` (the recipient's profile); '' or null keeps the current language. */
export function inLanguage<T>(code: string | null | undefined, render: () => T): T {
  return code ? runInLanguage(catalogFor(code), render) : render();
}

/** A message from its words; `unsubscribeUrl` for messages sent because of a subscription. */
export function compose(parts: Parts): MailContent {
  const subject = oneLine(parts.subject);
  const sections = parts.sections ?? [];
  const footer = parts.footer ?? [];
  const text = [
    ...parts.paragraphs,
    ...sections.map((s) => [s.heading, ...s.lines.map((l) => `  ${l.replace(/\n/g, '\n  ')}`), ...(s.url ? [`  ${s.url}`] : [])].join('\n')),
    ...(parts.action ? [`${parts.action.label}:\n${parts.action.url}`] : []),
    ...footer,
    '-- \nParla',
  ].join('\n\n');
  const body = [
    ...parts.paragraphs.map((p) => `<p>${escape(p)}</p>`),
    ...sections.map(
      (s) =>
        `<h2>${s.url ? `<a href="${escape(s.url)}">${escape(s.heading)}</a>` : escape(s.heading)}</h2>${s.lines.length ? `\n<p>${s.lines.map((l) => escape(l).replace(/\n/g, '<br>')).join('<br>\n')}</p>` : ''}${s.url ? `\n<p>${escape(s.url)}</p>` : ''}`,
    ),
    ...(parts.action ? [`<p><a href="${escape(parts.action.url)}">${escape(parts.action.label)}</a></p>`, `<p>${escape(parts.action.url)}</p>`] : []),
    ...footer.map((p) => `<p>${escape(p)}</p>`),
  ].join('\n');
  const language = currentCatalog();
  const html = `<!DOCTYPE html>\n<html lang="${language.code}" dir="${language.direction}"><head><meta charset="utf-8"><title>${escape(subject)}</title></head>\n<body>\n${body}\n<p>-- <br>Parla</p>\n</body></html>\n`;
  const headers: Record<string, string> = {};
  if (parts.unsubscribeUrl) {
    headers['List-Unsubscribe'] = `<${parts.unsubscribeUrl}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  return { subject, text, html, headers };
}

/** Mails are written in the language of the catalog they are rendered in: callers run them in the recipient's (runInLanguage). */
const ignore = (): string => tr('If you did not expect this message, you can ignore it.');

function validity(seconds: number): string {
  if (seconds % 86400 === 0) return ntr('{n} day', '{n} days', seconds / 86400);
  if (seconds % 3600 === 0) return ntr('{n} hour', '{n} hours', seconds / 3600);
  return ntr('{n} minute', '{n} minutes', Math.ceil(seconds / 60));
}

export function passwordResetMail(o: { username: string; url: string; validFor: number }): MailContent {
  return compose({
    subject: tr('Password reset on Parla'),
    paragraphs: [
      tr('Somebody asked to reset the password of the Parla account "{username}" that uses this address.', { username: o.username }),
      tr('The link works once, for {duration}.', { duration: validity(o.validFor) }),
      ignore(),
    ],
    action: { label: tr('Choose a new password'), url: o.url },
  });
}

/** The team of an invitation: a built-in team is named in the mail's language. */
type InvitedTeam = { name: string; internal: boolean | number };

export function invitationMail(o: { inviter: string; team: InvitedTeam | null; url: string; validFor: number }): MailContent {
  return compose({
    subject: tr('{inviter} invites you to Parla', { inviter: o.inviter }),
    paragraphs: [
      o.team
        ? tr('{inviter} invites you to the team "{team}" on Parla, a translation platform.', { inviter: o.inviter, team: teamName(o.team) })
        : tr('{inviter} invites you on Parla, a translation platform.', { inviter: o.inviter }),
      tr('Choose a username and a password to accept. The link works once, for {duration}.', { duration: validity(o.validFor) }),
      ignore(),
    ],
    action: { label: tr('Accept the invitation'), url: o.url },
  });
}

export function addedToTeamMail(o: { inviter: string; username: string; team: InvitedTeam; url: string }): MailContent {
  const team = teamName(o.team);
  return compose({
    subject: tr('{inviter} added you to the team "{team}" on Parla', { inviter: o.inviter, team }),
    paragraphs: [tr('{inviter} invited this address to the team "{team}". Your account "{username}" is now a member of it.', { inviter: o.inviter, team, username: o.username })],
    action: { label: tr('Open Parla'), url: o.url },
  });
}

export function registrationMail(o: { username: string; url: string; validFor: number }): MailContent {
  return compose({
    subject: tr('Confirm your Parla account'),
    paragraphs: [
      tr('Somebody asked to create the Parla account "{username}" with this address.', { username: o.username }),
      tr('Confirm it and choose a password with the link below. It works once, for {duration}.', { duration: validity(o.validFor) }),
      ignore(),
    ],
    action: { label: tr('Confirm the account'), url: o.url },
  });
}

/** Sent instead of a confirmation when the address already has an account: the form answers the same either way. */
export function alreadyRegisteredMail(o: { usernames: string[]; signInUrl: string; resetUrl: string }): MailContent {
  return compose({
    subject: tr('Your Parla account'),
    paragraphs: [
      ntr('Somebody asked to create a Parla account with this address, which already has the account {accounts}.', 'Somebody asked to create a Parla account with this address, which already has the accounts {accounts}.', o.usernames.length, {
        accounts: o.usernames.map((u) => `"${u}"`).join(', '),
      }),
      tr('Sign in at {signInUrl}, or choose a new password at {resetUrl} if you forgot it.', { signInUrl: o.signInUrl, resetUrl: o.resetUrl }),
      ignore(),
    ],
  });
}

export function emailChangeMail(o: { username: string; email: string; url: string; validFor: number }): MailContent {
  return compose({
    subject: tr('Confirm your new e-mail address on Parla'),
    paragraphs: [
      tr('The Parla account "{username}" asked to use {email} from now on.', { username: o.username, email: o.email }),
      tr('Confirm with the link below. It works once, for {duration}.', { duration: validity(o.validFor) }),
      ignore(),
    ],
    action: { label: tr('Confirm the address'), url: o.url },
  });
}

/**
 * A notification: the changes (or, in a digest, the summaries) one subscriber is told about, with the
 * link that ends the subscriptions that caused it (List-Unsubscribe, and a line at the end).
 */
export function notificationMail(o: { subject: string; intro: string; sections: readonly MailSection[]; settingsUrl: string; unsubscribeUrl: string; reason: string }): MailContent {
  return compose({
    subject: o.subject,
    paragraphs: [o.intro],
    sections: o.sections,
    footer: [o.reason, tr('Stop these messages: {url}', { url: o.unsubscribeUrl }), tr('Choose which notifications you get: {url}', { url: o.settingsUrl })],
    unsubscribeUrl: o.unsubscribeUrl,
  });
}
