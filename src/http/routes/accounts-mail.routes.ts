// Account pages reached by e-mail and the invitation API: password reset, registration, invitations, address change, the outbox.
import crypto from 'node:crypto';
import { ntr, tr } from '../../ui/i18n.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import type { UserRow } from '../../db/schema.js';
import { LinkError } from '../../services/accounts/account-links.js';
import { PermissionDeniedError, ValidationError } from '../../shared/errors.js';
import {
  acceptInvitationPage,
  confirmEmailPage,
  confirmRegistrationPage,
  emailChangePage,
  invitePage,
  messagePage,
  outboxPage,
  registerPage,
  resetPasswordPage,
  resetRequestPage,
  type FormErrors,
} from '../../ui/account-pages.js';
import { bodyOf, clientOrigin } from '../context.js';
import { redisKeyPrefix } from '../plugins/rate-limit.js';
import { MemoryRateLimitStore, RedisRateLimitStore, type RateLimitStore } from '../rate-limit-store.js';
import { resource } from '../resource.js';
import { IdParams } from '../schemas/common.js';
import type { SessionAuth } from '../session-auth.js';
import { formErrorsOf, refusedForm, sendHtml, str, uiKit, type Body } from '../ui-kit.js';
import { requestBaseUrl } from '../urls.js';
import { teamName } from '../../ui/builtin-names.js';

/** What these routes use of the container. */
export type AccountsMailDeps = Pick<Container, 'config' | 'secretKey' | 'accountMail' | 'invitations' | 'mail' | 'sessions' | 'teams' | 'components' | 'stats' | 'translations' | 'users'>;

type SecretRequest = FastifyRequest<{ Params: { secret: string } }>;

const InviteBody = Type.Object(
  { email: Type.String({ description: 'The address to invite.', maxLength: 254 }) },
  { additionalProperties: false, examples: [{ email: 'translator@example.com' }] },
);
const InvitationSchema = Type.Object(
  {
    status: Type.Union([Type.Literal('invited'), Type.Literal('joined')], { description: '`invited`: a link to create an account went to the address; `joined`: the account that has this address joined the team.' }),
    email: Type.String(),
    username: Type.Union([Type.String(), Type.Null()], { description: 'The account that joined (status `joined`).' }),
  },
  { examples: [{ status: 'invited', email: 'translator@example.com', username: null }] },
);

