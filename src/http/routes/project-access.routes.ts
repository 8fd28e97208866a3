// /access/<project>/: the project's teams and members, invitations and project tokens, through the same services as the teams, users, invitation and token API.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { msgid } from '../../shared/msgid.js';
import { tr } from '../../ui/i18n.js';
import type { Container } from '../../container.js';
import type { ProjectRow } from '../../db/schema.js';
import { SELECTION_ALL } from '../../auth/permissions.js';
import { NotFoundError, ValidationError } from '../../shared/errors.js';
import { roleName, teamName } from '../../ui/builtin-names.js';
import type { FormErrors } from '../../ui/forms.js';
import { languageName } from '../../ui/language-names.js';
import { projectAccessPage, type ProjectAccessPageData } from '../../ui/project-access-pages.js';
import { seg } from '../../ui/widgets.js';
import { formErrorsOf, sendHtml, str, uiKit, type Body } from '../ui-kit.js';
import { requestBaseUrl } from '../urls.js';

/** What these routes use of the container. */
export type ProjectAccessDeps = Pick<Container, 'config' | 'components' | 'invitations' | 'languages' | 'mail' | 'projects' | 'projectTokens' | 'sessions' | 'stats' | 'teams' | 'translations' | 'users'>;

type PP = FastifyRequest<{ Params: { project: string } }>;

const DONE: Record<string, string> = {
  added: msgid('The member is added to the team.'),
  removed: msgid('The member is removed from the team.'),
  invited: msgid('An invitation is on its way: the link in it lets the person create an account and join the team.'),
  joined: msgid('The address already has an account: that account joined the team, and a message tells them.'),
  revoked: msgid('The token is revoked.'),
};

/** Field names of a service's refusal as the page's form names them. */
function renamed(errors: FormErrors, names: Record<string, string>): FormErrors {
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [names[k] ?? k, v]));
}

