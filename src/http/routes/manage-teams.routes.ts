// /manage/teams/ and /manage/roles/: site-wide teams and roles in the browser, each form calling the service method of the
// matching /api/groups/, /api/roles/ or /api/users/<username>/groups/ call, with its checks.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tr } from '../../ui/i18n.js';
import type { Container } from '../../container.js';
import type { GroupRow } from '../../db/schema.js';
import { NotFoundError, PermissionDeniedError, ValidationError } from '../../shared/errors.js';
import { permissionCatalog, roleName, teamName } from '../../ui/builtin-names.js';
import type { FormErrors } from '../../ui/forms.js';
import { languageLabel } from '../../ui/language-names.js';
import { manageRolesPage, manageTeamsPage, rolePage, teamPage, type TeamPageData, type TeamPart } from '../../ui/manage-teams-pages.js';
import { formErrorsOf, refusedForm, sendHtml, str, uiKit, type Body, type Q } from '../ui-kit.js';
import { componentIdOfPath } from './manage-component-lists.routes.js';

/** What these routes use of the container. */
export type ManageTeamsDeps = Pick<Container, 'access' | 'componentLists' | 'components' | 'languages' | 'projects' | 'sessions' | 'stats' | 'teams' | 'translations' | 'users'>;

type TeamRequest = FastifyRequest<{ Params: { id: string; part?: string }; Querystring: Q }>;

const ALL = 10000;

/** A repeated form field as a list (one value arrives as a string). */
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : []);

/** A number field as the API takes it; text that is no number is passed on for the service to refuse. */
const numberOf = (v: string): number | string => (/^\d+$/.test(v.trim()) ? Number(v) : v);

