// /access/<project>/: a project's teams with their roles, languages and members, the forms that add, remove and invite people, and project tokens.
import { formErrors, formOf, type FormState } from './forms.js';
import { tr } from './i18n.js';
import { html, type SafeHtml } from './html.js';
import { csrfField, page } from './layout.js';

export interface AccessTeam {
  id: number;
  /** The name as the page shows it (built-in teams in the UI language). */
  name: string;
  /** Whether the project defines the team (otherwise a site-wide team that names the project). */
  own: boolean;
  roles: string[];
  /** The names of the team's languages; null: every language. */
  languages: string[] | null;
  /** null: the viewer may not see or change the members. */
  members: { username: string; fullName: string; bot: boolean }[] | null;
  manageable: boolean;
}

export interface AccessToken {
  id: number;
  name: string;
  username: string;
  created: string;
  expires: string | null;
}

export interface ProjectAccessPageData extends FormState {
  projectName: string;
  projectHref: string;
  /** The page's address; forms post to its sub-addresses (add/, remove/, invite/, tokens/, revoke/). */
  action: string;
  /** Which form the values and errors belong to. */
  form?: 'add' | 'invite' | 'token';
  teams: AccessTeam[];
  tokens: AccessToken[];
  mailConfigured: boolean;
  /** The success message of the form just sent. */
  notice: string | null;
  /** A new token's secret: shown on the answer to its creation only. */
  freshToken: { name: string; token: string } | null;
}

const day = (iso: string) => iso.slice(0, 10);

function teamSection(o: ProjectAccessPageData, t: AccessTeam): SafeHtml {
  const languages = t.languages === null ? tr('All languages') : t.languages.length ? t.languages.join(', ') : tr('No languages');
  const members =
    t.members === null
      ? html`<p class="muted">${tr("Managed by the site's team managers.")}</p>`
      : t.members.length === 0
        ? html`<p class="muted">${tr('No members.')}</p>`
        : html`<ul id="members-${String(t.id)}">${t.members.map(
            (m) => html`<li><a href="/user/${encodeURIComponent(m.username)}/">${m.username}</a>${m.fullName && m.fullName !== m.username ? html` (${m.fullName})` : ''}${m.bot ? html` <span class="muted">${tr('project token')}</span>` : ''}${t.manageable && !m.bot
              ? html` <form method="post" action="${o.action}remove/" class="inline">${csrfField(o.viewer)}<input type="hidden" name="group" value="${String(t.id)}"><input type="hidden" name="user" value="${m.username}"><button type="submit" class="secondary" id="remove-${String(t.id)}-${m.username}" aria-label="${tr('Remove {item} from {team}', { item: m.username, team: t.name })}">${tr('Remove')}</button></form>`
              : ''}</li>`,
          )}</ul>`;
  return html`<section class="panel" id="team-${String(t.id)}" aria-labelledby="team-${String(t.id)}-name">
<h3 id="team-${String(t.id)}-name">${t.name}${t.own ? '' : html` <span class="muted">${tr('(site-wide team)')}</span>`}</h3>
<dl class="meta"><dt>${tr('Roles')}</dt><dd>${t.roles.length ? t.roles.join(', ') : tr('None')}</dd><dt>${tr('Languages')}</dt><dd>${languages}</dd></dl>
<h4>${tr('Members')}</h4>
${members}
</section>`;
}