export function projectAccessRoutes(app: FastifyInstance, c: ProjectAccessDeps): void {
  const { viewerOf, pageRoute, requireFormWrite, formConfig, redirect } = uiKit(c);
  const base = (request: FastifyRequest) => c.config.siteUrl ?? requestBaseUrl(request);
  const address = (project: ProjectRow) => `/access/${seg(project.slug)}/`;

  type Extra = Partial<Pick<ProjectAccessPageData, 'form' | 'values' | 'errors' | 'notice' | 'freshToken'>>;
  const render = async (request: FastifyRequest, project: ProjectRow, extra: Extra = {}): Promise<string> => {
    const teams = await c.teams.projectTeams(request.actor, project);
    const tokens = await c.projectTokens.list(request.actor, project);
    // The service names the roles; the built-in ones show in the UI language, the languages by their names.
    const builtinRoles = new Set((await c.teams.roleList(request.actor).page(10000, 0)).filter((r) => r.builtin).map((r) => r.name));
    const languageNames = new Map((await c.languages.page(request.actor, 10000, 0)).map((l) => [l.code, l.name]));
    return projectAccessPage({
      viewer: viewerOf(request),
      projectName: project.name,
      projectHref: `/projects/${seg(project.slug)}/`,
      action: address(project),
      mailConfigured: c.mail.configured,
      teams: teams.map((t) => ({
        id: t.group.id,
        name: teamName(t.group),
        own: t.group.defining_project_id === project.id,
        roles: t.roles.map((name) => roleName({ name, builtin: builtinRoles.has(name) })),
        languages: t.group.language_selection === SELECTION_ALL ? null : t.relations.languages.map((code) => languageName(code, languageNames.get(code) ?? code)),
        members: t.members?.map((m) => ({ username: m.username, fullName: m.full_name, bot: m.is_bot })) ?? null,
        manageable: t.manageable,
      })),
      tokens: tokens.map((t) => ({ id: t.id, name: t.name, username: t.username, created: t.created, expires: t.expires })),
      notice: extra.notice ?? null,
      freshToken: extra.freshToken ?? null,
      form: extra.form,
      values: extra.values,
      errors: extra.errors,
    });
  };

  /** The project of the address, for those who may see it; the services check the right to manage its access. */
  const projectOf = (request: PP) => c.projects.getVisible(request.actor, request.params.project);

  app.get('/access/:project/', pageRoute(async (request: PP) => {
    const project = await projectOf(request);
    return render(request, project, { notice: DONE[str((request.query as Record<string, unknown>).done)] ?? null });
  }));

  /** A form POST: CSRF, the project, the form's values; a refusal shows the page again with the messages next to the fields. */
  const form = (name: NonNullable<Extra['form']> | null, fields: string[], names: Record<string, string>, run: (request: PP, project: ProjectRow, values: Record<string, string>, reply: FastifyReply) => Promise<string | FastifyReply>) =>
    pageRoute(async (request: PP, reply) => {
      requireFormWrite(request);
      const project = await projectOf(request);
      const body = (request.body ?? {}) as Body;
      const values = Object.fromEntries(fields.map((n) => [n, str(body[n])]));
      try {
        return await run(request, project, values, reply);
      } catch (e) {
        if (!(e instanceof ValidationError)) throw e;
        return sendHtml(reply, 400, await render(request, project, { form: name ?? undefined, values, errors: renamed(formErrorsOf(e), names) }));
      }
    });

  /** The team a form names, as the teams API finds it: a team the caller does not see is not found. */
  const teamOf = async (request: PP, id: string, field: string) => {
    try {
      return await c.teams.getGroupVisible(request.actor, id);
    } catch (e) {
      if (e instanceof NotFoundError) throw ValidationError.field(field, tr('Choose a team.'), 'does_not_exist');
      throw e;
    }
  };

  /** The user a form names, by username or e-mail address. */
  const userOf = async (request: PP, login: string, field: string) => {
    if (!login.trim()) throw ValidationError.field(field, tr('Enter a username or an e-mail address.'), 'required');
    try {
      return await c.users.getByUsernameOrEmail(request.actor, login);
    } catch (e) {
      if (e instanceof NotFoundError) throw ValidationError.field(field, tr('No account has the username or e-mail address "{login}".', { login: login.trim() }), 'does_not_exist');
      throw e;
    }
  };

  // The same calls as POST and DELETE /api/users/<username>/groups/ with group_id.
  app.post('/access/:project/add/', formConfig, form('add', ['user', 'group'], { group_id: 'group' }, async (request, project, v, reply) => {
    const user = await userOf(request, v.user!, 'user');
    c.users.requireEditable(user);
    await c.teams.changeMembership(request.actor, user, { group_id: v.group! }, true);
    return redirect(reply, `${address(project)}?done=added`);
  }));

  app.post('/access/:project/remove/', formConfig, form(null, ['user', 'group'], {}, async (request, project, v, reply) => {
    const user = await c.users.getVisible(request.actor, v.user!);
    c.users.requireEditable(user);
    await c.teams.changeMembership(request.actor, user, { group_id: v.group! }, false);
    return redirect(reply, `${address(project)}?done=removed`);
  }));

  // The same calls as POST /api/groups/<id>/invite/.
  app.post('/access/:project/invite/', formConfig, form('invite', ['email', 'invite_group'], { group: 'invite_group' }, async (request, project, v, reply) => {
    const group = await teamOf(request, v.invite_group!, 'invite_group');
    const result = await c.invitations.invite(request.actor, { email: v.email!, groupId: group.id }, base(request));
    return redirect(reply, `${address(project)}?done=${result.status}`);
  }));

  // The same calls as POST and DELETE /api/projects/<project>/tokens/.
  app.post('/access/:project/tokens/', formConfig, form('token', ['name', 'expires'], {}, async (request, project, v) => {
    const created = await c.projectTokens.create(request.actor, project, { name: v.name, expires: v.expires });
    // The secret is on this answer only: Parla keeps its hash.
    return render(request, project, { freshToken: { name: created.name, token: created.token } });
  }));

  app.post('/access/:project/revoke/', formConfig, form(null, ['token'], {}, async (request, project, v, reply) => {
    await c.projectTokens.remove(request.actor, project, v.token!);
    return redirect(reply, `${address(project)}?done=revoked`);
  }));
}
