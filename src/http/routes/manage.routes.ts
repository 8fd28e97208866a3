// /manage/: the site administration pages (users, languages, background tasks, health); each form calls the API's service method.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tr } from '../../ui/i18n.js';
import type { Container } from '../../container.js';
import type { LanguageRow, UserRow } from '../../db/schema.js';
import { PermissionDeniedError, ValidationError } from '../../shared/errors.js';
import type { FormErrors } from '../../ui/forms.js';
import { healthPage, languageEditPage, manageIndexPage, manageLanguagesPage, manageTasksPage, manageUsersPage, taskPage, type ListedTask } from '../../ui/manage-pages.js';
import { formErrorsOf, refusedForm, sendHtml, str, uiKit, type Body, type Q } from '../ui-kit.js';
import { requestBaseUrl } from '../urls.js';
import { manageComponentListsRoutes } from './manage-component-lists.routes.js';
import { manageTeamsRoutes } from './manage-teams.routes.js';

/** What these routes use of the container. */
export type ManageDeps = Pick<Container, 'access' | 'config' | 'componentLists' | 'components' | 'health' | 'invitations' | 'languages' | 'mail' | 'projects' | 'sessions' | 'stats' | 'taskControl' | 'teams' | 'translations' | 'users'>;

const PAGE = 50;
const USER_CHANGES: Record<string, { is_active?: boolean; is_superuser?: boolean }> = {
  activate: { is_active: true },
  deactivate: { is_active: false },
  superuser: { is_superuser: true },
  unsuperuser: { is_superuser: false },
};

const offsetOf = (q: Q): number => {
  const n = Number(q.offset ?? 0);
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
};

/** The service names plural fields `plural.number` and `plural.formula`; the form's fields are `plural_number` and `plural_formula`. */
function languageErrors(e: ValidationError): FormErrors {
  const out: FormErrors = {};
  for (const [name, messages] of Object.entries(formErrorsOf(e))) out[name.replace('.', '_')] = messages;
  if (out.plural) (out.plural_formula ??= []).push(...out.plural);
  delete out.plural;
  return out;
}

