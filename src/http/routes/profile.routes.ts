// /accounts/profile/: the signed-in user's own profile page and its forms (the same rules as the users and notifications API).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Container } from '../../container.js';
import type { UserRow } from '../../db/schema.js';
import { NOTIFICATIONS } from '../../services/activity/notifications.service.js';
import { splitComponentPath } from '../../domain/component-paths.js';
import { AppError, ValidationError } from '../../shared/errors.js';
import { profilePage, type ProfilePageData } from '../../ui/profile-page.js';
import type { SessionAuth } from '../session-auth.js';
import { errorText, sendHtml, str, uiKit, type Body } from '../ui-kit.js';
import { tr } from '../../ui/i18n.js';
import { uiCatalogs } from '../../ui/i18n-catalogs.js';
import { msgid } from '../../shared/msgid.js';
import { languageName } from '../../ui/language-names.js';

/** What these routes use of the container. */
export type ProfileDeps = Pick<Container, 'components' | 'invitations' | 'languages' | 'notifications' | 'projects' | 'sessions' | 'stats' | 'translations' | 'users'>;

const LIST_LIMIT = 1000;
const AUDIT_SHOWN = 50;
const SAVED: Record<string, string> = {
  account: msgid('Your account is saved.'),
  languages: msgid('Your languages are saved.'),
  watched: msgid('Your watched projects are saved.'),
  notifications: msgid('Your notification settings are saved.'),
  sessions: msgid('Your other sessions are signed out.'),
};

/** The languages Parla's pages are available in, each named in its own language. */
function interfaceLanguages(): { code: string; name: string }[] {
  return uiCatalogs()
    .codes()
    .map((code) => ({ code, name: new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code }));
}

/** A form field that may repeat: every value as a string. */
function list(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string' && v !== '');
  return typeof value === 'string' && value !== '' ? [value] : [];
}

