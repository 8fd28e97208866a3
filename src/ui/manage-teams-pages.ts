// The site administration's team and role pages: /manage/teams/ with each team's roles, languages, projects, components and
// members, and /manage/roles/ with each role's permissions grouped as the permission catalog names them.
import { field, formErrors, formOf, type FieldSpec, type FormErrors, type FormState } from './forms.js';
import { msgid } from '../shared/msgid.js';
import { ntr, tr, trHtml } from './i18n.js';
import { html, type SafeHtml } from './html.js';
import { csrfField, page, type Viewer } from './layout.js';
import { permissionName, type PermissionGroup } from './builtin-names.js';

export type { PermissionGroup } from './builtin-names.js';

/** The notices after a redirect: a fixed text per code, never text from the address. */
const NOTICES: Record<string, string> = {
  team_created: msgid('The team is created.'),
  team_saved: msgid('The team is saved.'),
  team_deleted: msgid('The team is deleted.'),
  roles_added: msgid('The role is added to the team.'),
  roles_removed: msgid('The role is removed from the team.'),
  languages_added: msgid('The language is added to the team.'),
  languages_removed: msgid('The language is removed from the team.'),
  projects_added: msgid('The project is added to the team.'),
  projects_removed: msgid('The project is removed from the team.'),
  components_added: msgid('The component is added to the team.'),
  components_removed: msgid('The component is removed from the team.'),
  componentlists_added: msgid('The component list is added to the team.'),
  componentlists_removed: msgid('The component list is removed from the team.'),
  members_added: msgid('The member is added to the team.'),
  members_removed: msgid('The member is removed from the team.'),
  role_created: msgid('The role is created.'),
  role_saved: msgid('The role is saved.'),
  role_deleted: msgid('The role is deleted.'),
};

export function noticeOf(code: string | undefined): SafeHtml {
  const text = code ? NOTICES[code] : undefined;
  return text ? html`<p class="message" role="status" id="notice" tabindex="-1">${tr(text)}</p>` : html``;
}

const CRUMBS = () => [{ label: tr('Dashboard'), href: '/' }, { label: tr('Manage'), href: '/manage/' }];

export const PROJECT_SELECTION_CHOICES = () => [
  { value: '0', label: tr('The projects and components chosen below') },
  { value: '1', label: tr('All projects') },
  { value: '2', label: tr('The components of the chosen component lists') },
  { value: '3', label: tr('All public projects') },
  { value: '4', label: tr('All protected projects') },
];
export const LANGUAGE_SELECTION_CHOICES = () => [
  { value: '0', label: tr('The languages chosen below') },
  { value: '1', label: tr('All languages') },
];

const labelOf = (choices: readonly { value: string; label: string }[], value: number) => choices.find((c) => c.value === String(value))?.label ?? String(value);

/** The fields of a team's own settings, as POST and PATCH /api/groups/ take them. */
export const TEAM_FIELDS = (): FieldSpec[] => [
  { name: 'name', label: tr('Team name'), maxLength: 150 },
  { name: 'project_selection', label: tr('Projects'), type: 'select', options: PROJECT_SELECTION_CHOICES() },
  { name: 'language_selection', label: tr('Languages'), type: 'select', options: LANGUAGE_SELECTION_CHOICES() },
  { name: 'enforced_2fa', label: tr('Members must use two-factor authentication'), type: 'checkbox' },
];

export interface ListedTeam {
  id: number;
  /** The name as the page shows it (built-in teams in the UI language). */
  name: string;
  projectSelection: number;
  languageSelection: number;
  roles: string[];
  internal: boolean;
}