export function projectAccessPage(o: ProjectAccessPageData): string {
  const teamOptions = o.teams.filter((t) => t.manageable).map((t) => ({ value: String(t.id), label: t.name }));
  const section = (name: ProjectAccessPageData['form']): FormState => (o.form === name ? { viewer: o.viewer, values: o.values, errors: o.errors } : { viewer: o.viewer });
  const add = teamOptions.length
    ? formOf(section('add'), {
          action: `${o.action}add/`,
          id: 'add-member',
          submit: tr('Add to team'),
          fields: [
            { name: 'user', label: tr('Username or e-mail address'), autocomplete: 'off', maxLength: 254 },
            { name: 'group', label: tr('Team'), type: 'select', options: teamOptions },
          ],
        })
    : html``;
  const invite = teamOptions.length
    ? formOf(section('invite'), {
          action: `${o.action}invite/`,
          id: 'invite-member',
          submit: tr('Send invitation'),
          fields: [
            { name: 'email', label: tr('E-mail address'), type: 'email', autocomplete: 'off', maxLength: 254, help: tr('A person without an account receives a link to create one; an address that has an account joins the team at once.') },
            { name: 'invite_group', label: tr('Team'), type: 'select', options: teamOptions },
          ],
        })
    : html``;
  const tokenForm = formOf(section('token'), {
      action: `${o.action}tokens/`,
      id: 'create-token',
      submit: tr('Create token'),
      fields: [
        { name: 'name', label: tr('Token name'), maxLength: 100, help: tr('Says what the token is for, such as the script that uses it.') },
        { name: 'expires', label: tr('Expires on'), type: 'date', required: false, help: tr('Leave empty for a token that does not expire. The token works until the end of that day (UTC).') },
      ],
    });
  const tokens = o.tokens.length
    ? html`<table class="list" id="tokens-table"><caption>${tr('Project tokens')}</caption><thead><tr><th scope="col">${tr('Name')}</th><th scope="col">${tr('Acts as')}</th><th scope="col">${tr('Created')}</th><th scope="col">${tr('Expires')}</th><th scope="col"><span class="visually-hidden">${tr('Actions')}</span></th></tr></thead><tbody>${o.tokens.map(
        (t) => html`<tr><td>${t.name}</td><td>${t.username}</td><td>${day(t.created)}</td><td>${t.expires ? day(t.expires) : tr('Never')}</td><td><form method="post" action="${o.action}revoke/" class="inline">${csrfField(o.viewer)}<input type="hidden" name="token" value="${String(t.id)}"><button type="submit" class="secondary" id="revoke-${String(t.id)}" aria-label="${tr('Revoke the token {token_name}', { token_name: t.name })}">${tr('Revoke')}</button></form></td></tr>`,
      )}</tbody></table>`
    : html`<p class="muted" id="no-tokens">${tr('No project tokens.')}</p>`;
  const fresh = o.freshToken
    ? html`<div class="message" role="status" id="fresh-token"><p>${tr('The token "{freshToken_name}" is shown only now: copy it to where your scripts keep secrets.', { freshToken_name: o.freshToken.name })}</p><p><code id="project-token-value">${o.freshToken.token}</code></p></div>`
    : html``;
  return page({
    title: tr('Access – {projectName}', { projectName: o.projectName }),
    viewer: o.viewer,
    here: o.action,
    breadcrumbs: [{ label: tr('Dashboard'), href: '/' }, { label: o.projectName, href: o.projectHref }, { label: tr('Access') }],
    body: html`${o.notice ? html`<p class="message" role="status" id="notice" tabindex="-1">${tr(o.notice)}</p>` : ''}${fresh}${o.form ? '' : formErrors(o.errors)}<h1>${tr('Access to {projectName}', { projectName: o.projectName })}</h1>
<h2>${tr('Teams')}</h2>
${o.teams.length ? o.teams.map((t) => teamSection(o, t)) : html`<p class="muted">${tr('No teams.')}</p>`}
${teamOptions.length ? html`<h2>${tr('Add a member')}</h2>${add}<h2>${tr('Invite by e-mail')}</h2>${o.mailConfigured ? '' : html`<p class="muted">${tr('No mail server is configured: invitations wait in the outbox.')}</p>`}${invite}` : ''}
<h2>${tr('Project tokens')}</h2>
<p>${tr("A project token lets scripts use the API as a bot in this project's Administration team.")}</p>
${tokens}
<h3>${tr('Create a token')}</h3>
${tokenForm}`,
  });
}