export function manageTeamsRoutes(app: FastifyInstance, c: ManageTeamsDeps): void {
  const { viewerOf, pageRoute, requireFormWrite, formConfig, redirect } = uiKit(c);

  const requireTeams = (request: FastifyRequest) => {
    if (!request.actor.authenticated) throw new PermissionDeniedError(tr('Sign in as an administrator to manage teams.'));
    if (!c.teams.canSeeAllGroups(request.actor)) throw new PermissionDeniedError(tr('Only team managers can manage the site-wide teams.'));
  };
  const requireRoles = (request: FastifyRequest) => {
    if (!request.actor.authenticated) throw new PermissionDeniedError(tr('Sign in as an administrator to manage roles.'));
    if (!c.access.canGlobal(request.actor, 'role.view') && !c.access.canGlobal(request.actor, 'role.edit')) throw new PermissionDeniedError(tr('Only role managers can manage roles.'));
  };

  // ---------------------------------------------------------------- teams
  const teamValues = (body: Body) => ({
    name: str(body.name),
    project_selection: str(body.project_selection),
    language_selection: str(body.language_selection),
    enforced_2fa: str(body.enforced_2fa) ? 'true' : '',
  });
  const teamInput = (v: ReturnType<typeof teamValues>) => ({
    name: v.name,
    project_selection: numberOf(v.project_selection) as number,
    language_selection: numberOf(v.language_selection) as number,
    enforced_2fa: v.enforced_2fa === 'true',
  });

  /** The roles' names as the pages show them (built-in roles in the UI language), by id. */
  const roleNames = async (request: FastifyRequest) => new Map((await c.teams.roleList(request.actor).page(ALL, 0)).map((r) => [r.id, roleName(r)]));

  const teamsPage = async (request: FastifyRequest<{ Querystring: Q }>, form: { values?: Record<string, string>; errors?: FormErrors } = {}) => {
    // The API's list of teams; those of a single project are on its access page.
    const groups = (await c.teams.groupList(request.actor).page(ALL, 0)).filter((g) => g.defining_project_id === null);
    const [relations, names] = await Promise.all([c.teams.relations(groups), roleNames(request)]);
    const viewer = viewerOf(request);
    return manageTeamsPage({
      viewer,
      teams: groups
        .map((g) => ({ id: g.id, name: teamName(g), internal: g.internal === 1, projectSelection: g.project_selection, languageSelection: g.language_selection, roles: relations.get(g.id)!.roles.map((id) => names.get(id) ?? `#${id}`) }))
        .sort((a, b) => a.name.localeCompare(b.name)),
      mayCreate: c.access.canGlobal(request.actor, 'group.edit'),
      form: { viewer, values: { project_selection: '0', language_selection: '1', ...form.values }, ...(form.errors ? { errors: form.errors } : {}) },
      notice: request.query.done,
    });
  };

  app.get<{ Querystring: Q }>('/manage/teams/', pageRoute(async (request) => {
    requireTeams(request);
    return teamsPage(request);
  }));

  app.post<{ Querystring: Q }>('/manage/teams/', formConfig, pageRoute(async (request, reply) => {
    requireFormWrite(request);
    const values = teamValues((request.body ?? {}) as Body);
    try {
      const group = await c.teams.createGroup(request.actor, teamInput(values));
      return redirect(reply, `/manage/teams/${group.id}/?done=team_created`);
    } catch (e) {
      return refusedForm(reply, e, (refusal) => teamsPage(request, { values, errors: formErrorsOf(refusal) }));
    }
  }));

  const teamOf = async (request: TeamRequest) => {
    requireTeams(request);
    return c.teams.getGroupVisible(request.actor, request.params.id);
  };

  type TeamExtra = { settings?: { values: Record<string, string>; errors: FormErrors }; form?: TeamPageData['form'] };
  const renderTeam = async (request: TeamRequest, group: GroupRow, extra: TeamExtra = {}) => {
    const actor = request.actor;
    const rel = (await c.teams.relations([group])).get(group.id)!;
    const [names, languages, projects, lists, members, mayManage] = await Promise.all([
      roleNames(request),
      c.languages.page(actor, ALL, 0),
      c.projects.page(actor, ALL, 0),
      c.componentLists.page(actor, ALL, 0),
      c.teams.groupMembers(actor, group),
      c.teams.mayManageGroup(actor, group),
    ]);
    const languageName = new Map(languages.map((l) => [l.code, l.name]));
    const projectBySlug = new Map(projects.map((p) => [p.slug, p]));
    const components: { key: string; label: string }[] = [];
    for (const [project, component] of rel.components) {
      try {
        const refs = await c.components.getVisible(actor, project, component);
        components.push({ key: String(refs.component.id), label: `${refs.project.name} / ${refs.component.name} (${project}/${component.split('%2F').join('/')})` });
      } catch (e) {
        if (!(e instanceof NotFoundError)) throw e;
      }
    }
    const viewer = viewerOf(request);
    return teamPage({
      viewer,
      team: { id: group.id, name: group.name, label: teamName(group), internal: group.internal === 1, definingProject: rel.definingProject },
      mayManage,
      members: members && members.map((m) => ({ username: m.username, fullName: m.full_name })),
      items: {
        roles: rel.roles.map((id) => ({ key: String(id), label: names.get(id) ?? `#${id}` })),
        languages: rel.languages.map((code) => ({ key: code, label: languageLabel(code, languageName.get(code) ?? code) })),
        projects: rel.projects.flatMap((slug) => {
          const p = projectBySlug.get(slug);
          return p ? [{ key: String(p.id), label: p.name }] : [];
        }),
        componentlists: rel.componentlists.flatMap((slug) => {
          const l = lists.find((x) => x.slug === slug);
          return l ? [{ key: String(l.id), label: l.name }] : [];
        }),
        components,
      },
      options: {
        roles: [...names].filter(([id]) => !rel.roles.includes(id)).map(([id, name]) => ({ value: String(id), label: name })).sort((a, b) => a.label.localeCompare(b.label)),
        languages: languages.filter((l) => !rel.languages.includes(l.code)).map((l) => ({ value: l.code, label: languageLabel(l.code, l.name) })).sort((a, b) => a.label.localeCompare(b.label)),
        projects: projects.filter((p) => !rel.projects.includes(p.slug)).map((p) => ({ value: String(p.id), label: p.name })),
        componentlists: lists.filter((l) => !rel.componentlists.includes(l.slug)).map((l) => ({ value: String(l.id), label: l.name })),
      },
      settings: {
        viewer,
        values: extra.settings?.values ?? { name: group.name, project_selection: String(group.project_selection), language_selection: String(group.language_selection), enforced_2fa: group.enforced_2fa ? 'true' : '' },
        ...(extra.settings ? { errors: extra.settings.errors } : {}),
      },
      form: extra.form,
      notice: request.query.done,
    });
  };

  app.get<{ Params: { id: string }; Querystring: Q }>('/manage/teams/:id/', pageRoute(async (request: TeamRequest) => renderTeam(request, await teamOf(request))));

  // PATCH /api/groups/<id>/: the fields given, checked as one.
  app.post<{ Params: { id: string }; Querystring: Q }>('/manage/teams/:id/', formConfig, pageRoute(async (request: TeamRequest, reply) => {
    requireFormWrite(request);
    const group = await teamOf(request);
    const values = teamValues((request.body ?? {}) as Body);
    try {
      await c.teams.updateGroup(request.actor, group, teamInput(values), true);
      return redirect(reply, `/manage/teams/${group.id}/?done=team_saved`);
    } catch (e) {
      return refusedForm(reply, e, (refusal) => renderTeam(request, group, { settings: { values, errors: formErrorsOf(refusal) } }));
    }
  }));

  /** The user a form names, by username or e-mail address. */
  const userOf = async (request: TeamRequest, login: string) => {
    if (!login.trim()) throw ValidationError.field('username', tr('Enter a username or an e-mail address.'), 'required');
    try {
      return await c.users.getByUsernameOrEmail(request.actor, login);
    } catch (e) {
      if (e instanceof NotFoundError) throw ValidationError.field('username', tr('No account has the username or e-mail address "{login}".', { login: login.trim() }), 'does_not_exist');
      throw e;
    }
  };

  /** What each list part's add and remove do: the calls of POST and DELETE /api/groups/<id>/<part>/ and /api/users/<username>/groups/. */
  const parts: Record<TeamPart, { field: string; add: (request: TeamRequest, group: GroupRow, value: string) => Promise<void>; remove: (request: TeamRequest, group: GroupRow, key: string) => Promise<void> }> = {
    roles: { field: 'role_id', add: (r, g, v) => c.teams.addRole(r.actor, g, { role_id: v }), remove: (r, g, k) => c.teams.removeRoleFromGroup(r.actor, g, k) },
    languages: { field: 'language_code', add: (r, g, v) => c.teams.addLanguage(r.actor, g, { language_code: v }), remove: (r, g, k) => c.teams.removeLanguage(r.actor, g, k) },
    projects: { field: 'project_id', add: (r, g, v) => c.teams.addProject(r.actor, g, { project_id: v }), remove: (r, g, k) => c.teams.removeProject(r.actor, g, k) },
    componentlists: {
      field: 'component_list_id',
      add: (r, g, v) => c.teams.addComponentList(r.actor, g, { component_list_id: v }),
      remove: (r, g, k) => c.teams.removeComponentList(r.actor, g, k),
    },
    components: {
      field: 'component',
      add: async (r, g, v) => c.teams.addComponent(r.actor, g, { component_id: await componentIdOfPath(c, r.actor, v) }),
      remove: (r, g, k) => c.teams.removeComponent(r.actor, g, k),
    },
    members: {
      field: 'username',
      add: async (r, g, v) => {
        const user = await userOf(r, v);
        c.users.requireEditable(user);
        await c.teams.changeMembership(r.actor, user, { group_id: g.id }, true);
      },
      remove: async (r, g, k) => {
        const user = await c.users.getVisible(r.actor, k);
        c.users.requireEditable(user);
        await c.teams.changeMembership(r.actor, user, { group_id: g.id }, false);
      },
    },
  };

  app.post<{ Params: { id: string; part: string }; Querystring: Q }>('/manage/teams/:id/:part/', formConfig, pageRoute(async (request: TeamRequest, reply: FastifyReply) => {
    requireFormWrite(request);
    const group = await teamOf(request);
    const name = request.params.part ?? '';
    const body = (request.body ?? {}) as Body;
    if (name === 'delete') {
      const confirm = str(body.confirm);
      if (!(await c.teams.mayManageGroup(request.actor, group))) throw new PermissionDeniedError(tr('Can not manage groups'));
      if (confirm.trim() !== group.name) return sendHtml(reply, 400, await renderTeam(request, group, { form: { name: 'delete', values: { confirm }, errors: { confirm: [tr('Type the name of the team exactly to delete it.')] } } }));
      await c.teams.removeGroup(request.actor, group);
      return redirect(reply, '/manage/teams/?done=team_deleted');
    }
    if (!Object.hasOwn(parts, name)) throw new NotFoundError();
    const part = parts[name as TeamPart];
    const adding = str(body.action) !== 'remove';
    const value = str(adding ? body[part.field] : body.key);
    try {
      await (adding ? part.add(request, group, value) : part.remove(request, group, value));
      return redirect(reply, `/manage/teams/${group.id}/?done=${name}_${adding ? 'added' : 'removed'}#team-${name}-title`);
    } catch (e) {
      return refusedForm(reply, e, (refusal) => {
        // The service names the API's field (component_id, group_id…): the message goes next to the add form's field.
        const errors: FormErrors = {};
        for (const [k, v] of Object.entries(formErrorsOf(refusal))) (errors[adding && k !== '' ? part.field : ''] ??= []).push(...v);
        return renderTeam(request, group, { form: { name: name as TeamPart, values: adding ? { [part.field]: value } : {}, errors } });
      });
    }
  }));

  // ---------------------------------------------------------------- roles
  const rolesPage = async (request: FastifyRequest<{ Querystring: Q }>, form: { values?: Record<string, string>; permissions?: string[]; errors?: FormErrors } = {}) => {
    const roles = await c.teams.roleList(request.actor).page(ALL, 0);
    const permissions = await c.teams.permissionsOf(roles.map((r) => r.id));
    const viewer = viewerOf(request);
    return manageRolesPage({
      viewer,
      roles: roles.map((r) => ({ id: r.id, name: roleName(r), permissions: permissions.get(r.id)!.length })).sort((a, b) => a.name.localeCompare(b.name)),
      mayEdit: c.access.canGlobal(request.actor, 'role.edit'),
      catalog: permissionCatalog(),
      form: { viewer, values: form.values ?? {}, permissions: form.permissions ?? [], ...(form.errors ? { errors: form.errors } : {}) },
      notice: request.query.done,
    });
  };

  app.get<{ Querystring: Q }>('/manage/roles/', pageRoute(async (request) => {
    requireRoles(request);
    return rolesPage(request);
  }));

  app.post<{ Querystring: Q }>('/manage/roles/', formConfig, pageRoute(async (request, reply) => {
    requireFormWrite(request);
    const body = (request.body ?? {}) as Body;
    const values = { name: str(body.name) };
    const permissions = list(body.permissions);
    try {
      const role = await c.teams.createRole(request.actor, { name: values.name, permissions });
      return redirect(reply, `/manage/roles/${role.id}/?done=role_created`);
    } catch (e) {
      return refusedForm(reply, e, (refusal) => rolesPage(request, { values, permissions, errors: formErrorsOf(refusal) }));
    }
  }));

  type RoleRequest = FastifyRequest<{ Params: { id: string }; Querystring: Q }>;
  const renderRole = async (request: RoleRequest, role: { id: number; name: string; builtin: number }, form: { values?: Record<string, string>; permissions?: string[]; errors?: FormErrors; deleteErrors?: FormErrors; confirm?: string } = {}) => {
    const viewer = viewerOf(request);
    const permissions = form.permissions ?? (await c.teams.permissionsOf([role.id])).get(role.id)!;
    return rolePage({
      viewer,
      role: { id: role.id, name: role.name, label: roleName(role) },
      mayEdit: c.access.canGlobal(request.actor, 'role.edit'),
      catalog: permissionCatalog(),
      form: { viewer, values: form.values ?? { name: role.name }, permissions, ...(form.errors ? { errors: form.errors } : {}) },
      ...(form.deleteErrors ? { deleteForm: { viewer, values: { confirm: form.confirm ?? '' }, errors: form.deleteErrors } } : {}),
      notice: request.query.done,
    });
  };

  app.get<{ Params: { id: string }; Querystring: Q }>('/manage/roles/:id/', pageRoute(async (request: RoleRequest) => {
    requireRoles(request);
    return renderRole(request, await c.teams.getRoleVisible(request.actor, request.params.id));
  }));

  // PUT /api/roles/<id>/: the name and the whole permission set.
  app.post<{ Params: { id: string }; Querystring: Q }>('/manage/roles/:id/', formConfig, pageRoute(async (request: RoleRequest, reply) => {
    requireFormWrite(request);
    const role = await c.teams.getRoleToChange(request.actor, request.params.id);
    const body = (request.body ?? {}) as Body;
    const values = { name: str(body.name) };
    const permissions = list(body.permissions);
    try {
      await c.teams.updateRole(request.actor, role, { name: values.name, permissions }, false);
      return redirect(reply, `/manage/roles/${role.id}/?done=role_saved`);
    } catch (e) {
      return refusedForm(reply, e, (refusal) => renderRole(request, role, { values, permissions, errors: formErrorsOf(refusal) }));
    }
  }));

  app.post<{ Params: { id: string }; Querystring: Q }>('/manage/roles/:id/delete/', formConfig, pageRoute(async (request: RoleRequest, reply) => {
    requireFormWrite(request);
    const role = await c.teams.getRoleToChange(request.actor, request.params.id);
    const confirm = str(((request.body ?? {}) as Body).confirm);
    if (confirm.trim() !== role.name) return sendHtml(reply, 400, await renderRole(request, role, { confirm, deleteErrors: { confirm: [tr('Type the name of the role exactly to delete it.')] } }));
    await c.teams.removeRole(request.actor, role);
    return redirect(reply, '/manage/roles/?done=role_deleted');
  }));
}