export function manageTeamsPage(o: { viewer: Viewer; teams: ListedTeam[]; mayCreate: boolean; form: FormState; notice?: string }): string {
  const rows = o.teams.map(
    (t) => html`<tr id="team-${String(t.id)}"><th scope="row"><a href="/manage/teams/${String(t.id)}/">${t.name}</a>${t.internal ? html` <span class="muted">${tr('(built in)')}</span>` : ''}</th><td>${t.roles.length ? t.roles.join(', ') : tr('None')}</td><td>${labelOf(PROJECT_SELECTION_CHOICES(), t.projectSelection)}</td><td>${labelOf(LANGUAGE_SELECTION_CHOICES(), t.languageSelection)}</td></tr>`,
  );
  return page({
    title: tr('Teams'),
    viewer: o.viewer,
    here: '/manage/teams/',
    breadcrumbs: [...CRUMBS(), { label: tr('Teams') }],
    body: html`<h1>${tr('Teams')}</h1>${noticeOf(o.notice)}
<p>${trHtml('Site-wide teams grant their roles on the projects and languages they select. The teams of a single project are on its {access} page.', { access: html`<em>${tr('Access')}</em>` })}</p>
<div class="table-wrap"><table id="teams"><caption class="muted">${ntr('{n} site-wide team', '{n} site-wide teams', o.teams.length)}</caption>
<thead><tr><th scope="col">${tr('Team')}</th><th scope="col">${tr('Roles')}</th><th scope="col">${tr('Projects')}</th><th scope="col">${tr('Languages')}</th></tr></thead><tbody>${rows}</tbody></table></div>
${o.mayCreate ? html`<section aria-labelledby="create-title"><h2 id="create-title">${tr('Create a team')}</h2>${formOf(o.form, { action: '/manage/teams/', id: 'team-create', submit: tr('Create team'), fields: TEAM_FIELDS() })}</section>` : ''}`,
  });
}

/** The parts of a team that are lists of things, each with its add form and remove buttons. */
export type TeamPart = 'roles' | 'languages' | 'projects' | 'componentlists' | 'components' | 'members';

export interface TeamPageData {
  viewer: Viewer;
  /** name: as stored (the delete form compares with it); label: as the page shows it (built-in teams in the UI language). */
  team: { id: number; name: string; label: string; internal: boolean; definingProject: string | null };
  /** Whether the viewer may change the team (otherwise it is shown only). */
  mayManage: boolean;
  /** null: the viewer may not see or change the members. */
  members: { username: string; fullName: string }[] | null;
  /** What the team has, each with the key its remove button sends. */
  items: Record<Exclude<TeamPart, 'members'>, { key: string; label: string }[]>;
  /** The choices of the add forms (the components are named by path). */
  options: { roles: { value: string; label: string }[]; languages: { value: string; label: string }[]; projects: { value: string; label: string }[]; componentlists: { value: string; label: string }[] };
  /** The team's settings form. */
  settings: FormState;
  /** The add form or the delete form a refusal belongs to, with its values and messages. */
  form?: { name: TeamPart | 'delete'; values: Record<string, string>; errors: FormErrors };
  notice?: string;
}

/** Each list part: its title and what it says when empty. */
const PARTS = (): Record<TeamPart, { title: string; empty: string }> => ({
  roles: { title: tr('Roles'), empty: tr('No roles: the team grants nothing.') },
  languages: { title: tr('Languages'), empty: tr('No languages chosen.') },
  projects: { title: tr('Projects'), empty: tr('No projects chosen.') },
  componentlists: { title: tr('Component lists'), empty: tr('No component lists chosen.') },
  components: { title: tr('Components'), empty: tr('No components chosen.') },
  members: { title: tr('Members'), empty: tr('No members.') },
});

