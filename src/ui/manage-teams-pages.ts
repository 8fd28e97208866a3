// The site administration's team and role pages: /manage/teams/ with each team's roles, languages, projects, components and
// members, and /manage/roles/ with each role's permissions grouped as the permission catalog names them.
import { field, formErrors, formOf, type FieldSpec, type FormErrors, type FormState } from './forms.js';
import { html, type SafeHtml } from './html.js';
import { csrfField, page, type Viewer } from './layout.js';

/** The notices after a redirect: a fixed text per code, never text from the address. */
const NOTICES: Record<string, string> = {
  team_created: 'The team is created.',
  team_saved: 'The team is saved.',
  team_deleted: 'The team is deleted.',
  roles_added: 'The role is added to the team.',
  roles_removed: 'The role is removed from the team.',
  languages_added: 'The language is added to the team.',
  languages_removed: 'The language is removed from the team.',
  projects_added: 'The project is added to the team.',
  projects_removed: 'The project is removed from the team.',
  components_added: 'The component is added to the team.',
  components_removed: 'The component is removed from the team.',
  componentlists_added: 'The component list is added to the team.',
  componentlists_removed: 'The component list is removed from the team.',
  members_added: 'The member is added to the team.',
  members_removed: 'The member is removed from the team.',
  role_created: 'The role is created.',
  role_saved: 'The role is saved.',
  role_deleted: 'The role is deleted.',
};

export function noticeOf(code: string | undefined): SafeHtml {
  const text = code ? NOTICES[code] : undefined;
  return text ? html`<p class="message" role="status" id="notice" tabindex="-1">${text}</p>` : html``;
}

const CRUMBS = [{ label: 'Dashboard', href: '/' }, { label: 'Manage', href: '/manage/' }];

export const PROJECT_SELECTION_CHOICES = [
  { value: '0', label: 'The projects and components chosen below' },
  { value: '1', label: 'All projects' },
  { value: '2', label: 'The components of the chosen component lists' },
  { value: '3', label: 'All public projects' },
  { value: '4', label: 'All protected projects' },
];
export const LANGUAGE_SELECTION_CHOICES = [
  { value: '0', label: 'The languages chosen below' },
  { value: '1', label: 'All languages' },
];

const labelOf = (choices: readonly { value: string; label: string }[], value: number) => choices.find((c) => c.value === String(value))?.label ?? String(value);

/** The fields of a team's own settings, as POST and PATCH /api/groups/ take them. */
export const TEAM_FIELDS: FieldSpec[] = [
  { name: 'name', label: 'Team name', maxLength: 150 },
  { name: 'project_selection', label: 'Projects', type: 'select', options: PROJECT_SELECTION_CHOICES },
  { name: 'language_selection', label: 'Languages', type: 'select', options: LANGUAGE_SELECTION_CHOICES },
  { name: 'enforced_2fa', label: 'Members must use two-factor authentication', type: 'checkbox' },
];

export interface ListedTeam {
  id: number;
  name: string;
  projectSelection: number;
  languageSelection: number;
  roles: string[];
  internal: boolean;
}

export function manageTeamsPage(o: { viewer: Viewer; teams: ListedTeam[]; mayCreate: boolean; form: FormState; notice?: string }): string {
  const rows = o.teams.map(
    (t) => html`<tr id="team-${String(t.id)}"><th scope="row"><a href="/manage/teams/${String(t.id)}/">${t.name}</a>${t.internal ? html` <span class="muted">(built in)</span>` : ''}</th><td>${t.roles.length ? t.roles.join(', ') : 'None'}</td><td>${labelOf(PROJECT_SELECTION_CHOICES, t.projectSelection)}</td><td>${labelOf(LANGUAGE_SELECTION_CHOICES, t.languageSelection)}</td></tr>`,
  );
  return page({
    title: 'Teams',
    viewer: o.viewer,
    here: '/manage/teams/',
    breadcrumbs: [...CRUMBS, { label: 'Teams' }],
    body: html`<h1>Teams</h1>${noticeOf(o.notice)}
<p>Site-wide teams grant their roles on the projects and languages they select. The teams of a single project are on its <em>Access</em> page.</p>
<div class="table-wrap"><table id="teams"><caption class="muted">${String(o.teams.length)} site-wide team${o.teams.length === 1 ? '' : 's'}</caption>
<thead><tr><th scope="col">Team</th><th scope="col">Roles</th><th scope="col">Projects</th><th scope="col">Languages</th></tr></thead><tbody>${rows}</tbody></table></div>
${o.mayCreate ? html`<section aria-labelledby="create-title"><h2 id="create-title">Create a team</h2>${formOf(o.form, { action: '/manage/teams/', id: 'team-create', submit: 'Create team', fields: TEAM_FIELDS })}</section>` : ''}`,
  });
}