export function manageRoutes(app: FastifyInstance, c: ManageDeps): void {
  const { viewerOf, pageRoute, requireFormWrite, formConfig, redirect } = uiKit(c);

  const signedIn = (request: FastifyRequest) => {
    if (!request.actor.authenticated) throw new PermissionDeniedError(tr('Sign in as an administrator to manage the site.'));
  };
  const requireUsers = (request: FastifyRequest) => {
    signedIn(request);
    if (!c.users.canManage(request.actor)) throw new PermissionDeniedError(tr('Only user administrators can manage users.'));
  };
  const requireLanguages = (request: FastifyRequest) => {
    signedIn(request);
    if (!c.languages.canEdit(request.actor)) throw new PermissionDeniedError(tr('Only language administrators can manage languages.'));
  };
  const requireSuperuser = (request: FastifyRequest) => {
    signedIn(request);
    if (!request.actor.isSuperuser) throw new PermissionDeniedError(tr('Only superusers can see this page.'));
  };

  app.get('/manage/', pageRoute(async (request) => {
    signedIn(request);
    const parts = {
      users: c.users.canManage(request.actor),
      languages: c.languages.canEdit(request.actor),
      teams: c.teams.canSeeAllGroups(request.actor),
      roles: c.access.canGlobal(request.actor, 'role.view') || c.access.canGlobal(request.actor, 'role.edit'),
      componentLists: c.access.canGlobal(request.actor, 'componentlist.edit'),
      superuser: request.actor.isSuperuser,
    };
    if (!Object.values(parts).some(Boolean)) throw new PermissionDeniedError(tr('Only site administrators can manage the site.'));
    return manageIndexPage({ viewer: viewerOf(request), parts });
  }));

  // Teams, roles and component lists have their own modules.
  manageTeamsRoutes(app, c);
  manageComponentListsRoutes(app, c);

  // ---------------------------------------------------------------- users
  const usersPage = async (request: FastifyRequest<{ Querystring: Q }>, forms: { create?: { values: Record<string, string>; errors: FormErrors }; invite?: { values: Record<string, string>; errors: FormErrors } } = {}) => {
    const q = (request.query.q ?? '').trim();
    const offset = offsetOf(request.query);
    // The list of the API, searched in usernames, full names and addresses.
    const list = c.users.list(request.actor, {}, { search: q });
    const [total, rows] = await Promise.all([list.count(), list.page(PAGE, offset)]);
    const viewer = viewerOf(request);
    return manageUsersPage({
      viewer,
      q,
      total,
      offset,
      limit: PAGE,
      users: rows.map((u: UserRow) => ({ username: u.username, fullName: u.full_name, email: u.email, active: u.is_active === 1, superuser: u.is_superuser === 1, bot: u.is_bot === 1, joined: String(u.date_joined) })),
      create: { viewer, ...(forms.create ?? {}) },
      invite: { viewer, ...(forms.invite ?? {}) },
      mayInvite: await c.invitations.canInvite(request.actor, null),
      notice: request.query.done,
    });
  };

  app.get<{ Querystring: Q }>('/manage/users/', pageRoute(async (request) => {
    requireUsers(request);
    return usersPage(request);
  }));

  app.post<{ Querystring: Q }>('/manage/users/create/', formConfig, pageRoute(async (request, reply) => {
    requireFormWrite(request);
    // The check of POST /api/users/.
    if (!c.users.canManage(request.actor)) throw new PermissionDeniedError(tr('Only user administrators can create users.'));
    const body = (request.body ?? {}) as Body;
    const values = { username: str(body.username).trim(), email: str(body.email).trim(), full_name: str(body.full_name) };
    try {
      const user = await c.users.create(values, undefined, request.actor);
      return redirect(reply, `/manage/users/?q=${encodeURIComponent(user.username)}&done=user_created`);
    } catch (e) {
      return refusedForm(reply, e, (refusal) => usersPage(request, { create: { values, errors: formErrorsOf(refusal) } }));
    }
  }));

  app.post<{ Querystring: Q }>('/manage/users/invite/', formConfig, pageRoute(async (request, reply) => {
    requireFormWrite(request);
    const body = (request.body ?? {}) as Body;
    const values = { invite_email: str(body.invite_email).trim() };
    try {
      const result = await c.invitations.invite(request.actor, { email: values.invite_email, groupId: null }, c.config.siteUrl ?? requestBaseUrl(request));
      return redirect(reply, `/manage/users/?done=${result.status === 'joined' ? 'joined' : 'invited'}`);
    } catch (e) {
      if (!(e instanceof ValidationError)) throw e;
      const errors = formErrorsOf(e);
      if (errors.email) errors.invite_email = errors.email;
      delete errors.email;
      return sendHtml(reply, 400, await usersPage(request, { invite: { values, errors } }));
    }
  }));

  app.post<{ Params: { username: string } }>('/manage/users/:username/', formConfig, pageRoute(async (request, reply) => {
    requireFormWrite(request);
    const change = USER_CHANGES[str(((request.body ?? {}) as Body).change)];
    if (!change) throw ValidationError.field('change', tr('Unknown change.'));
    // What PATCH /api/users/<username>/ does, with its checks.
    const user = await c.users.getVisible(request.actor, request.params.username);
    c.users.requireSelfOrManager(request.actor, user);
    if (!c.users.canManage(request.actor)) throw new PermissionDeniedError(tr('Only user administrators can change users.'));
    await c.users.update(request.actor, user, change);
    const done = change.is_active === undefined ? (change.is_superuser ? 'superuser' : 'unsuperuser') : change.is_active ? 'activated' : 'deactivated';
    return redirect(reply, `/manage/users/?q=${encodeURIComponent(user.username)}&done=${done}`);
  }));

  // ---------------------------------------------------------------- languages
  const languageValues = (body: Body) => ({
    code: str(body.code).trim(),
    name: str(body.name).trim(),
    direction: str(body.direction),
    plural_number: str(body.plural_number).trim(),
    plural_formula: str(body.plural_formula).trim(),
  });
  const languageInput = (v: ReturnType<typeof languageValues>) => ({
    code: v.code,
    name: v.name,
    direction: v.direction,
    plural: { number: v.plural_number === '' ? undefined : Number(v.plural_number), formula: v.plural_formula },
  });
  const valuesOfLanguage = (l: LanguageRow) => ({ code: l.code, name: l.name, direction: l.direction, plural_number: String(l.plural_number), plural_formula: l.plural_formula });

  const languagesPage = async (request: FastifyRequest<{ Querystring: Q }>, form: { values?: Record<string, string>; errors?: FormErrors } = {}) => {
    const offset = offsetOf(request.query);
    const [total, rows] = await Promise.all([c.languages.count(request.actor), c.languages.page(request.actor, PAGE, offset)]);
    const viewer = viewerOf(request);
    return manageLanguagesPage({
      viewer,
      total,
      offset,
      limit: PAGE,
      languages: rows.map((l) => ({ code: l.code, name: l.name, direction: l.direction, pluralNumber: l.plural_number, pluralFormula: l.plural_formula })),
      form: { viewer, values: { direction: 'ltr', plural_number: '2', plural_formula: 'n != 1', ...form.values }, ...(form.errors ? { errors: form.errors } : {}) },
      notice: request.query.done,
    });
  };

  app.get<{ Querystring: Q }>('/manage/languages/', pageRoute(async (request) => {
    requireLanguages(request);
    return languagesPage(request);
  }));

  app.post<{ Querystring: Q }>('/manage/languages/', formConfig, pageRoute(async (request, reply) => {
    requireFormWrite(request);
    const values = languageValues((request.body ?? {}) as Body);
    try {
      const row = await c.languages.create(request.actor, languageInput(values));
      return redirect(reply, `/manage/languages/${encodeURIComponent(row.code)}/?done=language_created`);
    } catch (e) {
      return refusedForm(reply, e, (refusal) => languagesPage(request, { values, errors: languageErrors(refusal) }));
    }
  }));

  type LanguageRequest = FastifyRequest<{ Params: { code: string }; Querystring: Q }>;
  app.get<{ Params: { code: string }; Querystring: Q }>('/manage/languages/:code/', pageRoute(async (request: LanguageRequest) => {
    requireLanguages(request);
    const lang = await c.languages.getVisible(request.actor, request.params.code);
    const viewer = viewerOf(request);
    return languageEditPage({ viewer, code: lang.code, name: lang.name, form: { viewer, values: valuesOfLanguage(lang) }, notice: request.query.done });
  }));

  app.post<{ Params: { code: string }; Querystring: Q }>('/manage/languages/:code/', formConfig, pageRoute(async (request: LanguageRequest, reply) => {
    requireFormWrite(request);
    const lang = await c.languages.getVisible(request.actor, request.params.code);
    const values = languageValues((request.body ?? {}) as Body);
    try {
      // What PUT /api/languages/<code>/ does: the whole language, validated as one.
      const row = await c.languages.update(request.actor, lang, languageInput(values), false);
      return redirect(reply, `/manage/languages/${encodeURIComponent(row.code)}/?done=language_saved`);
    } catch (e) {
      if (!(e instanceof ValidationError)) throw e;
      const viewer = viewerOf(request);
      return sendHtml(reply, 400, languageEditPage({ viewer, code: lang.code, name: lang.name, form: { viewer, values, errors: languageErrors(e) } }));
    }
  }));

  // ---------------------------------------------------------------- tasks
  const listed = (t: Omit<ListedTask, 'created' | 'updated'> & { created: unknown; updated: unknown }): ListedTask => ({ ...t, created: String(t.created), updated: String(t.updated) });

  app.get<{ Querystring: Q }>('/manage/tasks/', pageRoute(async (request) => {
    requireSuperuser(request);
    const status = ['queued', 'running', 'failed', 'done'].includes(request.query.status ?? '') ? request.query.status! : '';
    const offset = offsetOf(request.query);
    const list = c.taskControl.recent(request.actor, status || null);
    const [total, rows] = await Promise.all([list.count(), list.page(PAGE, offset)]);
    return manageTasksPage({ viewer: viewerOf(request), status, offset, total, limit: PAGE, tasks: rows.map(listed) });
  }));

  app.get<{ Params: { id: string } }>('/manage/tasks/:id/', pageRoute(async (request: FastifyRequest<{ Params: { id: string } }>) => {
    requireSuperuser(request);
    return taskPage({ viewer: viewerOf(request), task: listed(await c.taskControl.getVisible(request.actor, request.params.id)) });
  }));

  // ---------------------------------------------------------------- health and configuration
  app.get('/manage/health/', pageRoute(async (request) => {
    requireSuperuser(request);
    const readiness = await c.health.readiness();
    const cfg = c.config;
    const yes = (b: boolean) => (b ? tr('yes') : tr('no'));
    return healthPage({
      viewer: viewerOf(request),
      status: readiness.status,
      checks: Object.entries(readiness.checks).map(([name, r]) => ({ name, ok: r.ok, text: r.error ?? r.detail ?? '' })),
      // Kinds and switches only: addresses of the database, Redis and the mail server may hold passwords.
      settings: [
        { name: tr('Database'), value: cfg.databaseUrl.startsWith('postgres') ? 'PostgreSQL' : 'SQLite' },
        { name: 'Redis', value: cfg.redisUrl ? tr('yes: the task queue and the shared limits use it') : tr('no: tasks run in this process') },
        { name: tr('Mail'), value: c.mail.configured ? tr('configured, from {address}', { address: cfg.emailFrom }) : tr('not configured: messages stay in the outbox') },
        { name: tr('Site URL'), value: cfg.siteUrl ?? tr('not set: taken from each request') },
        { name: tr('Registration open'), value: yes(cfg.registrationOpen) },
        { name: tr('Single sign-on (OIDC)'), value: cfg.oidc ? tr('configured: {provider}', { provider: cfg.oidc.name }) : tr('not configured') },
        { name: tr('Repository hooks'), value: yes(cfg.enableHooks) },
        { name: tr('Metrics endpoint'), value: yes(cfg.metricsToken !== null) },
      ],
    });
  }));
}