function partSection(o: TeamPageData, part: TeamPart, base: string): SafeHtml {
  const spec = PARTS()[part];
  const items = part === 'members' ? (o.members ?? []).map((m) => ({ key: m.username, label: m.fullName && m.fullName !== m.username ? `${m.username} (${m.fullName})` : m.username })) : o.items[part];
  const mayChange = part === 'members' ? o.members !== null : o.mayManage;
  const remove = (item: { key: string; label: string }, i: number) =>
    mayChange
      ? html` <form method="post" action="${base}${part}/" class="inline">${csrfField(o.viewer)}<input type="hidden" name="action" value="remove"><input type="hidden" name="key" value="${item.key}"><button type="submit" class="secondary" id="remove-${part}-${String(i)}" aria-label="${tr('Remove {item} from {team}', { item: item.label, team: o.team.label })}">${tr('Remove')}</button></form>`
      : '';
  const hidden = part === 'members' && o.members === null;
  const list = hidden
    ? html`<p class="muted" id="team-${part}">${tr("Only user managers and the team's managers and administrators see its members.")}</p>`
    : items.length
      ? html`<ul id="team-${part}">${items.map((item, i) => html`<li>${item.label}${remove(item, i)}</li>`)}</ul>`
      : html`<p class="muted" id="team-${part}">${spec.empty}</p>`;
  const state: FormState = o.form?.name === part ? { viewer: o.viewer, values: o.form.values, errors: o.form.errors } : { viewer: o.viewer };
  const addField: FieldSpec =
    part === 'roles'
      ? { name: 'role_id', label: tr('Role to add'), type: 'select', options: o.options.roles }
      : part === 'languages'
        ? { name: 'language_code', label: tr('Language to add'), type: 'select', options: o.options.languages }
        : part === 'projects'
          ? { name: 'project_id', label: tr('Project to add'), type: 'select', options: o.options.projects }
          : part === 'componentlists'
            ? { name: 'component_list_id', label: tr('Component list to add'), type: 'select', options: o.options.componentlists }
            : part === 'components'
            ? { name: 'component', label: tr('Component to add'), help: tr('Its project and component slugs, for example website/frontend.') }
            : { name: 'username', label: tr('Username or e-mail address of the new member'), autocomplete: 'off' };
  const add = mayChange
    ? html`${formErrors(state.errors, [addField.name])}<form method="post" action="${base}${part}/" id="team-add-${part}" class="panel" novalidate>${csrfField(o.viewer)}<input type="hidden" name="action" value="add">
${field(state, addField)}<button type="submit" id="team-add-${part}-submit">${tr('Add')}</button></form>`
    : '';
  return html`<section aria-labelledby="team-${part}-title"><h2 id="team-${part}-title">${spec.title}</h2>${list}${add}</section>`;
}

export function teamPage(o: TeamPageData): string {
  const base = `/manage/teams/${String(o.team.id)}/`;
  const del: FormState = o.form?.name === 'delete' ? { viewer: o.viewer, values: o.form.values, errors: o.form.errors } : { viewer: o.viewer };
  const parts: TeamPart[] = o.team.definingProject ? ['roles', 'languages', 'componentlists', 'components', 'members'] : ['roles', 'languages', 'projects', 'componentlists', 'components', 'members'];
  return page({
    title: tr('Team {team_name}', { team_name: o.team.label }),
    viewer: o.viewer,
    here: base,
    breadcrumbs: [...CRUMBS(), { label: tr('Teams'), href: '/manage/teams/' }, { label: o.team.label }],
    body: html`<h1>${tr('Team {team_name}', { team_name: o.team.label })}</h1>${noticeOf(o.notice)}
${o.team.definingProject ? html`<p>${trHtml('A team of the project {project}.', { project: html`<a href="/access/${encodeURIComponent(o.team.definingProject)}/">${o.team.definingProject}</a>` })}</p>` : ''}
${o.team.internal ? html`<p class="muted">${tr('A built-in team: its name and selections stay as they are.')}</p>` : ''}
<section aria-labelledby="settings-title"><h2 id="settings-title">${tr('Settings')}</h2>
${o.mayManage ? formOf(o.settings, { action: base, id: 'team-settings', submit: tr('Save'), fields: TEAM_FIELDS() }) : html`<p class="muted">${tr('Only team managers change this team.')}</p>`}</section>
${parts.map((p) => partSection(o, p, base))}
${o.mayManage
  ? html`<section aria-labelledby="delete-title"><h2 id="delete-title">${tr('Delete')}</h2>${formErrors(del.errors, ['confirm'])}
<form method="post" action="${base}delete/" id="team-delete" class="panel" novalidate>${csrfField(o.viewer)}<p>${tr('Deleting the team takes its roles from its members.')}</p>
${field(del, { name: 'confirm', label: tr('Type the team\'s name ({team_name}) to confirm', { team_name: o.team.name }), autocomplete: 'off' })}
<button type="submit" class="danger" id="team-delete-submit">${tr('Delete the team')}</button></form></section>`
  : ''}`,
  });
}

// ---------------------------------------------------------------- roles

export interface ListedRole {
  id: number;
  /** The name as the page shows it (built-in roles in the UI language). */
  name: string;
  permissions: number;
}