/** The parts of a team that are lists of things, each with its add form and remove buttons. */
export type TeamPart = 'roles' | 'languages' | 'projects' | 'componentlists' | 'components' | 'members';

export interface TeamPageData {
  viewer: Viewer;
  team: { id: number; name: string; internal: boolean; definingProject: string | null };
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
const PARTS: Record<TeamPart, { title: string; empty: string }> = {
  roles: { title: 'Roles', empty: 'No roles: the team grants nothing.' },
  languages: { title: 'Languages', empty: 'No languages chosen.' },
  projects: { title: 'Projects', empty: 'No projects chosen.' },
  componentlists: { title: 'Component lists', empty: 'No component lists chosen.' },
  components: { title: 'Components', empty: 'No components chosen.' },
  members: { title: 'Members', empty: 'No members.' },
};

function partSection(o: TeamPageData, part: TeamPart, base: string): SafeHtml {
  const spec = PARTS[part];
  const items = part === 'members' ? (o.members ?? []).map((m) => ({ key: m.username, label: m.fullName && m.fullName !== m.username ? `${m.username} (${m.fullName})` : m.username })) : o.items[part];
  const mayChange = part === 'members' ? o.members !== null : o.mayManage;
  const remove = (item: { key: string; label: string }, i: number) =>
    mayChange
      ? html` <form method="post" action="${base}${part}/" class="inline">${csrfField(o.viewer)}<input type="hidden" name="action" value="remove"><input type="hidden" name="key" value="${item.key}"><button type="submit" class="secondary" id="remove-${part}-${String(i)}" aria-label="Remove ${item.label} from ${o.team.name}">Remove</button></form>`
      : '';
  const hidden = part === 'members' && o.members === null;
  const list = hidden
    ? html`<p class="muted" id="team-${part}">Only user managers and the team's managers and administrators see its members.</p>`
    : items.length
      ? html`<ul id="team-${part}">${items.map((item, i) => html`<li>${item.label}${remove(item, i)}</li>`)}</ul>`
      : html`<p class="muted" id="team-${part}">${spec.empty}</p>`;
  const state: FormState = o.form?.name === part ? { viewer: o.viewer, values: o.form.values, errors: o.form.errors } : { viewer: o.viewer };
  const addField: FieldSpec =
    part === 'roles'
      ? { name: 'role_id', label: 'Role to add', type: 'select', options: o.options.roles }
      : part === 'languages'
        ? { name: 'language_code', label: 'Language to add', type: 'select', options: o.options.languages }
        : part === 'projects'
          ? { name: 'project_id', label: 'Project to add', type: 'select', options: o.options.projects }
          : part === 'componentlists'
            ? { name: 'component_list_id', label: 'Component list to add', type: 'select', options: o.options.componentlists }
            : part === 'components'
            ? { name: 'component', label: 'Component to add', help: 'Its project and component slugs, for example website/frontend.' }
            : { name: 'username', label: 'Username or e-mail address of the new member', autocomplete: 'off' };
  const add = mayChange
    ? html`${formErrors(state.errors, [addField.name])}<form method="post" action="${base}${part}/" id="team-add-${part}" class="panel" novalidate>${csrfField(o.viewer)}<input type="hidden" name="action" value="add">
${field(state, addField)}<button type="submit" id="team-add-${part}-submit">Add</button></form>`
    : '';
  return html`<section aria-labelledby="team-${part}-title"><h2 id="team-${part}-title">${spec.title}</h2>${list}${add}</section>`;
}

export function teamPage(o: TeamPageData): string {
  const base = `/manage/teams/${String(o.team.id)}/`;
  const del: FormState = o.form?.name === 'delete' ? { viewer: o.viewer, values: o.form.values, errors: o.form.errors } : { viewer: o.viewer };
  const parts: TeamPart[] = o.team.definingProject ? ['roles', 'languages', 'componentlists', 'components', 'members'] : ['roles', 'languages', 'projects', 'componentlists', 'components', 'members'];
  return page({
    title: `Team ${o.team.name}`,
    viewer: o.viewer,
    here: base,
    breadcrumbs: [...CRUMBS, { label: 'Teams', href: '/manage/teams/' }, { label: o.team.name }],
    body: html`<h1>Team ${o.team.name}</h1>${noticeOf(o.notice)}
${o.team.definingProject ? html`<p>A team of the project <a href="/access/${encodeURIComponent(o.team.definingProject)}/">${o.team.definingProject}</a>.</p>` : ''}
${o.team.internal ? html`<p class="muted">A built-in team: its name and selections stay as they are.</p>` : ''}
<section aria-labelledby="settings-title"><h2 id="settings-title">Settings</h2>
${o.mayManage ? formOf(o.settings, { action: base, id: 'team-settings', submit: 'Save', fields: TEAM_FIELDS }) : html`<p class="muted">Only team managers change this team.</p>`}</section>
${parts.map((p) => partSection(o, p, base))}
${o.mayManage
  ? html`<section aria-labelledby="delete-title"><h2 id="delete-title">Delete</h2>${formErrors(del.errors, ['confirm'])}
<form method="post" action="${base}delete/" id="team-delete" class="panel" novalidate>${csrfField(o.viewer)}<p>Deleting the team takes its roles from its members.</p>
${field(del, { name: 'confirm', label: `Type the team's name (${o.team.name}) to confirm`, autocomplete: 'off' })}
<button type="submit" class="danger" id="team-delete-submit">Delete the team</button></form></section>`
  : ''}`,
  });
}

// ---------------------------------------------------------------- roles

export interface ListedRole {
  id: number;
  name: string;
  permissions: number;
}

export function manageRolesPage(o: { viewer: Viewer; roles: ListedRole[]; mayEdit: boolean; catalog: PermissionGroup[]; form: RoleFormState; notice?: string }): string {
  const rows = o.roles.map((r) => html`<tr id="role-${String(r.id)}"><th scope="row"><a href="/manage/roles/${String(r.id)}/">${r.name}</a></th><td class="num">${String(r.permissions)}</td></tr>`);
  return page({
    title: 'Roles',
    viewer: o.viewer,
    here: '/manage/roles/',
    breadcrumbs: [...CRUMBS, { label: 'Roles' }],
    body: html`<h1>Roles</h1>${noticeOf(o.notice)}
<p>A role is a named set of permissions; teams grant roles.</p>
<div class="table-wrap"><table id="roles"><caption class="muted">${String(o.roles.length)} role${o.roles.length === 1 ? '' : 's'}</caption>
<thead><tr><th scope="col">Role</th><th scope="col" class="num">Permissions</th></tr></thead><tbody>${rows}</tbody></table></div>
${o.mayEdit ? html`<section aria-labelledby="create-title"><h2 id="create-title">Create a role</h2>${roleForm(o.form, o.catalog, '/manage/roles/', 'role-create', 'Create role')}</section>` : ''}`,
  });
}

/** The permissions of the catalog by their first part (comment, component, glossary…), site-wide ones apart. */
export interface PermissionGroup {
  legend: string;
  codenames: string[];
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
      return html`<div class="check"><input type="checkbox" id="${cid}" name="permissions" value="${codename}"${checked.has(codename) ? html` checked` : ''}><label for="${cid}"><code>${codename}</code></label></div>`;
    })}${i === catalog.length - 1 && messages.length ? html`<p class="error field-error" id="id_permissions_error">${messages.join(' ')}</p>` : ''}</fieldset>`,
  );
  return html`${formErrors(o.errors, ['name', 'permissions'])}