export function profileRoutes(app: FastifyInstance, c: ProfileDeps, auth: SessionAuth): void {
  const { viewerOf, pageRoute, requireFormWrite, formConfig, redirect } = uiKit(c);

  const me = (request: FastifyRequest): UserRow | null => request.actor.user ?? null;

  const render = async (request: FastifyRequest, user: UserRow, extra: Partial<Pick<ProfilePageData, 'notice' | 'errors'>> & { freshToken?: string } = {}): Promise<string> => {
    const actor = request.actor;
    const profile = (await c.users.profiles(actor, [user])).get(user.id);
    const [languages, projects, subscriptions, token, sessions, invite] = await Promise.all([
      c.languages.page(actor, LIST_LIMIT, 0),
      c.projects.page(actor, LIST_LIMIT, 0),
      c.notifications.page(actor, user, LIST_LIMIT, 0),
      c.users.tokenInfo(user.id),
      c.sessions.listForUser(user.id, request.session?.id ?? null),
      c.invitations.mayInvite(actor),
    ]);
    const audit = c.users.auditLog(user);
    const entries = await c.users.auditViews(await audit.page(AUDIT_SHOWN, 0));
    return profilePage({
      viewer: viewerOf(request),
      username: user.username,
      fullName: user.full_name,
      email: user.email,
      languages: profile?.languages ?? [],
      secondaryLanguages: profile?.secondary_languages ?? [],
      watched: profile?.watched ?? [],
      languageOptions: languages.map((l) => ({ code: l.code, name: languageName(l.code, l.name) })).sort((a, b) => a.name.localeCompare(b.name)),
      interfaceLanguage: profile?.language ?? '',
      interfaceOptions: interfaceLanguages(),
      projectOptions: projects.map((p) => ({ slug: p.slug, name: p.name })),
      subscriptions: subscriptions.map((s) => ({
        id: s.id,
        notification: s.notification,
        scope: s.scope,
        frequency: s.frequency,
        project: s.project_slug,
        component: s.component_slug && s.component_project_slug ? `${s.component_project_slug}/${s.component_slug}` : null,
      })),
      notificationNames: NOTIFICATIONS,
      token: { created: token?.created ?? null, fresh: extra.freshToken ?? null },
      sessions,
      audit: entries,
      links: { invite, outbox: actor.isSuperuser },
      notice: extra.notice ?? null,
      errors: extra.errors ?? null,
    });
  };

  const signInFirst = (reply: FastifyReply) => redirect(reply, `/accounts/login/?next=${encodeURIComponent('/accounts/profile/')}`);

  app.get<{ Querystring: { saved?: string } }>(
    '/accounts/profile/',
    pageRoute(async (request, reply) => {
      const user = me(request);
      if (!user) return signInFirst(reply);
      const saved = SAVED[request.query.saved ?? ''];
      return render(request, user, { notice: saved ? tr(saved) : null });
    }),
  );

  /** Adds the subscription the notifications form names, if it names one. */
  const addSubscription = async (request: FastifyRequest, user: UserRow, body: Body): Promise<void> => {
    const notification = str(body.add_notification);
    if (!notification) return;
    const input = { notification, scope: str(body.add_scope), frequency: str(body.add_frequency) };
    const where = str(body.add_target).trim().replace(/^\/+|\/+$/g, '');
    if (!where) return void (await c.notifications.create(request.actor, user, input));
    const [projectSlug, ...rest] = where.split('/');
    const project = await c.projects.getVisible(request.actor, projectSlug!).catch(() => null);
    if (!project) throw ValidationError.field('add_target', tr('No project "{project}" that you can see.', { project: projectSlug! }));
    if (rest.length === 0) return void (await c.notifications.create(request.actor, user, input, { projectId: project.id, componentId: null }));
    const { categoryPath, slug } = splitComponentPath(rest.join('/'));
    const refs = await c.components.getVisible(request.actor, project.slug, categoryPath + slug).catch(() => null);
    if (!refs) throw ValidationError.field('add_target', tr('No component "{component}" in {project} that you can see.', { component: rest.join('/'), project: project.slug }));
    await c.notifications.create(request.actor, user, input, { projectId: project.id, componentId: refs.component.id });
  };

  app.post(
    '/accounts/profile/',
    formConfig,
    pageRoute(async (request, reply) => {
      const user = me(request);
      if (!user) return signInFirst(reply);
      requireFormWrite(request);
      const body = (request.body ?? {}) as Body;
      const section = str(body.section);
      try {
        switch (section) {
          case 'account':
            await c.users.update(request.actor, user, { full_name: str(body.full_name) });
            break;
          case 'languages':
            await c.users.update(request.actor, user, {
              profile: { language: str(body.language), languages: list(body.languages), secondary_languages: list(body.secondary_languages) },
            });
            break;
          case 'watched':
            await c.users.update(request.actor, user, { profile: { watched: list(body.watched) } });
            break;
          case 'notifications': {
            const current = await c.notifications.page(request.actor, user, LIST_LIMIT, 0);
            for (const s of current) {
              const wanted = str(body[`frequency_${s.id}`]);
              if (wanted !== '' && wanted !== String(s.frequency)) await c.notifications.update(request.actor, user, String(s.id), { frequency: wanted }, true);
            }
            await addSubscription(request, user, body);
            break;
          }
          case 'token': {
            // The new token is shown on this answer only: it is never stored in the clear.
            const token = await c.users.rotateToken(user.id, undefined, request.actor);
            return render(request, user, { freshToken: token, notice: tr('A new API token replaces the old one.') });
          }
          case 'sessions':
            if (str(body.end) === 'all') {
              await c.sessions.destroyForUser(user.id);
              auth.clearCookie(request, reply);
              return redirect(reply, '/accounts/login/?next=%2Faccounts%2Fprofile%2F');
            }
            if (request.session) await c.sessions.destroyOthers(user.id, request.session.id);
            break;
          default:
            throw ValidationError.field('section', tr('Unknown form.'));
        }
      } catch (e) {
        if (!(e instanceof ValidationError)) throw e;
        const messages = e.fieldErrors.length ? e.fieldErrors.map((f) => (f.attr ? `${f.attr}: ${tr(f.detail)}` : tr(f.detail))) : [errorText(e as AppError)];
        return sendHtml(reply, 400, await render(request, user, { errors: { section, messages } }));
      }
      return redirect(reply, `/accounts/profile/?saved=${encodeURIComponent(section)}`);
    }),
  );
}