export function manageRolesPage(o: { viewer: Viewer; roles: ListedRole[]; mayEdit: boolean; catalog: PermissionGroup[]; form: RoleFormState; notice?: string }): string {
  const rows = o.roles.map((r) => html`<tr id="role-${String(r.id)}"><th scope="row"><a href="/manage/roles/${String(r.id)}/">${r.name}</a></th><td class="num">${String(r.permissions)}</td></tr>`);
  return page({
    title: tr('Roles'),
    viewer: o.viewer,
    here: '/manage/roles/',
    breadcrumbs: [...CRUMBS(), { label: tr('Roles') }],
    body: html`<h1>${tr('Roles')}</h1>${noticeOf(o.notice)}
<p>${tr('A role is a named set of permissions; teams grant roles.')}</p>
<div class="table-wrap"><table id="roles"><caption class="muted">${ntr('{n} role', '{n} roles', o.roles.length)}</caption>
<thead><tr><th scope="col">${tr('Role')}</th><th scope="col" class="num">${tr('Permissions')}</th></tr></thead><tbody>${rows}</tbody></table></div>
${o.mayEdit ? html`<section aria-labelledby="create-title"><h2 id="create-title">${tr('Create a role')}</h2>${roleForm(o.form, o.catalog, '/manage/roles/', 'role-create', tr('Create role'))}</section>` : ''}`,
  });
}

export interface RoleFormState extends FormState {
  /** The permissions checked. */
  permissions: string[];
}

function roleForm(o: RoleFormState, catalog: PermissionGroup[], action: string, id: string, submit: string): SafeHtml {
  const checked = new Set(o.permissions);
  const messages = o.errors?.permissions ?? [];
  const groups = catalog.map(
    (g, i) => html`<fieldset class="permissions"><legend>${g.legend}</legend>${g.codenames.map((codename) => {
      const cid = `perm-${codename.replace(/[^a-z0-9]/g, '-')}`;
      return html`<div class="check"><input type="checkbox" id="${cid}" name="permissions" value="${codename}"${checked.has(codename) ? html` checked` : ''}><label for="${cid}">${permissionName(codename)} <code>${codename}</code></label></div>`;
    })}${i === catalog.length - 1 && messages.length ? html`<p class="error field-error" id="id_permissions_error">${messages.join(' ')}</p>` : ''}</fieldset>`,
  );
  return html`${formErrors(o.errors, ['name', 'permissions'])}
<form method="post" action="${action}" id="${id}" class="panel" novalidate>${csrfField(o.viewer)}
${field(o, { name: 'name', label: tr('Role name'), maxLength: 200 })}
<h3>${tr('Permissions')}</h3>
${groups}
<button type="submit" id="${id}-submit">${submit}</button>
</form>`;
}

/** role.name: as stored (the delete form compares with it); role.label: as the page shows it (built-in roles in the UI language). */
export function rolePage(o: { viewer: Viewer; role: { id: number; name: string; label: string }; mayEdit: boolean; catalog: PermissionGroup[]; form: RoleFormState; deleteForm?: FormState; notice?: string }): string {
  const base = `/manage/roles/${String(o.role.id)}/`;
  const del: FormState = o.deleteForm ?? { viewer: o.viewer };
  const shown = new Set(o.form.permissions);
  const readOnly = html`<ul id="role-permissions">${o.catalog.flatMap((g) => g.codenames.filter((c) => shown.has(c))).map((c) => html`<li>${permissionName(c)} <code>${c}</code></li>`)}</ul>`;
  return page({
    title: tr('Role {role_name}', { role_name: o.role.label }),
    viewer: o.viewer,
    here: base,
    breadcrumbs: [...CRUMBS(), { label: tr('Roles'), href: '/manage/roles/' }, { label: o.role.label }],
    body: html`<h1>${tr('Role {role_name}', { role_name: o.role.label })}</h1>${noticeOf(o.notice)}
${o.mayEdit ? roleForm(o.form, o.catalog, base, 'role-edit', tr('Save')) : readOnly}
${o.mayEdit
  ? html`<section aria-labelledby="delete-title"><h2 id="delete-title">${tr('Delete')}</h2>${formErrors(del.errors, ['confirm'])}
<form method="post" action="${base}delete/" id="role-delete" class="panel" novalidate>${csrfField(o.viewer)}<p>${tr('Teams that grant this role stop granting its permissions.')}</p>
${field(del, { name: 'confirm', label: tr('Type the role\'s name ({role_name}) to confirm', { role_name: o.role.name }), autocomplete: 'off' })}
<button type="submit" class="danger" id="role-delete-submit">${tr('Delete the role')}</button></form></section>`
  : ''}`,
  });
}