<form method="post" action="${action}" id="${id}" class="panel" novalidate>${csrfField(o.viewer)}
${field(o, { name: 'name', label: 'Role name', maxLength: 200 })}
<h3>Permissions</h3>
${groups}
<button type="submit" id="${id}-submit">${submit}</button>
</form>`;
}

export function rolePage(o: { viewer: Viewer; role: { id: number; name: string }; mayEdit: boolean; catalog: PermissionGroup[]; form: RoleFormState; deleteForm?: FormState; notice?: string }): string {
  const base = `/manage/roles/${String(o.role.id)}/`;
  const del: FormState = o.deleteForm ?? { viewer: o.viewer };
  const shown = new Set(o.form.permissions);
  const readOnly = html`<ul id="role-permissions">${o.catalog.flatMap((g) => g.codenames.filter((c) => shown.has(c))).map((c) => html`<li><code>${c}</code></li>`)}</ul>`;
  return page({
    title: `Role ${o.role.name}`,
    viewer: o.viewer,
    here: base,
    breadcrumbs: [...CRUMBS, { label: 'Roles', href: '/manage/roles/' }, { label: o.role.name }],
    body: html`<h1>Role ${o.role.name}</h1>${noticeOf(o.notice)}
${o.mayEdit ? roleForm(o.form, o.catalog, base, 'role-edit', 'Save') : readOnly}
${o.mayEdit
  ? html`<section aria-labelledby="delete-title"><h2 id="delete-title">Delete</h2>${formErrors(del.errors, ['confirm'])}
<form method="post" action="${base}delete/" id="role-delete" class="panel" novalidate>${csrfField(o.viewer)}<p>Teams that grant this role stop granting its permissions.</p>
${field(del, { name: 'confirm', label: `Type the role's name (${o.role.name}) to confirm`, autocomplete: 'off' })}
<button type="submit" class="danger" id="role-delete-submit">Delete the role</button></form></section>`
  : ''}`,
  });
}