/** Field errors of a refused form, by field; errors of no field under "". */
export function accountsMailRoutes(app: FastifyInstance, c: AccountsMailDeps, auth: SessionAuth): void {
  const { viewerOf, pageRoute, requireFormWrite, formConfig, redirect } = uiKit(c);
  const base = (request: FastifyRequest) => c.config.siteUrl ?? requestBaseUrl(request);
  const mailConfigured = () => c.mail.configured;

  // Requests that send mail are limited per client address and per recipient, in Redis when it is configured.
  let redisWarned = false;
  const limits: RateLimitStore = c.config.redisUrl
    ? new RedisRateLimitStore(c.config.redisUrl, `${redisKeyPrefix(c.secretKey)}mail:`, (error) => {
        if (!redisWarned) app.log.warn({ err: error }, 'mail request limits: Redis is unreachable; requests that send mail are not limited');
        redisWarned = true;
      })
    : new MemoryRateLimitStore();
  app.addHook('onClose', async () => limits.close());
  /** Seconds to wait when the client or the address asked for too many messages; 0 when the request may go on. */
  const throttled = async (request: FastifyRequest, recipient: string): Promise<number> => {
    const { requests, windowSeconds } = c.config.emailRateLimit;
    const now = Date.now();
    const keys = [`ip:${request.ip}`, ...(recipient ? [`to:${crypto.createHash('sha256').update(recipient.trim().toLowerCase()).digest('hex')}`] : [])];
    let wait = 0;
    for (const key of keys) {
      try {
        const hit = await limits.hit(key, requests, windowSeconds * 1000, now);
        if (!hit.allowed) wait = Math.max(wait, hit.oldestMs === null ? windowSeconds : Math.max(1, Math.ceil((windowSeconds * 1000 - (now - hit.oldestMs)) / 1000)));
      } catch (error) {
        request.log.warn({ err: error }, 'mail request limits: counter store failed; request not limited');
      }
    }
    return wait;
  };
  const throttledPage = (request: FastifyRequest, reply: FastifyReply, seconds: number) =>
    sendHtml(reply.header('Retry-After', String(seconds)), 429, messagePage({ viewer: viewerOf(request), title: tr('Too many requests'), status: 'error', message: ntr('Too many messages were asked for. Try again in {n} second.', 'Too many messages were asked for. Try again in {n} seconds.', seconds) }));

  /** A page for a link that does not work: what is wrong, and nothing changed. */
  const linkProblem = (request: FastifyRequest, reply: FastifyReply, e: LinkError, again: { href: string; label: string } | null) =>
    sendHtml(reply, 400, messagePage({ viewer: viewerOf(request), title: tr('This link does not work'), status: 'error', message: e.message, ...(again ? { link: again } : {}) }));

  /** Renders the form again with the refused fields' messages (400), or the link problem page; other errors go on. */
  const refused = (request: FastifyRequest, reply: FastifyReply, e: unknown, form: (errors: FormErrors) => string, again: { href: string; label: string } | null = null) => {
    if (e instanceof LinkError) return linkProblem(request, reply, e, again);
    if (e instanceof ValidationError) return sendHtml(reply, 400, form(formErrorsOf(e)));
    throw e;
  };

  const signIn = async (request: FastifyRequest, reply: FastifyReply, user: UserRow) => {
    const { token } = await c.sessions.create(user.id, auth.cookieToken(request));
    await c.users.recordLogin(user.id, clientOrigin(request), 'link');
    reply.removeHeader('set-cookie');
    auth.setCookie(request, reply, token);
  };

  const formValues = (body: Body, names: string[]) => Object.fromEntries(names.map((n) => [n, str(body[n])]));

  // ---------------------------------------------------------------- password reset
  const RESET_AGAIN = () => ({ href: '/accounts/reset/', label: tr('Ask for a new link') });

  app.get('/accounts/reset/', pageRoute(async (request) => resetRequestPage({ viewer: viewerOf(request), mailConfigured: mailConfigured() })));

  // Anonymous forms have no session token: a request from another site is refused by the Origin/Referer check.
  app.post('/accounts/reset/', formConfig, pageRoute(async (request, reply) => {
    auth.checkSameOrigin(request);
    const body = (request.body ?? {}) as Body;
    const email = str(body.email).trim();
    const page = (errors: FormErrors) => resetRequestPage({ viewer: viewerOf(request), mailConfigured: mailConfigured(), values: { email }, errors });
    const wait = await throttled(request, email);
    if (wait) return throttledPage(request, reply, wait);
    try {
      await c.accountMail.requestReset(email, base(request));
    } catch (e) {
      return refused(request, reply, e, page);
    }
    // The same answer whether the address has an account or not.
    return messagePage({ viewer: viewerOf(request), title: tr('Check your mailbox'), message: tr('If an account uses this address, a message with a link to choose a new password is on its way there.') });
  }));

  app.get<{ Params: { secret: string } }>('/accounts/reset/:secret/', pageRoute(async (request: SecretRequest, reply) => {
    const form = (errors: FormErrors = {}, username = '') => resetPasswordPage({ viewer: viewerOf(request), mailConfigured: mailConfigured(), action: request.url, username, errors });
    try {
      return form({}, (await c.accountMail.resetAccount(request.params.secret)).username);
    } catch (e) {
      return refused(request, reply, e, form, RESET_AGAIN());
    }
  }));

  app.post<{ Params: { secret: string } }>('/accounts/reset/:secret/', formConfig, pageRoute(async (request: SecretRequest, reply) => {
    auth.checkSameOrigin(request);
    const body = (request.body ?? {}) as Body;
    let username = '';
    const form = (errors: FormErrors) => resetPasswordPage({ viewer: viewerOf(request), mailConfigured: mailConfigured(), action: request.url, username, errors });
    try {
      username = (await c.accountMail.resetAccount(request.params.secret)).username;
      const user = await c.accountMail.completeReset(request.params.secret, str(body.password), str(body.password2));
      // A mailbox is no second factor: an account that has one signs in with the new password and its factor.
      if (user.has_2fa === 1) {
        return messagePage({ viewer: viewerOf(request), title: tr('Password set'), message: tr('Your new password is set. Sign in with it and your second factor.'), link: { href: '/accounts/login/', label: tr('Sign in') } });
      }
      await signIn(request, reply, user);
      return redirect(reply, '/?done=password');
    } catch (e) {
      return refused(request, reply, e, form, RESET_AGAIN());
    }
  }));

  // ---------------------------------------------------------------- registration
  const closed = (request: FastifyRequest, reply: FastifyReply) =>
    sendHtml(reply, 403, messagePage({ viewer: viewerOf(request), title: tr('Registration is closed'), status: 'error', message: tr('Registration is closed on this server. Ask an administrator for an invitation.') }));

  app.get('/accounts/register/', pageRoute(async (request, reply) => {
    if (!c.accountMail.registration) return closed(request, reply);
    return registerPage({ viewer: viewerOf(request), mailConfigured: mailConfigured() });
  }));

  app.post('/accounts/register/', formConfig, pageRoute(async (request, reply) => {
    auth.checkSameOrigin(request);
    if (!c.accountMail.registration) return closed(request, reply);
    const body = (request.body ?? {}) as Body;
    const values = formValues(body, ['username', 'full_name', 'email']);
    const page = (errors: FormErrors) => registerPage({ viewer: viewerOf(request), mailConfigured: mailConfigured(), values, errors });
    const wait = await throttled(request, values.email!);
    if (wait) return throttledPage(request, reply, wait);
    try {
      await c.accountMail.register({ username: values.username!, email: values.email!, full_name: values.full_name! }, base(request));
    } catch (e) {
      return refused(request, reply, e, page);
    }
    return messagePage({ viewer: viewerOf(request), title: tr('Check your mailbox'), message: tr('A message with a link to confirm the address and choose a password is on its way to it.') });
  }));

  const REGISTER_AGAIN = () => ({ href: '/accounts/register/', label: tr('Register again') });

  app.get<{ Params: { secret: string } }>('/accounts/register/:secret/', pageRoute(async (request: SecretRequest, reply) => {
    if (!c.accountMail.registration) return closed(request, reply);
    try {
      const r = await c.accountMail.registrationOf(request.params.secret);
      return confirmRegistrationPage({ viewer: viewerOf(request), mailConfigured: mailConfigured(), action: request.url, username: r.username, email: r.email });
    } catch (e) {
      return refused(request, reply, e, () => '', REGISTER_AGAIN());
    }
  }));

  app.post<{ Params: { secret: string } }>('/accounts/register/:secret/', formConfig, pageRoute(async (request: SecretRequest, reply) => {
    auth.checkSameOrigin(request);
    if (!c.accountMail.registration) return closed(request, reply);
    const body = (request.body ?? {}) as Body;
    let shown = { username: '', email: '' };
    const form = (errors: FormErrors) => confirmRegistrationPage({ viewer: viewerOf(request), mailConfigured: mailConfigured(), action: request.url, ...shown, errors });
    try {
      shown = await c.accountMail.registrationOf(request.params.secret);
      const user = await c.accountMail.completeRegistration(request.params.secret, str(body.password), str(body.password2));
      await signIn(request, reply, user);
      return redirect(reply, '/?done=registered');
    } catch (e) {
      return refused(request, reply, e, form, REGISTER_AGAIN());
    }
  }));

  // ---------------------------------------------------------------- invitations
  const invitationForm = async (request: FastifyRequest, extra: { values?: Record<string, string>; errors?: FormErrors; sent?: string } = {}) => {
    const teams = await c.invitations.invitableTeams(request.actor);
    const siteWide = await c.invitations.canInvite(request.actor, null);
    if (!siteWide && teams.length === 0) throw new PermissionDeniedError(tr('You can not invite people.'));
    // Built-in teams by their names in the UI language.
    const named = teams.map((g) => ({ ...g, name: teamName(g) })).sort((a, b) => a.name.localeCompare(b.name));
    return invitePage({ viewer: viewerOf(request), mailConfigured: mailConfigured(), teams: named, siteWide, ...extra });
  };

  app.get('/accounts/invite/', pageRoute(async (request) => {
    if (!request.actor.authenticated) throw new PermissionDeniedError(tr('Sign in to invite people.'));
    return invitationForm(request);
  }));

  app.post('/accounts/invite/', formConfig, pageRoute(async (request, reply) => {
    requireFormWrite(request);
    const body = (request.body ?? {}) as Body;
    const values = formValues(body, ['email', 'group']);
    const group = values.group ? Number(values.group) : null;
    try {
      if (group !== null && !Number.isSafeInteger(group)) throw ValidationError.field('group', tr('Group not found.'), 'does_not_exist');
      const result = await c.invitations.invite(request.actor, { email: values.email!, groupId: group }, base(request));
      const sent = result.status === 'joined' ? tr('The account {username} of {email} joined the team.', { username: result.username ?? '', email: result.email }) : tr('An invitation is on its way to {email}.', { email: result.email });
      return sendHtml(reply, 200, await invitationForm(request, { sent, values: { group: values.group! } }));
    } catch (e) {
      return refusedForm(reply, e, (refusal) => invitationForm(request, { values, errors: formErrorsOf(refusal) }));
    }
  }));

  const invitationView = async (request: SecretRequest) => {
    const v = await c.invitations.view(request.params.secret);
    return (errors: FormErrors = {}, values: Record<string, string> = {}) =>
      acceptInvitationPage({ viewer: viewerOf(request), mailConfigured: mailConfigured(), action: request.url, email: v.email, team: v.team === null ? null : teamName({ name: v.team, internal: v.teamInternal }), inviter: v.inviter, errors, values });
  };

  app.get<{ Params: { secret: string } }>('/accounts/invitation/:secret/', pageRoute(async (request: SecretRequest, reply) => {
    try {
      return (await invitationView(request))();
    } catch (e) {
      return refused(request, reply, e, () => '', null);
    }
  }));

  app.post<{ Params: { secret: string } }>('/accounts/invitation/:secret/', formConfig, pageRoute(async (request: SecretRequest, reply) => {
    auth.checkSameOrigin(request);
    const body = (request.body ?? {}) as Body;
    const values = formValues(body, ['username', 'full_name']);
    let form = (_errors: FormErrors) => '';
    try {
      const view = await invitationView(request);
      form = (errors) => view(errors, values);
      const user = await c.invitations.accept(request.params.secret, { username: values.username!, full_name: values.full_name!, password: str(body.password), password2: str(body.password2) });
      await signIn(request, reply, user);
      return redirect(reply, '/?done=welcome');
    } catch (e) {
      return refused(request, reply, e, form, null);
    }
  }));

  resource(app, '/api/groups/:id/invite/', { name: 'Group Invitation' }, {
    POST: {
      schema: { params: IdParams, body: InviteBody, response: { 200: InvitationSchema } },
      summary: 'Invite an e-mail address into the team: a link to create an account, or the account of the address joins',
      handler: async (request: FastifyRequest<{ Params: { id: string } }>) => {
        // A team the caller does not see is not found, as on the team's other addresses.
        const group = await c.teams.getGroupVisible(request.actor, request.params.id);
        const input = bodyOf<{ email?: string }>(request);
        return c.invitations.invite(request.actor, { email: input.email ?? '', groupId: group.id }, base(request));
      },
    },
  });

  // ---------------------------------------------------------------- e-mail address change
  const signedIn = (request: FastifyRequest) => {
    if (!request.actor.authenticated || !request.actor.user) throw new PermissionDeniedError(tr('Sign in to change your e-mail address.'));
    return request.actor.user;
  };

  app.get('/accounts/email/', pageRoute(async (request) => {
    const user = signedIn(request);
    return emailChangePage({ viewer: viewerOf(request), mailConfigured: mailConfigured(), current: user.email, hasPassword: Boolean(user.password) });
  }));

  app.post('/accounts/email/', formConfig, pageRoute(async (request, reply) => {
    requireFormWrite(request);
    const user = signedIn(request);
    const body = (request.body ?? {}) as Body;
    const email = str(body.email).trim();
    const page = (errors: FormErrors) => emailChangePage({ viewer: viewerOf(request), mailConfigured: mailConfigured(), current: user.email, hasPassword: Boolean(user.password), values: { email }, errors });
    const wait = await throttled(request, email);
    if (wait) return throttledPage(request, reply, wait);
    try {
      await c.accountMail.requestEmailChange(request.actor, { email, password: str(body.password) }, base(request));
    } catch (e) {
      return refused(request, reply, e, page);
    }
    return messagePage({ viewer: viewerOf(request), title: tr('Check your mailbox'), message: tr('A message with a confirmation link is on its way to {email}. Your address changes when you follow it.', { email }) });
  }));

  app.get<{ Params: { secret: string } }>('/accounts/email/:secret/', pageRoute(async (request: SecretRequest, reply) => {
    try {
      const { user, email } = await c.accountMail.emailChangeOf(request.params.secret);
      return confirmEmailPage({ viewer: viewerOf(request), mailConfigured: mailConfigured(), action: request.url, username: user.username, email });
    } catch (e) {
      return refused(request, reply, e, () => '', { href: '/accounts/email/', label: tr('Ask for a new link') });
    }
  }));

  // Following the link only shows the page: mail scanners that open links change nothing; the button does.
  app.post<{ Params: { secret: string } }>('/accounts/email/:secret/', formConfig, pageRoute(async (request: SecretRequest, reply) => {
    auth.checkSameOrigin(request);
    try {
      const user = await c.accountMail.confirmEmailChange(request.params.secret);
      return messagePage({ viewer: viewerOf(request), title: tr('Address confirmed'), message: tr('The account {username} now uses {email}.', { username: user.username, email: user.email }), link: { href: '/', label: tr('Back to the dashboard') } });
    } catch (e) {
      return refused(request, reply, e, () => '', { href: '/accounts/email/', label: tr('Ask for a new link') });
    }
  }));

  // ---------------------------------------------------------------- the outbox
  app.get('/manage/mail/', pageRoute(async (request) => {
    if (!request.actor.authenticated) throw new PermissionDeniedError(tr('Sign in as an administrator to read the outgoing mail.'));
    const list = c.mail.outbox(request.actor);
    const [total, rows] = await Promise.all([list.count(), list.page(100, 0)]);
    return outboxPage({
      viewer: viewerOf(request),
      mailConfigured: mailConfigured(),
      total,
      messages: rows.map((m) => ({ id: m.id, created: m.created, recipient: m.recipient, subject: m.subject, status: m.status, attempts: m.attempts, lastError: m.last_error, text: m.text_body })),
    });
  }));
}

